#!/usr/bin/env sh
# End-to-end tests use Debian's Chromium (browsers are never downloaded); install it when it is missing.
set -eu
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then exit 0; fi
echo "Installing Debian's chromium for the end-to-end tests…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
