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
# itself) against these rules is named with its line; where the objects
# are built, one that uses a symbol of a part it may not include is named
# too; and a cycle between the parts (tsort). Exit 0 when all is well, 1
# otherwise.
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
# The same between the parts' objects, where they have been built
# (CONGO_BUILDDIR, as make check sets it): every symbol a part's objects
# use is defined in that part, in a part it may include, or outside
# src/net (so the store calls the session only through store_bind).
build=${CONGO_BUILDDIR:-}
nobj=0
if [ -n "$build" ] && [ -d "$build/src/net/proto" ] &&
    command -v nm > /dev/null; then
	: > "$tmp/defs"
	: > "$tmp/uses"
	for part in proto store server client; do
		for o in "$build/src/net/$part"/*.o; do
			[ -f "$o" ] || continue
			nobj=$((nobj + 1))
			nm -g --defined-only "$o" |
			    awk -v p="$part" 'NF >= 3 { print $3, p }' >> "$tmp/defs"
			nm -u "$o" | awk -v p="$part" -v o="${o##*/}" \
			    '{ print $NF, p, o }' >> "$tmp/uses"
		done
	done
	for part in proto store server client; do
		echo "$part $(allowed "$part")"
	done > "$tmp/rules"
	awk 'FILENAME == ARGV[1] { for (i = 2; i <= NF; i++) ok[$1 " " $i] = 1; next }
	    FILENAME == ARGV[2] { owner[$1] = $2; next }
	    ($1 in owner) && !((($2 " " owner[$1])) in ok) {
		printf "%s (the %s part) uses %s of the %s part\n", $3, $2, $1,
		    owner[$1]
	    }' "$tmp/rules" "$tmp/defs" "$tmp/uses" >> "$tmp/bad"
fi
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
	if [ $nobj -gt 0 ]; then
		echo "net_layers.sh: the symbols of $nobj objects follow the same rules"
	else
		echo "net_layers.sh: no objects built (CONGO_BUILDDIR): symbols not checked"
	fi
fi
exit $status
