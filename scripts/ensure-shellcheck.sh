#!/usr/bin/env bash
# Makes sure shellcheck exists before the unit tests: src/export/shell.test.ts checks every script
# the exports write with it, and without it those tests would be skipped. As root (or with sudo) it
# installs Debian's shellcheck package with apt-get, as scripts/ensure-browser.sh does Chromium;
# otherwise it stops the run with a sentence saying how to install it, never skipping silently.
set -euo pipefail
if command -v shellcheck >/dev/null 2>&1; then exit 0; fi
if command -v apt-get >/dev/null 2>&1; then
  SUDO=""
  if [[ "$(id -u)" -ne 0 ]] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
  if [[ "$(id -u)" -eq 0 || -n "$SUDO" ]]; then
    echo "ensure-shellcheck: installing Debian shellcheck for the unit tests (src/export/shell.test.ts)" >&2
    # A failed install falls through to the sentence below.
    if $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq shellcheck >/dev/null; then
      if command -v shellcheck >/dev/null 2>&1; then exit 0; fi
    fi
  fi
fi
echo "ensure-shellcheck: shellcheck is missing and could not be installed; the unit tests need it to check the exported scripts (src/export/shell.test.ts). Install it (Debian/Ubuntu: sudo apt-get install shellcheck; macOS: brew install shellcheck) and run the tests again." >&2
exit 1
