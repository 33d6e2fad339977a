#!/usr/bin/env python3
"""tourney_bob.py PORT DIR: a scripted member of a tournament for the
terminal and plain-mode tests of tournaments (tests/net_tourney_ui.sh,
tests/test_plain_tourney.sh): registers bob, makes the arena "Evening"
(start now, 60 minutes, 1+0) by TOURNEY and joins it; prints
"tourney=<id>". Paired, it prints "paired <game> <seat>" and waits for
the file DIR/go: then as White it plays c2c3 and waits for Black's
move, as Black it waits for White's and plays b6c5, and resigns (both
have moved: a win for the other, not a cancelled game), printing
"resigned". It ends when its standard input closes. Every wait polls
with a deadline.
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.argv = [sys.argv[0], sys.argv[1], "-", sys.argv[2]]
import net_bots  # noqa: E402
from net_bots import Conn, kv  # noqa: E402

DIR = sys.argv[3]


def main():
    c = Conn(2)
    key = kv(c.cmd("REGISTER name=bob")[0])["key"]
    c.cmd("LOGIN name=bob key=%s" % key)
    first, _ = c.cmd("TOURNEY kind=arena name=Evening start=now minutes=60 "
                     "clock=60+0 rated=no")
    tid = kv(first)["tourney"]
    c.cmd("TJOIN tourney=%s" % tid)
    print("tourney=%s" % tid, flush=True)
    line = c.expect(lambda l: l.startswith("EV ") and " PAIRED " in l,
                    120, "PAIRED")
    game, seat = line.split()[1], kv(line)["seat"]
    print("paired %s %s" % (game, seat), flush=True)
    deadline = time.time() + 120
    while not os.path.exists(os.path.join(DIR, "go")):
        if time.time() > deadline:
            net_bots.fail("no go file")
        c.has(lambda l: False)
    if seat == "white":
        c.cmd("MOVE game=%s ply=0 move=c2c3" % game)
        c.expect(lambda l: l.startswith("EV %s " % game) and " MOVE " in l
                 and "ply=1" in l, 60, "Black's move")
    else:
        c.expect(lambda l: l.startswith("EV %s " % game) and " MOVE " in l
                 and "ply=0" in l, 60, "White's move")
        c.cmd("MOVE game=%s ply=1 move=b6c5" % game)
    c.cmd("RESIGN game=%s" % game)
    print("resigned", flush=True)
    sys.stdin.read()


main()
