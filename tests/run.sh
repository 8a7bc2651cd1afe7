#!/usr/bin/env bash
# Set up and run every check: lint, format, and all tests (browser tests included).
# Works on a new machine that has only Python, pip and Debian's package manager.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
    # Browser tests drive Debian's Chromium; Playwright never downloads a browser of its own.
    if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium
    else sudo apt-get update -qq && sudo apt-get install -y -qq chromium; fi
fi
[ -d .venv ] || python3 -m venv .venv
.venv/bin/pip install -q --disable-pip-version-check -e '.[test]'

.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/python -m pytest "$@"
