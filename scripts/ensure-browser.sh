#!/usr/bin/env bash
# Makes sure a Chromium for the Playwright tests exists. Playwright cannot download its own
# browser on machines without internet, so we use Debian's `chromium` package (as root: installed
# with apt-get when missing). CHROMIUM_PATH points elsewhere if you have another build.
set -euo pipefail
if [[ -n "${CHROMIUM_PATH:-}" || -x /usr/bin/chromium ]]; then exit 0; fi
if command -v apt-get >/dev/null 2>&1; then
  SUDO=""
  if [[ "$(id -u)" -ne 0 ]]; then SUDO="sudo"; fi
  echo "ensure-browser: installing Debian chromium for the browser tests" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "ensure-browser: no /usr/bin/chromium; Playwright will try its own browser (npx playwright install chromium)" >&2
