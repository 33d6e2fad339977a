#!/bin/sh
# net_tls_e2e.sh: the game over TLS in tmux (issue 33 section 4): congo
# --connect tls://127.0.0.1:PORT to a congo-server --tls-listen with a
# self-signed certificate made here by openssl. The first use asks
# whether to trust it, showing its SHA-256 (openssl's fingerprint); yes
# pins it in $XDG_DATA_HOME/congo/known_servers (the line written) and a
# game is played (White creates, Black
# joins, a move each); --register works over TLS; the certificate replaced
# (SIGHUP), a new connection is refused, naming the file and the line to
# remove, and nothing is sent; with --tls-ca FILE that trusts the new one,
# it is checked against FILE instead and goes on.
#
# Exit status: 0 pass, 1 fail, 77 skipped (no tmux or openssl).

set -u

command -v openssl >/dev/null 2>&1 || { echo "no openssl: skipped"; exit 77; }
tmux_prefix=ctls pane=w
. "$(dirname "$0")/tmux_lib.sh"
net_screens="w b r x y" run_width=120
. "$(dirname "$0")/tmux_net_lib.sh"
wait_log() {
	_deadline=$(($(date +%s) + 10))
	until grep -q "$1" "$tmp/server.log"; do
		[ "$(date +%s)" -gt "$_deadline" ] && fail "the log never said $1"
		sleep 0.05
	done
}
. "$(dirname "$0")/tls_lib.sh"

net_home
T new-session -d -s keep -x 80 -y 24 "sleep 600" || exit 99

note "a server with a self-signed certificate"
tls_cert a
tls_cert b
cp "$tmp/a.crt" "$tmp/cur.crt"
cp "$tmp/a.key" "$tmp/cur.key"
"$server" --port none --db "$tmp/games.db" --create \
    --tls-listen 127.0.0.1:0 --tls-cert "$tmp/cur.crt" \
    --tls-key "$tmp/cur.key" 2>"$tmp/server.log" &
spid=$!
wait_log "CGP/1 over TLS on"
tport=$(sed -n 's/.*CGP\/1 over TLS on .* (port \([0-9]*\)).*/\1/p' \
    "$tmp/server.log")
url="tls://127.0.0.1:$tport"
known="$tmp/data/congo/known_servers"
fp_a=$(openssl x509 -in "$tmp/a.crt" -outform DER | sha256sum | cut -d' ' -f1)

note "first use: asked, pinned on yes, and a game over TLS"
run w --connect "$url" --create --seat white --name ann
wait_for w "SHA256:$fp_a"
T send-keys -t "=w:" y
wait_for w "Game [A-Z2-7]{8}"
game=$(screen w | sed -n 's/.*Game \([A-Z2-7]\{8\}\).*/\1/p' | head -n 1)
[ -f "$known" ] || fail "no $known"
grep -qx "127.0.0.1:$tport SHA256:$fp_a" "$known" ||
    fail "the pin is not a's fingerprint: $(cat "$known")"
line=$(grep -n "127.0.0.1:$tport " "$known" | cut -d: -f1)
run b --connect "$url" --join "$game" --seat black --name bob
wait_for b "White +ann\(guest\) \(network\)"
cmd w c2c3
wait_for b "1\. c2c3"
cmd b b6c5
wait_for w "1\. c2c3 b6c5"
[ "$(grep -c "127.0.0.1:$tport " "$known")" = 1 ] || fail "pinned twice"

note "--register over TLS"
run r --connect "$url" --register carol
wait_for r "registered carol on 127\.0\.0\.1"

note "the certificate changed: refused, naming the file and the line"
cp "$tmp/b.crt" "$tmp/cur.crt"
cp "$tmp/b.key" "$tmp/cur.key"
kill -HUP "$spid"
wait_log "read again"
run x --connect "$url" --observe "$game"
_deadline=$(($(date +%s) + 15))
while [ ! -s "$tmp/x.status" ] && [ "$(date +%s)" -le "$_deadline" ]; do
	sleep 0.05
done
[ "$(cat "$tmp/x.status" 2>/dev/null)" = 1 ] || fail "x: not refused"
screen x | tr -d '\n' | grep -q "REFUSED" || fail "x: no REFUSED"
screen x | tr -d '\n' | grep -q "known_servers line $line" ||
    fail "x: the file and line $line are not named"
grep -q "client=congo" "$tmp/server.log" && fail "a HELLO was logged"
grep -qx "127.0.0.1:$tport SHA256:$fp_a" "$known" || fail "the pin changed"

note "--tls-ca: checked against the file, not the pin"
run y --connect "tls://localhost:$tport" --tls-ca "$tmp/b.crt" \
    --observe "$game"
wait_for y "Game $game \(watching\)"
wait_for y "1\. c2c3 b6c5"
echo "net_tls_e2e.sh: ok (the refusal: $(screen x | tr -d '\n' | sed 's/  */ /g' | cut -c1-300))"
exit 0
