#!/bin/sh
# layers.sh: src/ keeps DESIGN.md's plan. tests/layers.rules says which
# room (a folder of src/; src/net's parts each a room) may include which,
# which system headers and libraries a room may use, and the known
# violations still allowed (each with the change that removes it). In one
# pass this checks against those rules:
#
#   - every #include "..." and #include <...> of src/ (*.c, *.h, *.inc);
#   - where the objects are built (CONGO_BUILDDIR, as make check sets it),
#     every symbol an object of src/ uses: defined in its own room or in a
#     room it may use; a function of a shared library that src/congo or
#     src/congo-server links (ldd, nm -D) only in the rooms the rules give
#     it; the socket calls likewise;
#   - the rules themselves: every room they name exists in them, and the
#     rooms use one another one way (tsort finds no cycle).
#
# Then it plants forbidden includes (and, with a C compiler and objects, a
# forbidden call) in a copy of src/ and fails unless the check names each.
# A violation is named with its file and line (or its object and symbol).
# Exit 0 when all is well, 1 otherwise.
#
# layers.sh [--no-self-test]   (LAYERS_RULES=file: other rules)
srcdir=${CONGO_SRCDIR:-${srcdir:-.}}
build=${CONGO_BUILDDIR:-}
rules=${LAYERS_RULES:-$srcdir/tests/layers.rules}
self_test=true
[ "${1:-}" = --no-self-test ] && self_test=false
[ -d "$srcdir/src" ] || { echo "layers.sh: no $srcdir/src"; exit 1; }
[ -f "$rules" ] || { echo "layers.sh: no $rules"; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/congo-layers.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# The sources, relative to their tree: SRCDIR > list.
list_sources() {
	(cd "$1" && find src -type f \( -name '*.c' -o -name '*.h' \
	    -o -name '*.inc' \) | LC_ALL=C sort)
}

list_sources "$srcdir" > "$tmp/list"

# The objects' symbols (nm -A: "path:address type name", "path: U name")
# and the libraries' functions ("lib name"), where the objects are built.
: > "$tmp/nm"
: > "$tmp/libs"
nobj=0
if [ -n "$build" ] && [ -d "$build/src" ] && command -v nm > /dev/null; then
	# the objects of today's sources only: one whose source was moved or
	# removed stays in a build folder until make clean
	find "$build/src" -name '*.o' | awk -v list="$tmp/list" \
	    -v stale="$tmp/stale" '
	BEGIN {
		while ((getline f < list) > 0) {
			sub(/\.c$/, "", f)
			src[f] = 1
		}
	}
	{
		key = $0
		sub(/.*\/src\//, "src/", key)   # (from its last /src/)
		n = split(key, p, "/")
		sub(/\.o$/, "", p[n])
		sub(/.*-/, "", p[n])           # libcongo_ui_a-ui_net: ui_net
		key = p[1]
		for (i = 2; i <= n; i++)
			key = key "/" p[i]
		if (key in src)
			print
		else
			print > stale
	}' > "$tmp/objs"
	nobj=$(wc -l < "$tmp/objs")
	[ -s "$tmp/stale" ] && echo "layers.sh: $(wc -l < "$tmp/stale")" \
	    "objects of no source now left out (make clean removes them)"
	[ "$nobj" -gt 0 ] &&
	    tr '\n' '\0' < "$tmp/objs" | xargs -0 nm -A -g > "$tmp/nm" 2> /dev/null
	if command -v ldd > /dev/null; then
		for p in "$build/src/congo" "$build/src/congo-server"; do
			[ -x "$p" ] && ldd "$p" 2> /dev/null
		done | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }' |
		    sort -u > "$tmp/ldd"
		# only the libraries the rules name
		awk '$1 == "lib" { for (i = 2; i <= NF && $i != ":"; i++)
		    print $i }' "$rules" | sort -u | while read -r lib; do
			awk -v l="lib$lib.so" 'index($1, l) == 1 &&
			    (length($1) == length(l) ||
			    substr($1, length(l) + 1, 1) == ".") { print $2 }' \
			    "$tmp/ldd" | while read -r path; do
				nm -D --defined-only "$path" 2> /dev/null |
				    awk -v l="$lib" 'NF >= 3 {
					s = $3; sub(/@.*/, "", s); print l, s }'
			done
		done > "$tmp/libs"
	fi
fi

# check SRCDIR LIST NM LIBS EDGES: the violations on stdout, the rooms'
# edges (for tsort) in EDGES, a summary on the last line ("ok ...").
check() {
	awk -v srcdir="$1" -v list="$2" -v nmf="$3" -v libf="$4" \
	    -v edgef="$5" -v rulesf="$rules" '
function room_of(path,    n, p, key, base) {
	# the room of a path inside src/ (a source, or an object whose path
	# ends in src/...): the room a "file" rule gives it, else its folder,
	# src/net/PART for src/net
	n = split(path, p, "/")
	for (i = n - 1; i >= 1; i--)
		if (p[i] == "src")
			break
	if (i < 1)
		return ""
	base = p[n]
	sub(/\.[a-z]+$/, "", base)        # sess_rate.c, sess_rate.o: sess_rate
	sub(/.*-/, "", base)               # libcongo_net_server_a-sess_rate
	key = ""
	for (k = i + 1; k < n; k++)
		key = key p[k] "/"
	if ((key base) in fileroom)
		return fileroom[key base]
	if (i + 1 == n)
		return "main"
	if (p[i + 1] == "net")
		return i + 2 < n ? "net/" p[i + 2] : "net"
	return p[i + 1]
}
function allows(uses, r,    n, u, k) {
	# does the list USES (names, and "net/*") contain room r?
	n = split(uses, u, " ")
	for (k = 1; k <= n; k++)
		if (u[k] == r || (u[k] ~ /\/\*$/ &&
		    index(r, substr(u[k], 1, length(u[k]) - 1)) == 1))
			return 1
	return 0
}
function may(r, t) {
	# may room r use room t? (its own, its rules, an exception)
	if (r == t || allows(uses[r], t))
		return 1
	if ((r SUBSEP t) in exc) {
		exc_used[r SUBSEP t] = 1
		return 1
	}
	return 0
}
function bad(msg) {
	print msg
	nbad++
}
BEGIN {
	# the rules
	while ((getline line < rulesf) > 0) {
		lineno++
		sub(/#.*/, "", line)
		n = split(line, w, " ")
		if (n == 0)
			continue
		if (w[1] == "room" && n >= 2) {
			rooms[w[2]] = 1
			uses[w[2]] = ""
			for (k = 3; k <= n; k++)
				uses[w[2]] = uses[w[2]] " " w[k]
			nrooms++
			continue
		}
		if (w[1] == "file" && n >= 3) {
			for (k = 3; k <= n; k++)
				fileroom[w[k]] = w[2]
			continue
		}
		if (w[1] == "except" && n == 3) {
			exc[w[2] SUBSEP w[3]] = lineno
			nexc++
			continue
		}
		if (w[1] == "header" || w[1] == "lib" || w[1] == "call") {
			for (k = 2; k <= n && w[k] != ":"; k++)
				;
			if (k >= n) {
				bad(rulesf ":" lineno ": no \":\" ROOMS")
				continue
			}
			to = ""
			for (j = k + 1; j <= n; j++)
				to = to " " w[j]
			for (j = 2; j < k; j++)
				rule[w[1] SUBSEP w[j]] = to
			continue
		}
		bad(rulesf ":" lineno ": what is \"" line "\"?")
	}
	close(rulesf)
	# the rules name rooms they define, and are an order (EDGES: tsort)
	for (r in rooms) {
		n = split(uses[r], u, " ")
		for (k = 1; k <= n; k++) {
			if (u[k] ~ /\/\*$/)
				continue
			if (!(u[k] in rooms))
				bad(rulesf ": room " r " uses " u[k] \
				    ", which is no room")
			print r, u[k] > edgef
		}
	}
	for (f in fileroom)
		if (!(fileroom[f] in rooms))
			bad(rulesf ": file " fileroom[f] " " f ": no room")
	for (e in exc) {
		split(e, p, SUBSEP)
		if (!(p[1] in rooms))
			bad(rulesf ":" exc[e] ": except " p[1] ": no room")
	}
	close(edgef)

	# the includes
	while ((getline f < list) > 0) {
		nfiles++
		r = room_of(f)
		if (!(r in rooms)) {
			if (!(r in noroom))
				bad(f ": " (r == "" ? "outside src/" : "src/" \
				    (r == "main" ? "" : r)) " is no room of " \
				    "tests/layers.rules (DESIGN.md): add it there")
			noroom[r] = 1
			continue
		}
		seen[r] = 1
		ln = 0
		path = srcdir "/" f
		while ((getline line < path) > 0) {
			ln++
			if (line !~ /^[ \t]*#[ \t]*include[ \t]*["<]/)
				continue
			ninc++
			if (line ~ /^[ \t]*#[ \t]*include[ \t]*"/) {
				inc = line
				sub(/^[^"]*"/, "", inc)
				sub(/".*/, "", inc)
				if (inc !~ /\//) {
					if (inc == "congo_config.h")   # configure
						continue
					t = r
				} else
					t = room_of("src/" inc)
				if (!(t in rooms)) {
					bad(f ":" ln ": includes \"" inc \
					    "\", of no room")
					continue
				}
				if (t != r)
					between[r " " t] = 1
				if (!may(r, t))
					bad(f ":" ln ": the " r " room includes \"" \
					    inc "\" (it may use:" uses[r] ")")
			} else {
				inc = line
				sub(/^[^<]*</, "", inc)
				sub(/>.*/, "", inc)
				if (("header" SUBSEP inc) in rule &&
				    !allows(rule["header" SUBSEP inc], r) &&
				    !may(r, "<" inc ">"))
					bad(f ":" ln ": the " r " room includes <" \
					    inc "> (only" rule["header" SUBSEP inc] \
					    " may)")
			}
		}
		close(path)
	}
	close(list)

	# the symbols: who defines what, then what each object uses
	while ((getline line < nmf) > 0) {
		i = index(line, ":")
		o = substr(line, 1, i - 1)
		n = split(substr(line, i + 1), w, " ")
		if (n == 3 && w[2] != "U" && w[2] != "w" && w[2] != "v") {
			r = room_of(o)
			if (!((w[3], r) in defd)) {
				defd[w[3], r] = 1
				owner[w[3]] = owner[w[3]] " " r
			}
		}
	}
	close(nmf)
	while ((getline line < libf) > 0) {
		split(line, w, " ")
		if (!(w[2] in libof))
			libof[w[2]] = w[1]
		nlibsym++
	}
	close(libf)
	while ((getline line < nmf) > 0) {
		i = index(line, ":")
		o = substr(line, 1, i - 1)
		n = split(substr(line, i + 1), w, " ")
		if (n != 2 || (w[1] != "U" && w[1] != "w" && w[1] != "v"))
			continue
		if (!(o in objs)) {
			objs[o] = 1
			nobj++
		}
		s = w[2]
		r = room_of(o)
		nuse++
		name = o
		sub(/.*\/src\//, "src/", name)
		if (s in owner) {
			m = split(owner[s], ow, " ")
			ok = 0
			for (k = 1; k <= m && !ok; k++)
				ok = may(r, ow[k])
			if (!ok)
				bad(name " (the " r " room) uses " s \
				    " of the" owner[s] " room (it may use:" \
				    uses[r] ")")
		} else if (s in libof) {
			l = libof[s]
			if (!allows(rule["lib" SUBSEP l], r) &&
			    !may(r, "lib" l))
				bad(name " (the " r " room) calls " s " of lib" \
				    l " (only" rule["lib" SUBSEP l] " may)")
		} else if (("call" SUBSEP s) in rule &&
		    !allows(rule["call" SUBSEP s], r) && !may(r, s "()"))
			bad(name " (the " r " room) calls " s "() (only" \
			    rule["call" SUBSEP s] " may)")
	}
	close(nmf)

	# exceptions no longer needed (when the objects were checked too)
	if (nobj > 0)
		for (e in exc)
			if (!(e in exc_used)) {
				split(e, p, SUBSEP)
				print "note: " rulesf ":" exc[e] ": except " p[1] \
				    " " p[2] " is no longer needed: delete the line"
			}
	nbetween = 0
	for (e in between)
		nbetween++
	nseen = 0
	for (r in seen)
		nseen++
	if (nbad == 0)
		printf "ok: %d files in %d rooms (of %d), %d includes, %d " \
		    "edges between rooms; %d objects, %d uses of symbols " \
		    "(against %d functions of libraries); %d exceptions\n", nfiles,
		    nseen, nrooms, ninc, nbetween, nobj, nuse, nlibsym, nexc
	exit nbad > 0
}'
}

status=0
check "$srcdir" "$tmp/list" "$tmp/nm" "$tmp/libs" "$tmp/edges" > "$tmp/out"
st=$?
grep -v '^ok: ' "$tmp/out"
if [ $st -ne 0 ]; then
	echo "layers.sh: src/ breaks tests/layers.rules (above)"
	status=1
else
	echo "layers.sh: $(sed -n 's/^ok: //p' "$tmp/out")"
fi
if ! awk '$1 != $2' "$tmp/edges" | tsort > /dev/null 2> "$tmp/tsort"; then
	echo "layers.sh: the rules' rooms use one another in a cycle:"
	cat "$tmp/tsort"
	status=1
fi
[ "$nobj" -eq 0 ] &&
    echo "layers.sh: no objects built (CONGO_BUILDDIR): symbols not checked"

# The self-test: forbidden includes planted in a copy of src/ must fail,
# each named; a forbidden call too, where a compiler and objects are.
if $self_test; then
	mkdir -p "$tmp/copy"
	tar -C "$srcdir" -cf - -T "$tmp/list" | tar -C "$tmp/copy" -xf -
	printf '#include "ui/ui.h"\n' >> "$tmp/copy/src/engine/board_make.c"
	printf '#include <curses.h>\n' >> "$tmp/copy/src/rating/rating_glicko2.c"
	printf '#include "net/server/server.h"\n' >> "$tmp/copy/src/net/client/client.h"
	# one feature of the server's session including another's header
	printf '#include "net/server/sess_seek.h"\n' >> "$tmp/copy/src/net/server/sess_notify.c"
	# the core including a feature's header (it names none)
	printf '#include "net/server/sess_rematch.h"\n' >> "$tmp/copy/src/net/server/sess_pending.c"
	# the learned evaluation asking the search, the search the trainer
	printf '#include "ai/search.h"\n' >> "$tmp/copy/src/nn/nnue_net.c"
	printf '#include "nn/nnue_train.h"\n' >> "$tmp/copy/src/ai/search_nnue.c"
	want="src/nn/nnue_net.c:.*nn room includes \"ai/search.h\"
src/ai/search_nnue.c:.*ai room includes \"nn/nnue_train.h\"
src/engine/board_make.c:.*\"ui/ui.h\"
src/rating/rating_glicko2.c:.*<curses.h>
src/net/client/client.h:.*\"net/server/server.h\"
src/net/server/sess_notify.c:.*net/server/notify room includes \"net/server/sess_seek.h\"
src/net/server/sess_pending.c:.*net/server/core room includes \"net/server/sess_rematch.h\""
	cp "$tmp/nm" "$tmp/nm2"
	# a call from engine/ into ui/ (one of its functions), and to curses
	cc=${CC:-cc}
	ui_fn=$(awk '/\/src\/ui\/[^\/]*\.o:[0-9a-f]+ T / { print $3; exit }' \
	    "$tmp/nm")
	if [ -n "$ui_fn" ] && grep -q '^ncursesw initscr$' "$tmp/libs" &&
	    command -v "$cc" > /dev/null; then
		mkdir -p "$tmp/obj/src/engine"
		printf 'extern int %s(void), initscr(void);\n%s\n' "$ui_fn" \
		    "int planted(void) { return $ui_fn() + initscr(); }" \
		    > "$tmp/obj/planted.c"
		if $cc -c -o "$tmp/obj/src/engine/planted.o" \
		    "$tmp/obj/planted.c" 2> /dev/null; then
			nm -A -g "$tmp/obj/src/engine/planted.o" >> "$tmp/nm2"
			want="$want
src/engine/planted.o .*uses $ui_fn of the ui room
src/engine/planted.o .*calls initscr of libncursesw"
		fi
	fi
	if check "$tmp/copy" "$tmp/list" "$tmp/nm2" "$tmp/libs" \
	    "$tmp/edges2" > "$tmp/out2"; then
		echo "layers.sh: self-test: forbidden includes planted in a copy" \
		    "of src/ passed unseen"
		status=1
	fi
	echo "$want" | while read -r re; do
		grep -q "$re" "$tmp/out2" ||
		    echo "layers.sh: self-test: nothing says \"$re\""
	done > "$tmp/missed"
	if [ -s "$tmp/missed" ]; then
		cat "$tmp/missed" "$tmp/out2"
		status=1
	else
		echo "layers.sh: self-test: $(echo "$want" | wc -l) planted" \
		    "violations each named:"
		grep -v '^note: ' "$tmp/out2" | sed 's/^/  /'
	fi
fi
exit $status
