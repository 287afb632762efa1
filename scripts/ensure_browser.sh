#!/usr/bin/env bash
# Headless Chromium and its driver for the browser tests (tests/browser/), from Debian's
# packages. A no-op when both are there. As root (CI) it installs them; elsewhere it tries
# sudo without a password prompt, and otherwise says how, so the tests skip locally (in CI,
# CI=true, a missing browser fails them instead).
set -euo pipefail
if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "warning: no apt-get here: install chromium and chromedriver to run tests/browser" >&2
    exit 0
fi
if [ "$(id -u)" = 0 ]; then
    SUDO=()
elif sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
else
    echo "warning: run 'sudo apt-get install chromium chromium-driver' to run tests/browser" >&2
    exit 0
fi
echo "installing chromium and chromium-driver (browser tests)"
"${SUDO[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq chromium chromium-driver >/dev/null
