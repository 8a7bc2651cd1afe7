#!/usr/bin/env bash
# Set up and run every check: lint, format, and all tests (browser tests included).
# Works on a new machine that has only Python, pip and Debian's package manager.
set -euo pipefail
cd "$(dirname "$0")/.."

# Browser tests drive Debian's Chromium (Playwright never downloads a browser of its own);
# engine tests also run on a throwaway PostgreSQL server of their own; the JupyterHub test runs
# the hub's proxy (configurable-http-proxy, from npm) on Node.js; the two-server test puts
# nginx in front of two app servers.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
compgen -G "/usr/lib/postgresql/*/bin/initdb" > /dev/null || missing+=(postgresql)
command -v npm > /dev/null || missing+=(nodejs npm)
command -v nginx > /dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx)
# The image's test builds the Dockerfile on a daemon of its own, on a base image it makes.
[ -x /usr/sbin/dockerd ] || missing+=(docker.io)
[ -x /usr/bin/docker-compose ] || missing+=(docker-compose)
[ -x /usr/sbin/debootstrap ] || missing+=(debootstrap)
if [ ${#missing[@]} -gt 0 ]; then
    sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
[ -d .venv ] || python3 -m venv .venv
.venv/bin/pip install -q --disable-pip-version-check -e '.[test]'
[ -x tests/hub/node_modules/.bin/configurable-http-proxy ] ||
    npm ci --prefix tests/hub --no-audit --no-fund --loglevel=error

.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/lint-imports
.venv/bin/mypy  # the engine's type hints, strict ([tool.mypy] in pyproject.toml)
# `tests/run.sh --quick` is the inner loop: lint, imports, units and engine, no page and no
# browser (about a minute and a half here). Tests named on the command line run as asked.
# Otherwise every layer without a browser runs on both cores (pytest-xdist, a file's tests on
# one worker), then the browser tests on both cores too, each worker with its own app servers
# and Chromium, a module's tests on one worker (they share its servers), the modules that play
# whole games handed out first (tests/browser/conftest.py). Each layer's time is printed, and
# its ten slowest tests. docs/testing.md says what each layer is for.
layer() {  # layer NAME PYTEST-ARGS...: run one layer and say how long it took
    local name=$1 start=$SECONDS status=0
    shift
    .venv/bin/python -m pytest "$@" || status=$?
    echo "== layer '$name': $((SECONDS - start)) s (pytest exit $status)"
    return $status
}
if [ "${1:-}" = "--quick" ]; then
    layer quick -m "not browser" tests/ui tests/engine -n 2 --dist loadfile --durations=10
    exit
fi
if [ $# -gt 0 ]; then
    exec .venv/bin/python -m pytest "$@"
fi
layer "without a browser" -m "not browser and not install and not image" -n 2 --dist loadfile --durations=10
layer browser -m browser tests/browser -n 2 --dist loadgroup --no-loadscope-reorder --durations=10
# The wheel built, installed in a new environment and served (printing each step's time).
layer install -m install tests/browser -s
# The Dockerfile's images built and compose.yaml's stack played through (root; each step's time).
layer image -m image tests/browser -s
