#!/usr/bin/env sh
# The server tests also run on a real PostgreSQL (Debian's postgresql 15); install it when it is missing.
set -eu
if [ -x "${PG_BIN_DIR:-/usr/lib/postgresql/15/bin}/initdb" ]; then exit 0; fi
echo "Installing Debian's postgresql for the server tests…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
