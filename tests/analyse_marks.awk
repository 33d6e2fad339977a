# analyse_marks.awk: an independent check of an analysed record's marks
# (issue 34), from what the record prints alone, by the rules congo(6)
# gives (Whole-game analysis; GAME RECORD FORMAT): lichess's winning
# chances 2 / (1 + exp(-0.00368208 * cp)) - 1 and its mate rules.
# One game a file, its main line (variations skipped). Prints one line a
# move whose mark is not the one its evaluations give, and "checked N
# moves, M marked" at the end; exits 1 on a mismatch or a move without
# evaluation.
#
#   awk -f analyse_marks.awk game.pgn

function chances(cp) { return 2 / (1 + exp(-0.00368208 * cp)) - 1 }

# The mark (0 none, 1 ?!, 2 ?, 3 ??) of a move, the mover's side.
function judge(cb, mb, ca, ma,    d) {
	if (mb == 0 && ma == 0) {
		d = chances(cb) - chances(ca)
		return d >= 0.3 ? 3 : d >= 0.2 ? 2 : d >= 0.1 ? 1 : 0
	}
	if (mb == 0 && ma < 0)
		return cb < -999 ? 1 : cb < -700 ? 2 : 3
	if (mb > 0 && ma <= 0) {
		if (ma < 0)
			ca = 0
		return ca > 999 ? 1 : ca > 700 ? 2 : 3
	}
	return 0
}

# "[%eval 0.35]" / "[%eval #-3]" in a comment: sets ecp, emate; 0 none.
function eval_of(c,    s, v) {
	if (!match(c, /\[%eval [^]]*\]/))
		return 0
	s = substr(c, RSTART + 7, RLENGTH - 8)
	sub(/,.*/, "", s)
	if (substr(s, 1, 1) == "#") {
		v = substr(s, 2) + 0
		emate = v
		ecp = v > 0 ? 1000 : -1000
	} else {
		emate = 0
		v = s * 100
		ecp = v < 0 ? int(v - 0.5) : int(v + 0.5)
	}
	return 1
}

BEGIN { n = 0; first = 0; hdr = 1; text = "" }

hdr && /^\[/ {
	if (match($0, /^\[Termination "[^"]*"/))
		term = substr($0, 15, RLENGTH - 15)
	if (match($0, /^\[FEN "[^"]*"/)) {
		split(substr($0, 7, RLENGTH - 7), f, " ")
		first = f[2] == "b" ? 1 : 0
	}
	next
}
{ hdr = 0; text = text " " $0 }

END {
	depth = 0; i = 0; len = length(text)
	while (i < len) {
		ch = substr(text, ++i, 1)
		if (ch == "{") {
			j = index(substr(text, i), "}")
			c = substr(text, i + 1, j - 2)
			i += j - 1
			if (depth > 0)
				continue
			if (n == 0) {
				if (eval_of(c)) {
					scp[0] = ecp; smate[0] = emate; have[0] = 1
				}
			} else {
				if (eval_of(c)) {
					scp[n] = ecp; smate[n] = emate; have[n] = 1
				}
				note[n] = note[n] c
			}
			continue
		}
		if (ch == "(") { depth++; continue }
		if (ch == ")") { depth--; continue }
		if (ch ~ /[ \t]/)
			continue
		tok = ch
		while (i < len && substr(text, i + 1, 1) !~ /[ \t{}()]/)
			tok = tok substr(text, ++i, 1)
		if (depth > 0)
			continue
		if (tok ~ /^\$[0-9]+$/) {
			v = substr(tok, 2) + 0
			if (v == 6) mark[n] = 1
			else if (v == 2) mark[n] = 2
			else if (v == 4) mark[n] = 3
			continue
		}
		if (tok ~ /^[0-9]+\.+$/ || tok ~ /^[0-9]+\.+[a-g]/) {
			if (n == 0 && tok ~ /\.\.\./)
				first = 1
			sub(/^[0-9]+\.+/, "", tok)
			if (tok == "")
				continue
		}
		if (tok ~ /^(1-0|0-1|1\/2-1\/2|\*)$/) {
			result = tok
			continue
		}
		n++
		mv[n] = tok
		mark[n] = 0
	}
	if (!have[0]) {
		print "no evaluation of the first position"
		exit 1
	}
	bad = 0; marked = 0
	byrules = term != "" && term !~ /^(resign|agreement|time.forfeit)$/
	for (k = 1; k <= n; k++) {
		if (!have[k]) {
			print "move " k " " mv[k] ": no evaluation"
			bad = 1
			continue
		}
		sign = ((k - 1 + first) % 2 == 0) ? 1 : -1
		want = judge(sign * scp[k - 1], sign * smate[k - 1],
		    sign * scp[k], sign * smate[k])
		# the last move, ending the game by its rules with its
		# mover's win: never marked
		if (k == n && byrules && ((sign > 0 && result == "1-0") ||
		    (sign < 0 && result == "0-1")))
			want = 0
		# the search's own move: never marked, and said
		if (want > 0 && mark[k] == 0 &&
		    index(note[k], "The search's own move, not marked.") > 0)
			want = 0
		if (mark[k] > 0)
			marked++
		if (want != mark[k]) {
			printf "move %d %s: marked %d, its evaluations give %d\n",
			    k, mv[k], mark[k], want
			bad = 1
		}
	}
	printf "checked %d moves, %d marked\n", n, marked
	exit bad
}
