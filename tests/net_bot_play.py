#!/usr/bin/env python3
"""net_bot_play.py PORT CONGO: a human against a real `congo --bot`
(started by tests/net_bot_play.sh, account robo, clocks 1+0, 2 games at
once, unrated only, congo only). The human's moves come from a real
`congo --engine` (50 ms a move).

- a human seek without bots=yes is not paired with the bot (a guest's
  seek then pairs with it: humans first);
- with bots=yes it is paired with the bot within a second, and the game
  is played: the bot answers every move until the game ends by the
  rules or the human resigns after 12 of its own moves;
- a challenge outside the policy (megapawn) is declined, and the bot
  logs the reason (checked by the script).
"""
import socket
import subprocess
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from net_bots import Conn, fail, kv, note, paired  # noqa: E402

CONGO = sys.argv[2]


def bot_seeks(q, n):
    deadline = time.time() + 10
    while time.time() < deadline:
        _, items = q.cmd("SEEKS")
        mine = [i for i in items if i.get("name") == "robo"]
        if len(mine) >= n:
            return mine
        time.sleep(0.05)
    fail("the bot's %d seeks never showed" % n)


def main():
    q = Conn(3)
    note("the bot keeps a seek a game at once open, title=BOT")
    mine = bot_seeks(q, 2)
    if any(i.get("title") != "BOT" for i in mine):
        fail("the bot's seeks have no title=BOT: %s" % mine)

    note("a human seek without bots=yes: not paired with the bot")
    h1 = Conn(3)
    h1.cmd("SEEK clock=60+0 name=hugo")
    h2 = Conn(3)
    h2.cmd("SEEK clock=60+0 name=hanna")
    paired(h1)
    paired(h2)
    if len(bot_seeks(q, 2)) != 2:
        fail("a bot seek was taken without bots=yes")

    note("bots=yes: paired with the bot within a second, and played")
    h = Conn(3)
    t0 = time.time()
    h.cmd("SEEK clock=60+0 name=hilde bots=yes")
    game, p = paired(h, 1.0)
    if time.time() - t0 > 1.0:
        fail("not paired within a second")
    me = 0 if p["seat"] == "white" else 1
    eng = subprocess.Popen([CONGO, "--engine"], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True)
    moves = []
    mine_n = 0
    over = False
    while True:
        if len(moves) % 2 == me:
            if mine_n >= 12:
                h.cmd("RESIGN game=%s" % game)
                break
            eng.stdin.write("position startpos moves %s\ngo movetime 50\n" %
                            " ".join(moves))
            eng.stdin.flush()
            while True:
                line = eng.stdout.readline()
                if line.startswith("bestmove"):
                    break
            mv = line.split()[1]
            h.cmd("MOVE game=%s ply=%d move=%s" % (game, len(moves), mv))
            mine_n += 1
            if mine_n == 1:
                # A draw offered at once: the bot declines it (its
                # log says so: net_bot_play.sh), and its move declines
                # it anyway.
                h.cmd("DRAW game=%s action=offer" % game)
        if len(moves) == 2:
            # The greeting (--greeting), said once at the start.
            h.expect(lambda l: " SAID " in l and game in l and
                     "Good luck, have fun" in l, 5.0, "the greeting")
        ev = h.expect(lambda l: l.startswith("EV %s " % game) and
                      (" MOVE " in l or " RESULT " in l), 10.0,
                      "the bot's move")
        if " RESULT " in ev:
            over = True
            break                   # over by the rules (or the clock)
        moves.append(kv(ev)["move"])
    # Resigned after 12 moves, unless the 12th itself ended the game
    # (its RESULT then read above: waiting for another failed).
    if mine_n >= 12 and not over:
        h.expect(lambda l: " RESULT " in l and game in l, 5.0, "RESULT")
    if len(moves) - mine_n < 3:
        fail("the bot made only %d moves" % (len(moves) - mine_n))
    eng.stdin.close()
    eng.wait()
    note("the bot played %d moves; a new seek after the game" %
         (len(moves) - mine_n))
    bot_seeks(q, 2)
    print("PASS", flush=True)


main()
