#!/usr/bin/env sh
# The tests use Debian's Chromium (end-to-end; browsers are never downloaded) and Debian's PostgreSQL 15 (the
# server tests run on it too). Install whichever is missing, with one package-list update.
set -eu
missing=""
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then missing="$missing chromium"; fi
if [ ! -x "${PG_BIN_DIR:-/usr/lib/postgresql/15/bin}/initdb" ]; then missing="$missing postgresql"; fi
if [ -z "$missing" ]; then exit 0; fi
echo "Installing Debian's$missing for the tests…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
# shellcheck disable=SC2086 # the package names are meant to split
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
