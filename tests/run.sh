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
# Tests named on the command line run as asked. Otherwise every layer without a browser runs on
# both cores (pytest-xdist, a file's tests on one worker), then the browser tests one at a time:
# each drives Chromium and app servers of its own, and two at once on two cores slow both into
# their timeouts. They all live in tests/browser/: collecting only that folder spares importing
# every other layer's tests a second time.
if [ $# -gt 0 ]; then
    exec .venv/bin/python -m pytest "$@"
fi
.venv/bin/python -m pytest -m "not browser" -n 2 --dist loadfile --durations=10
.venv/bin/python -m pytest -m browser tests/browser --durations=15
