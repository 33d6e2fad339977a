#!/bin/sh
# bad_db.sh: congo-server started on a database that is damaged, foreign,
# not a file, removed or emptied must refuse to start with a clear message
# naming the file (exit status 1, no crash, no hang, no sanitizer report);
# only --create (a first start) makes a new database where none is. A
# database holding a game that does not add up starts without that game:
# it is logged (naming the file and the game), left in the database and
# not served (ccf0fc1).
#
#   tests/fault/bad_db.sh          (from the build directory)
. "$(dirname "$0")/fault_lib.sh"
fails=0
cases=0

# refuse NAME DB WORDS: the server must exit 1 naming DB, with WORDS in it.
refuse() {
	cases=$((cases + 1))
	timeout 20 "$server" --port 0 --bind 127.0.0.1 --db "$2" \
	    --log-level info > "$tmp/out" 2>&1
	st=$?
	msg=$(grep -v ' info: ' "$tmp/out" | head -n 3)
	if [ $st -ne 1 ] || ! grep -q -- "$2" "$tmp/out" ||
	    ! grep -q -i -- "$3" "$tmp/out" ||
	    grep -q -E 'Sanitizer|runtime error' "$tmp/out"; then
		echo "FAIL: $1: status $st (want 1, a message naming the file with '$3'):"
		cat "$tmp/out"
		fails=$((fails + 1))
	else
		echo "ok: $1: $msg"
	fi
}

# without NAME DB WORDS: the server must start on DB, log that a game in
# it is not served with WORDS, and stop cleanly.
without() {
	cases=$((cases + 1))
	if ! start_server "$2" "$tmp/without.log" > "$tmp/out" 2>&1; then
		echo "FAIL: $1: the server does not start:"
		cat "$tmp/out"
		fails=$((fails + 1))
		return
	fi
	stop_server > /dev/null || fails=$((fails + 1))
	msg=$(grep ' is not served ' "$tmp/without.log" | head -n 1)
	if [ -z "$msg" ] || ! echo "$msg" | grep -q -- "$2" ||
	    ! echo "$msg" | grep -q -i -- "$3" ||
	    ! check_log "$tmp/without.log" > /dev/null; then
		echo "FAIL: $1: no line saying the game is not served, naming the file with '$3':"
		cat "$tmp/without.log"
		fails=$((fails + 1))
	else
		echo "ok: $1: ${msg#*error: }"
	fi
}

# A database with a few games and moves, stopped cleanly.
make_good() {
	rm -f "$1" "$1-wal" "$1-shm"
	create_flag=--create
	start_server "$1" "$tmp/good.log" || exit 1
	create_flag=
	"$client" play --port "$port" --log "$tmp/good.ack" --games 2 \
	    --seconds 0.3 > /dev/null 2>&1 || exit 1
	stop_server || exit 1
}

good="$tmp/good.db"
make_good "$good"
size=$(wc -c < "$good")
echo "a good database: $size bytes"

head -c 65536 /dev/urandom > "$tmp/random.db"
refuse "random bytes" "$tmp/random.db" "database"

printf 'hello, I am a text file\n' > "$tmp/text.db"
refuse "a text file" "$tmp/text.db" "database"

cp "$good" "$tmp/half.db"
truncate -s $((size / 2)) "$tmp/half.db"
refuse "cut to half its size" "$tmp/half.db" "damaged\|malformed\|database"

cp "$good" "$tmp/page.db"
dd if=/dev/urandom of="$tmp/page.db" bs=1024 seek=4 count=4 conv=notrunc 2>/dev/null
refuse "a page overwritten" "$tmp/page.db" "damaged\|malformed\|database"

cp "$good" "$tmp/header.db"
printf 'SQLite format 2\000' | dd of="$tmp/header.db" conv=notrunc 2>/dev/null
refuse "a damaged header" "$tmp/header.db" "database"

mkdir "$tmp/dir.db"
refuse "a directory" "$tmp/dir.db" "regular file"

refuse "in a missing folder" "$tmp/no/such/dir/x.db" "No such file"

# sqlite_edit DB CODE: python3's sqlite3 runs CODE on DB (c, the
# connection), then commits.
sqlite_edit() {
	python3 -c "
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
$2
c.commit()" "$1"
}

if command -v python3 > /dev/null && python3 -c 'import sqlite3' 2>/dev/null; then
	sqlite_edit "$tmp/foreign.db" "c.execute('CREATE TABLE t(x)')"
	refuse "another program's SQLite database" "$tmp/foreign.db" "not a congo-server database"

	cp "$good" "$tmp/version.db"
	sqlite_edit "$tmp/version.db" "c.execute('PRAGMA user_version=999')"
	refuse "a newer schema version" "$tmp/version.db" "version"

	# Tampered games are open or active ones: start-up replays those (a
	# finished game is replayed, and refused, when it is asked for).
	cp "$good" "$tmp/move.db"
	sqlite_edit "$tmp/move.db" "
r = c.execute(\"SELECT game, seq, body FROM events WHERE kind = 'MOVE' AND game IN (SELECT id FROM games WHERE status < 2) ORDER BY game, seq LIMIT 1\").fetchone()
body = ' '.join('move=a1a7' if w.startswith('move=') else w for w in r[2].split())
c.execute('UPDATE events SET body = ? WHERE game = ? AND seq = ?', (body, r[0], r[1]))"
	without "a stored move that is illegal" "$tmp/move.db" "legal"

	cp "$good" "$tmp/gap.db"
	sqlite_edit "$tmp/gap.db" "
r = c.execute(\"SELECT game, max(seq) FROM events WHERE game IN (SELECT id FROM games WHERE status < 2) GROUP BY game\").fetchone()
c.execute('DELETE FROM events WHERE game = ? AND seq = ?', (r[0], r[1] - 1))"
	without "an event missing" "$tmp/gap.db" "sequence\|order"

	cp "$good" "$tmp/token.db"
	sqlite_edit "$tmp/token.db" "
c.execute(\"UPDATE seats SET token = 'not-a-token' WHERE rowid = (SELECT min(s.rowid) FROM seats s JOIN games g ON g.id = s.game WHERE g.status < 2)\")"
	without "a bad seat token" "$tmp/token.db" "seat"
else
	echo "skipped: foreign, version and content cases (no python3 sqlite3)"
fi

# Removed, or emptied: never replaced by an empty database unasked.
cp "$good" "$tmp/removed.db"
rm -f "$tmp/removed.db"
refuse "the database removed" "$tmp/removed.db" "moved or removed.*--create"
cp "$good" "$tmp/emptied.db"
: > "$tmp/emptied.db"
refuse "the database emptied (0 bytes)" "$tmp/emptied.db" "empty (0 bytes).*--create"

# Asked to: --create starts a new database in a missing or empty file.
for what in removed emptied; do
	cases=$((cases + 1))
	create_flag=--create
	if start_server "$tmp/$what.db" "$tmp/$what.log"; then
		echo "ok: --create on the $what database: $(sed -n 's/.*info: //p' "$tmp/$what.log" | head -n 1)"
		stop_server || fails=$((fails + 1))
	else
		echo "FAIL: --create on the $what database does not start"
		fails=$((fails + 1))
	fi
	create_flag=
done

echo "bad_db: $cases bad databases, $fails not handled as they should be"
[ $fails -eq 0 ]
