#!/usr/bin/env python3
"""cut_words_crowd.py PORT DIR: a busy server for test_ui_cut_words.sh's
lobby (issue 62): accounts with long names, seeks of guests and of
accounts (a rated one, a correspondence one), open, active and finished
games with long names and a chat, challenges to the account the lobby
logs in as, its correspondence games (its turn and the other's), a
seek of its own, and two tournaments (an arena, a Swiss) tomorrow. Writes DIR/keys ("NAME KEY" a line: the accounts
Hildegard_von_Bingen, Bartholomew_Fitzroy, and the bots robo and
Deep_Congo_Machine), then DIR/ready; then keeps every connection (a seek
ends with its connection) and answers the server's PINGs until DIR/stop
exists or 600 s have passed. Exit status: 0, or 1 naming what failed.
"""
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
PORT, DIR = sys.argv[1], sys.argv[2]
sys.argv = ["net_bots.py", PORT, "-"]   # (net_bots reads its port there)
from net_bots import Conn, kv, register, login  # noqa: E402

ME = "Hildegard_von_Bingen"
THEM = "Bartholomew_Fitzroy"


def game_of(first):
    return kv(first)["game"]


def main():
    keys = {ME: register(1, ME), THEM: register(1, THEM),
            "robo": register(2, "robo", bot=True),
            "Deep_Congo_Machine": register(2, "Deep_Congo_Machine",
                                           bot=True)}
    conns = []

    def conn(net=3):
        c = Conn(net)
        conns.append(c)
        return c

    def account(name):
        c = login(1, name, keys[name])
        conns.append(c)
        return c

    # guests' seeks, each its own clock (never paired with one another)
    c = conn()
    c.cmd("SEEK clock=300+5 name=Maximiliano_Gonzalez")
    c.cmd("SEEK clock=600+0 variant=megapawn name=Maximiliano_Gonzalez")
    conn().cmd("SEEK days=3 name=carla")
    conn().cmd("SEEK clock=180+2 color=white name=dmitri")
    # the accounts' seeks: a rated one, and one of the lobby's own account
    account(THEM).cmd("SEEK clock=900+10 rated=yes")
    account(ME).cmd("SEEK clock=420+4")
    # games: an open one, an active one with a chat, a finished one
    conn().cmd("CREATE clock=300+5 seat=white name=Alexandrina_Kowalski")
    w, b = conn(), conn()
    g = game_of(w.cmd("CREATE clock=600+5 seat=white name=eve")[0])
    b.cmd("JOIN game=%s seat=black name=Friedrich_Wilhelm" % g)
    w.cmd("MOVE game=%s ply=0 move=c2c3" % g)
    b.cmd("MOVE game=%s ply=1 move=b6c5" % g)
    w.cmd("SAY game=%s :good luck, have fun and mind the river" % g)
    w, b = conn(), conn()
    g = game_of(w.cmd("CREATE clock=120+1 seat=white name=gus")[0])
    b.cmd("JOIN game=%s seat=black name=hanna" % g)
    w.cmd("MOVE game=%s ply=0 move=c2c3" % g)
    b.cmd("MOVE game=%s ply=1 move=b6c5" % g)
    w.cmd("RESIGN game=%s" % g)
    # the account's correspondence games: the other's turn, then its own
    me, them = account(ME), account(THEM)
    g = game_of(me.cmd("CREATE days=3 seat=white")[0])
    them.cmd("JOIN game=%s seat=black" % g)
    me.cmd("MOVE game=%s ply=0 move=c2c3" % g)
    me, them = account(ME), account(THEM)
    g = game_of(them.cmd("CREATE days=5 seat=white")[0])
    me.cmd("JOIN game=%s seat=black" % g)
    them.cmd("MOVE game=%s ply=0 move=c2c3" % g)
    # challenges to the account: a live one and a correspondence one
    them = account(THEM)
    them.cmd("CHALLENGE name=%s clock=300+3 rated=no color=random" % ME)
    them.cmd("CHALLENGE name=%s days=7 rated=no color=black" % ME)
    # tournaments, an arena and a Swiss, tomorrow (their kinds in the
    # player's language: French "arène", Dutch "Zwitsers")
    start = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() +
                                                            86400))
    them.cmd("TOURNEY kind=arena name=Zanzibar start=%s minutes=60 "
             "clock=180+2 rated=no" % start)
    them.cmd("TOURNEY kind=swiss name=Quokka start=%s rounds=5 "
             "clock=600+5 rated=no" % start)

    with open(os.path.join(DIR, "keys.new"), "w") as f:
        for name, key in keys.items():
            f.write("%s %s\n" % (name, key))
    os.replace(os.path.join(DIR, "keys.new"), os.path.join(DIR, "keys"))
    open(os.path.join(DIR, "ready"), "w").close()

    end = time.time() + 600
    while time.time() < end and not os.path.exists(os.path.join(DIR,
                                                                 "stop")):
        for c in conns:
            c.fill(time.time() + 0.02)
            for line in [l for l in c.lines if l.startswith("PING ")]:
                c.s.sendall(("PONG %s\n" % line.split()[1]).encode())
            c.lines = []
    return 0


if __name__ == "__main__":
    sys.exit(main())
