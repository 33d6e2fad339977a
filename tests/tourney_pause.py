#!/usr/bin/env python3
"""tourney_pause.py PORT DIR SECONDS: two scripted members of an arena for
the terminal test of w (withdraw) and p (pause) (tests/net_tourney_ui.sh,
issue 60): dave registers and makes the arena "Pause" (starting SECONDS
from now, 60 minutes, 1+0) by TOURNEY and joins it; prints
"tourney=<id>". Once the file DIR/erin is there, erin registers and joins
it too (the arena running by then: joined late). Each PAIRED is printed,
"paired <name> <game>", and the members do nothing more. It ends
SECONDS + 120 s after the start (or killed by the test).
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
SECONDS = int(sys.argv[3])
sys.argv = [sys.argv[0], sys.argv[1], "-", sys.argv[2]]
import net_bots  # noqa: E402
from net_bots import Conn, kv  # noqa: E402

DIR = sys.argv[3]


def member(net, name):
    c = Conn(net)
    key = kv(c.cmd("REGISTER name=%s" % name)[0])["key"]
    c.cmd("LOGIN name=%s key=%s" % (name, key))
    return c


def paired(c, name):
    for line in [l for l in c.lines if " PAIRED " in l]:
        c.lines.remove(line)
        print("paired %s %s" % (name, line.split()[1]), flush=True)


def main():
    dave = member(8, "dave")
    start = time.strftime("%Y-%m-%dT%H:%M:%SZ",
                          time.gmtime(time.time() + SECONDS))
    first, _ = dave.cmd("TOURNEY kind=arena name=Pause start=%s minutes=60 "
                        "clock=60+0 rated=no" % start)
    tid = kv(first)["tourney"]
    dave.cmd("TJOIN tourney=%s" % tid)
    print("tourney=%s" % tid, flush=True)
    erin = None
    deadline = time.time() + SECONDS + 120
    while time.time() < deadline:
        dave.has(lambda l: False)
        paired(dave, "dave")
        if erin is None and os.path.exists(os.path.join(DIR, "erin")):
            erin = member(9, "erin")
            erin.cmd("TJOIN tourney=%s" % tid)
            print("erin joined", flush=True)
        if erin is not None:
            erin.has(lambda l: False)
            paired(erin, "erin")


main()
