#!/usr/bin/env python3
"""tourney_check.py PORT DB TID CONGO: a tournament's STANDINGS from the
server at 127.0.0.1:PORT checked against what its store DB holds: a SQLite file
(tests/test_net_tourney.sh), or a PostgreSQL URI read through psql (in
$CONGO_PG_BIN; tests/test_net_tourney_pg.sh). An arena: every member's points, fire and
games worked out again here from the stored games (PROTOCOL.md
"Tournaments": a win 2, a draw 1, a loss 0; after two wins in a row
double until a game that is not a win; a berserked win of at least 7 own
moves 1 more). A Swiss: every round's stored pairing equal to what CONGO
--swiss-pair (src/tourn's Dutch system) gives for the stored results of
the rounds before it, written as TRF; the points too. Prints what it
checked; exit 1 at the first difference.
"""
import os
import socket
import sqlite3
import subprocess
import sys
import tempfile

PORT, DB, TID, CONGO = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]


def fail(msg):
    print("tourney_check.py: " + msg)
    sys.exit(1)


def standings():
    s = socket.create_connection(("127.0.0.1", int(PORT)), 20)
    s.sendall(("HELLO CGP/1\n#s STANDINGS tourney=%s\nQUIT\n" % TID).encode())
    data = b""
    while True:
        got = s.recv(65536)
        if not got:
            break
        data += got
    rows = {}
    status = None
    for line in data.decode().splitlines():
        w = dict(x.split("=", 1) for x in line.split() if "=" in x)
        if line.startswith("OK #s STANDINGS"):
            status = w["status"]
        if line.startswith("ITEM #s"):
            rows[w["name"]] = w
    return status, rows


class PgDb:
    """The few reads below through psql (ids are of A-Z2-7: quoted as
    they are)."""

    def execute(self, sql, args):
        for a in args:
            sql = sql.replace("?", "'%s'" % str(a).replace("'", "''"), 1)
        out = subprocess.run(
            [os.path.join(os.environ.get("CONGO_PG_BIN", ""), "psql"), "-X",
             "-At", "-F", "\x1f", "-d", DB, "-c", sql],
            capture_output=True, text=True)
        if out.returncode != 0:
            fail("psql: " + out.stderr)
        rows = [tuple(int(x) if x.lstrip("-").isdigit() else
                      {"t": 1, "f": 0}.get(x, x) for x in l.split("\x1f"))
                for l in out.stdout.splitlines()]
        return Rows(rows)


class Rows(list):
    def fetchone(self):
        return self[0]

    def fetchall(self):
        return list(self)


db = PgDb() if DB.startswith("postgresql:") else sqlite3.connect(DB)
kind, rounds, start, variant = db.execute(
    "SELECT kind, rounds, start, variant FROM tourneys WHERE id = ?",
    (TID,)).fetchone()
members = [r[0] for r in db.execute(
    "SELECT lname FROM tourney_members WHERE tourney = ? ORDER BY joined,"
    " lname", (TID,))]
pairs = db.execute(
    "SELECT p.round, p.n, p.game, p.white, p.black, p.bw, p.bb,"
    " coalesce(g.result, ''), coalesce(g.ply, 0), coalesce((SELECT body FROM"
    " events e WHERE e.game = p.game AND e.kind = 'RESULT'), '')"
    " FROM tourney_pairings p LEFT JOIN games g ON g.id = p.game"
    " WHERE p.tourney = ? ORDER BY p.round, p.n", (TID,)).fetchall()
speed = db.execute(
    "SELECT speed FROM rating_history WHERE game IN (SELECT game FROM"
    " tourney_pairings WHERE tourney = ?) LIMIT 1", (TID,)).fetchall()


def rating_at_start(m):
    """m's rating in the tournament's category when it started: its last
    rated game's before (the history's at in seconds), else 1500."""
    best = 1500.0
    if not speed:
        return 1500
    for at, r in db.execute(
            "SELECT at, rating FROM rating_history WHERE lname = ? AND"
            " variant = ? AND speed = ? ORDER BY n", (m, variant,
                                                    speed[0][0])):
        ms = int(at) * 1000 if int(at) < 100000000000 else int(at)
        if ms < int(start):
            best = float(r)
    return int(best + 0.5)


rating = {m: rating_at_start(m) for m in members}
# The initial ranking (FIDE C.04.3): by rating, then as they joined.
ranked = sorted(members, key=lambda m: (-rating[m], members.index(m)))
status, rows = standings()
if status != "finished":
    fail("status %s, not finished" % status)
if sorted(rows) != sorted(members):
    fail("STANDINGS names %s, members %s" % (sorted(rows), members))


def side(result, k):
    if result == "1/2":
        return "D"
    if result == "1-0":
        return "W" if k == 0 else "L"
    if result == "0-1":
        return "L" if k == 0 else "W"
    return None


def arena():
    checked = bonus = fires = 0
    for m in members:
        pts, streak, games, perf = 0, 0, 0, 0
        for (rnd, n, game, w, b, bw, bb, res, ply, body) in pairs:
            if m not in (w, b):
                continue
            k = 0 if m == w else 1
            r = side(res, k)
            if r is None:
                continue
            games += 1
            perf += rating[b if k == 0 else w] + \
                {"W": 500, "L": -500}.get(r, 0)
            fire = streak >= 2
            if r == "W":
                own = (ply + 1) // 2 if k == 0 else ply // 2
                berserk = (bw, bb)[k]
                pts += 4 if fire else 2
                if berserk and own >= 7:
                    pts += 1
                    bonus += 1
                streak += 1
            elif r == "D":
                pts += 2 if fire else 1
                streak = 0
            else:
                streak = 0
            fires += fire
        got = rows[m]
        want = {"points": str(pts), "games": str(games),
                "fire": "1" if streak >= 2 else "0",
                "performance": str(perf // games if games else 0)}
        for key, v in want.items():
            if got.get(key) != v:
                fail("%s: STANDINGS %s=%s, the stored games give %s" %
                     (m, key, got.get(key), v))
        checked += 1
    print("arena: %d members, %d games: points, fire, games and "
          "performance as the stored games and ratings give (%d games on "
          "fire, %d berserk bonuses, ratings at the start %d-%d)" %
          (checked, len(pairs), fires, bonus, min(rating.values()),
           max(rating.values())))


def trf(upto):
    """The event's rounds before upto (1-based) as TRF, its players
    ranked by rating."""
    idx = {m: i + 1 for i, m in enumerate(ranked)}
    lines = ["012 check"]
    for i, m in enumerate(ranked):
        line = list("001 %4d      %-33s %4d" % (i + 1, m, rating[m]))
        line += [" "] * (91 - len(line))
        for r in range(1, upto):
            cell = "          "
            for (rnd, n, game, w, b, bw, bb, res, ply, body) in pairs:
                if rnd != r or m not in (w, b):
                    continue
                if b == "":
                    cell = "   0 - U  "
                    continue
                k = 0 if m == w else 1
                opp = idx[b if k == 0 else w]
                forfeit = "reason=abandoned" in body
                x = side(res, k)
                code = "-" if res == "-" else \
                    ({"W": "+", "L": "-"}[x] if forfeit and x != "D" else
                     {"W": "1", "L": "0", "D": "="}[x])
                cell = "%4d %s %s  " % (opp, "wb"[k], code)
            line += list(cell)
        lines.append("".join(line).rstrip())
    lines.append("XXR %d" % rounds)
    return "\n".join(lines) + "\n"


def once():
    """No member paired twice in a round, no two members paired twice
    after a game played between them, no member given two byes (FIDE's
    absolute criteria)."""
    met, byes = set(), set()
    for r in range(1, rounds + 1):
        seen = set()
        for (rnd, n, game, w, b, bw, bb, res, ply, body) in pairs:
            if rnd != r:
                continue
            for m in (w, b):
                if m and m in seen:
                    fail("round %d: %s paired twice" % (r, m))
                seen.add(m)
            if not b:
                if w in byes:
                    fail("round %d: a second bye to %s" % (r, w))
                byes.add(w)
                continue
            if frozenset((w, b)) in met:
                fail("round %d: %s and %s paired again" % (r, w, b))
            # A game lost by forfeit (reason=abandoned: a player absent,
            # as after a server's kill -9) was not played: the two may
            # meet again (FIDE C.04.1, as bbpPairings and src/tourn).
            if side(res, 0) is not None and "reason=abandoned" not in body:
                met.add(frozenset((w, b)))
    print("swiss: no member paired twice in a round, no pair met twice, "
          "%d byes to %d members" % (len(byes), len(byes)))


def swiss():
    once()
    idx = {m: i + 1 for i, m in enumerate(ranked)}
    if ranked != members:
        print("swiss: ranked by rating: %s" % " ".join(
            "%s(%d)" % (m, rating[m]) for m in ranked))
    for r in range(1, rounds + 1):
        with tempfile.NamedTemporaryFile("w", suffix=".trf") as f:
            f.write(trf(r))
            f.flush()
            out = subprocess.run([CONGO, "--swiss-pair", f.name],
                                 capture_output=True, text=True)
        if out.returncode != 0:
            fail("round %d: --swiss-pair: %s" % (r, out.stderr))
        want = sorted(tuple(int(x) for x in l.split())
                      for l in out.stdout.splitlines()[1:])
        got = sorted((idx[w], idx[b] if b else 0)
                     for (rnd, n, game, w, b, *_) in pairs if rnd == r)
        if want != got:
            fail("round %d: the server paired %s, src/tourn %s" %
                 (r, got, want))
        print("swiss: round %d: %d pairs as src/tourn's Dutch system pairs "
              "them" % (r, len(got)))
    for m in members:
        half = 0
        for (rnd, n, game, w, b, bw, bb, res, ply, body) in pairs:
            if m == w and b == "":
                half += 2
            elif m in (w, b):
                x = side(res, 0 if m == w else 1)
                half += {"W": 2, "D": 1}.get(x, 0)
        want = "%d%s" % (half // 2, ".5" if half % 2 else "")
        if rows[m]["points"] != want:
            fail("%s: STANDINGS points=%s, the stored games give %s" %
                 (m, rows[m]["points"], want))
    print("swiss: %d members' points as the stored games give" %
          len(members))
    tiebreaks()


def tiebreaks():
    """Buchholz cut 1 and Sonneborn-Berger, when every member played
    every round over the board (no bye, forfeit or absence: then no
    virtual opponent), from the stored games, in quarter points."""
    half = {m: 0 for m in members}
    games = {m: [] for m in members}
    for (rnd, n, game, w, b, bw, bb, res, ply, body) in pairs:
        if b == "" or res not in ("1-0", "0-1", "1/2") or \
                "reason=abandoned" in body:
            print("swiss: tie-breaks not checked (a round not played)")
            return
        for k, (me, opp) in enumerate(((w, b), (b, w))):
            x = side(res, k)
            half[me] += {"W": 2, "D": 1}.get(x, 0)
            games[me].append((opp, x))
    for m in members:
        opp = sorted(2 * half[o] for o, x in games[m])
        bh = sum(opp[1:])
        sb = sum(2 * half[o] if x == "W" else half[o] if x == "D" else 0
                 for o, x in games[m])
        for key, q in (("buchholz", bh), ("sb", sb)):
            want = "%d%s" % (q // 4, ["", ".25", ".5", ".75"][q % 4])
            if rows[m].get(key) != want:
                fail("%s: STANDINGS %s=%s, the stored games give %s" %
                     (m, key, rows[m].get(key), want))
    print("swiss: Buchholz cut 1 and Sonneborn-Berger as the stored games "
          "give")


arena() if kind == "arena" else swiss()
