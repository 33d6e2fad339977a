#!/bin/sh
# net_bot_paired_all.sh: a tournament's PAIRED told on every connection of
# a real `congo --bot` is played by one of them only (a fake server tells
# it on all three; net_bot_paired_all.py).
#
# Exit status: 0 pass, 1 fail, 77 skipped (no python3), 99 hard error.

set -u
command -v python3 >/dev/null 2>&1 || exit 77
here=$(cd "$(dirname "$0")" && pwd)
congo=${CONGO:-${CONGO_BUILDDIR:-$here/..}/src/congo}
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
umask 077
if ! python3 "$here/net_bot_paired_all.py" "$tmp" "$congo"; then
	tail -n 30 "$tmp/bot.log"
	exit 1
fi
exit 0
