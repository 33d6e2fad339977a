#!/bin/sh
# test_options.sh: the command lines of congo (each mode) and congo-server:
# a bad option, a missing value or a stray word is refused with exit status
# 2 and a message naming it; --help and --version win over the rest.
# Exit status: 0 pass, 1 fail, 99 hard error.
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
congo="$builddir/src/congo"
server="$builddir/src/congo-server"
for p in "$congo" "$server"; do
	[ -x "$p" ] || { echo "error: $p not built"; exit 99; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/congo-opts.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
# No user config or database is read or made.
export HOME="$tmp" XDG_CONFIG_HOME="$tmp/c" XDG_STATE_HOME="$tmp/s"
fails=0

# expect STATUS TEXT PROGRAM ARG...: exits STATUS, TEXT in its output.
expect() {
	want=$1 text=$2
	shift 2
	"$@" < /dev/null > "$tmp/out" 2>&1
	got=$?
	if [ "$got" != "$want" ] || ! grep -qF -- "$text" "$tmp/out"; then
		echo "FAIL: $* -> status $got (want $want), output:"
		sed 's/^/  | /' "$tmp/out"
		echo "  (wanted: $text)"
		fails=$((fails + 1))
	else
		echo "ok: $*"
	fi
}

# The game (its parser runs before it looks for a terminal).
expect 2 "unknown option '--bogus'" "$congo" --bogus
expect 2 "unknown option 'stray'" "$congo" --flip stray
expect 2 "--white needs a value" "$congo" --white
expect 2 "--depth must be a number 0..64, not '65'" "$congo" --depth=65
expect 2 "--seat is white or black, not 'red'" "$congo" --connect h --seat red
expect 2 "--port 0 (any free port) is for --host" "$congo" --connect h --port 0 --create
expect 2 "--port must be a number 0..65535" "$congo" --host --port 65536
expect 2 "choose one of --create, --join, --game, --observe, --seek and --challenge" "$congo" --host --join ABCDEFGH
expect 2 "choose one of --create, --join, --game, --observe, --seek and --challenge" "$congo" --connect h --seek 5+3 --create
expect 2 "choose one of --create, --join, --game, --observe, --seek and --challenge" "$congo" --connect h --seek 5+3 --challenge ann
expect 2 "--rated goes with --seek" "$congo" --connect h --rated
expect 2 "--register: 'a b' is not an account name" "$congo" --connect h --register "a b"
expect 2 "--register already logs in: no --login with it" "$congo" --connect h --register ann --login ann
expect 2 "--register, --login, --seek, --challenge, --games and --lobby go with --connect HOST (or network.host in congo.conf)" "$congo" --host --login ann
# Challenges and your games (issue 36).
expect 2 "--rated goes with --seek or --challenge" "$congo" --connect h --rated --create
expect 2 "--challenge: 'a b' is not an account name" "$congo" --connect h --challenge "a b"
expect 2 "--days is 1, 2, 3, 5, 7, 10 or 14 (days a move), not '4'" "$congo" --connect h --challenge ann --days 4
expect 2 "--days is 1, 2, 3, 5, 7, 10 or 14 (days a move), not 'x'" "$congo" --connect h --challenge ann --days x
expect 2 "--days goes with --create, --seek or --challenge" "$congo" --connect h --join ABCDEFGH --days 3
expect 2 "--days is 1, 2, 3, 5, 7, 10 or 14 (days a move), not '4'" "$congo" --connect h --seek --days 4
expect 2 "--days is 1, 2, 3, 5, 7, 10 or 14 (days a move), not '0'" "$congo" --connect h --create --days 0
expect 2 "--seek: a clock (M+S) or --days N, not both" "$congo" --connect h --seek 5+3 --days 3
expect 2 "--seek needs a clock (M+S, e.g. --seek 5+3) or --days N" "$congo" --connect h --seek --rated
expect 2 "--days or --clock, not both" "$congo" --connect h --create --days 3 --clock 5+3
# fair play: the computer never plays one's seat of a rated game
expect 2 "--rated: in a rated game you play your seat yourself, not the computer (fair play): --white ai is for casual games" "$congo" --connect h --seek 5+3 --rated --white ai
expect 2 "--black alphabeta is for casual games" "$congo" --connect h --challenge ann --rated --black alphabeta --seat black
expect 2 "--days or --clock, not both" "$congo" --connect h --challenge ann --days 3 --clock 5+3
expect 2 "time control 'x' has no '+'" "$congo" --connect h --challenge ann --clock x
expect 2 "--games lists your games and exits: only --connect, --login, --tls-ca and --tls-trust-new go with it" "$congo" --connect h --games --create
expect 2 "--games lists your games and exits" "$congo" --connect h --games --lobby
expect 2 "--games lists your games and exits" "$congo" --connect h --games --register ann
expect 2 "network options need --connect HOST (or network.host in congo.conf) or --host" "$congo" --create
# No server configured (network.host unset by default): the same message
# for each network option without --connect, the config read first.
for o in "--seek 5+3" "--join ABCDEFGH" "--observe ABCDEFGH" "--register ann" "--login ann" "--lobby" "--games" "--challenge ann"; do
	# shellcheck disable=SC2086
	expect 2 "need --connect HOST (or network.host in congo.conf)" "$congo" $o
done
expect 2 "--lobby shows the lobby: no --create, --join, --game, --observe, --seek or --challenge with it" "$congo" --connect h --lobby --create
# A bad network.host stops congo with the file and line.
printf 'network = {\n\thost = "tls://";\n};\n' > "$tmp/bad.conf"
expect 2 "bad.conf:2: network.host must be" "$congo" --config "$tmp/bad.conf" --lobby
# A server configured: the options without --connect take it (the
# checks that follow run with it: test_plain.sh plays through it).
printf 'network = { host = "127.0.0.1:1"; };\n' > "$tmp/srv.conf"
expect 2 "--lobby shows the lobby" "$congo" --config "$tmp/srv.conf" --lobby --seek 5+3
expect 2 "--tls-ca goes with --connect tls://HOST" "$congo" --config "$tmp/srv.conf" --seek 5+3 --tls-ca x
# --tls-trust-new: TLS only, and not with --tls-ca (which pins nothing)
expect 2 "--tls-trust-new goes with --connect tls://HOST" "$congo" --config "$tmp/srv.conf" --games --tls-trust-new
expect 2 "--tls-ca trusts only its authorities: no --tls-trust-new with it" "$congo" --connect tls://h --games --tls-ca x --tls-trust-new
# congo --games takes the configured server; one that cannot be reached
# is named (status 1, nothing on stdout).
expect 1 "congo: cannot reach 127.0.0.1 port 1: " "$congo" --config "$tmp/srv.conf" --games
expect 2 "the game needs a terminal" "$congo" --white random
expect 0 "Usage: congo" "$congo" --help
# congo --help names --bot and every option of congo(6)'s BOTS synopsis
# (issue 59).
expect 0 "congo --bot --connect HOST:PORT --account NAME" "$congo" --help
manpage="${srcdir:-.}/man/congo.6"
[ -r "$manpage" ] || { echo "error: $manpage missing"; exit 99; }
bot_opts=$(sed -n '/^\.SH BOTS/,/^puts a computer player/p' "$manpage" |
    grep -oE '(\\-){2}[a-z]+(\\-[a-z]+)*' | sed 's/\\//g' | sort -u)
[ -n "$bot_opts" ] || { echo "error: no options in congo(6)'s BOTS"; exit 99; }
"$congo" --help > "$tmp/help" 2>&1
for o in $bot_opts; do
	if grep -qe "$o\b" "$tmp/help"; then
		echo "ok: congo --help has $o (congo(6) BOTS)"
	else
		echo "FAIL: congo --help lacks $o of congo(6)'s BOTS synopsis"
		fails=$((fails + 1))
	fi
done
# congo --bot --tourney: a tournament's id, no more than its connections.
expect 2 "--tourney is a tournament's id" "$congo" --bot --connect h \
    --account robo --tourney 'no/such'
expect 2 "more tournaments (--tourney) than --games-at-once" "$congo" --bot \
    --connect h --account robo --games-at-once 1 --tourney AAAAAAAA \
    --tourney BBBBBBBB
expect 0 "congo 0.1" "$congo" --version
expect 0 "congo 0.1" "$congo" -V
# The modes.
expect 2 "unknown benchmark 'speed'" "$congo" --bench speed
expect 2 "--match: unknown option '--bogus'" "$congo" --match --bogus
expect 2 "--match: option '--games' needs a value" "$congo" --match --games
expect 2 "--match: unexpected argument 'x'" "$congo" --match x
expect 2 "--match needs player A (--white or --engine-a) and player B" "$congo" --match --games 1
# The server (every error before it opens anything).
expect 2 "unrecognized option '--bogus'" "$server" --bogus
expect 2 "invalid option -- 'x'" "$server" -x
expect 2 "option '--port' requires an argument" "$server" --port
expect 2 "unexpected argument 'extra'" "$server" extra
expect 2 "--port must be a number from 0 to 65535, not 'abc'" "$server" --port=abc
expect 2 "--max-observers must be a number from 0 to 100000" "$server" --max-observers -1
expect 2 "--log-level is error, warn, info or debug, not 'loud'" "$server" -l loud
expect 2 "--db: a file name, please" "$server" --db=
expect 2 "no-such.conf" "$server" -c "$tmp/no-such.conf"
expect 0 "Usage: congo-server" "$server" --bogus --help
expect 0 "Usage: congo-server" "$server" -p 1 -h
expect 0 "congo-server 0.1" "$server" --version

[ "$fails" = 0 ] || { echo "$fails failed"; exit 1; }
exit 0
