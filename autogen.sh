#!/bin/sh
# Installs the Debian packages Congo needs to build and test (when run as
# root, or with sudo available), then generates ./configure.
set -e
PKGS="build-essential autoconf automake pkg-config libncurses-dev libconfig-dev \
libcmocka-dev libsqlite3-dev tmux procps gcovr libpq-dev libsodium-dev libmicrohttpd-dev \
libtls-dev openssl gettext autopoint"
missing=""
if command -v dpkg-query >/dev/null 2>&1; then
	for p in $PKGS; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
	done
fi
if [ -n "$missing" ]; then
	echo "autogen.sh: installing:$missing"
	if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing
fi
cd "$(dirname "$0")"
autoreconf -fi
