#!/bin/sh
# net_layers.sh: src/net's parts include one another one way only. Each
# part's files (src/net/PART/*.c, *.h) may include the headers of their own
# part and of the parts below it, and nothing else of src/net:
#
#   proto    nothing (CGP/1 itself, pure)
#   store    proto
#   server   proto, store
#   client   proto
#
# A file that includes another part's header (or a header left in src/net
# itself) against these rules is named with its line; a cycle between the
# parts is named too (tsort). Exit 0 when all is well, 1 otherwise.
srcdir=${CONGO_SRCDIR:-${srcdir:-.}}
net="$srcdir/src/net"
[ -d "$net/proto" ] || { echo "net_layers.sh: no $net/proto"; exit 1; }

allowed() {
	case $1 in
	proto) echo "proto" ;;
	store) echo "store proto" ;;
	server) echo "server store proto" ;;
	client) echo "client proto" ;;
	esac
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/congo-layers.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
: > "$tmp/edges"
: > "$tmp/bad"
nfiles=0
for part in proto store server client; do
	[ -d "$net/$part" ] || continue
	for f in "$net/$part"/*.c "$net/$part"/*.h; do
		[ -f "$f" ] || continue
		nfiles=$((nfiles + 1))
		grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"net/' "$f" |
		    sed 's|^\([0-9]*\):.*"net/\([^"]*\)".*|\1 \2|' |
		    while read -r line inc; do
			case $inc in
			*/*) to=${inc%%/*} ;;
			*) to="src/net" ;;
			esac
			echo "$part $to" >> "$tmp/edges"
			ok=false
			for a in $(allowed "$part"); do
				[ "$to" = "$a" ] && ok=true
			done
			$ok || echo "${f#"$srcdir"/}:$line: the $part part includes net/$inc" \
			    "(it may include only: $(allowed "$part"))" >> "$tmp/bad"
		done
	done
done
status=0
if [ -s "$tmp/bad" ]; then
	cat "$tmp/bad"
	status=1
fi
# A cycle between parts (with the rules above there is none; this says so
# independently of them).
if ! sort -u "$tmp/edges" | awk '$1 != $2' | tsort > /dev/null 2> "$tmp/tsort"; then
	echo "net_layers.sh: the parts include one another in a cycle:"
	cat "$tmp/tsort"
	status=1
fi
if [ $status -eq 0 ]; then
	echo "net_layers.sh: $nfiles files in src/net's parts; includes:" \
	    "$(sort -u "$tmp/edges" | awk '$1 != $2 { printf "%s%s->%s", s, $1, $2; s = ", " }')"
fi
exit $status
