#!/usr/bin/env python3
"""net_bot_stop.py PORT BOTPID MODE: SIGTERM to a `congo --bot` with a
game running (tests/net_bot_play.sh). A human seek with bots=yes is
paired with the bot; then the bot gets SIGTERM. MODE resign: the bot
resigns the game (RESULT reason=resign, the human winning). MODE finish:
the game goes on (the bot still answers a move), and ends when the human
resigns. The script that started the bot checks its exit status.
"""
import os
import signal
import subprocess
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from net_bots import Conn, fail, kv, note, paired  # noqa: E402

BOT = int(sys.argv[2])
MODE = sys.argv[3]
CONGO = sys.argv[4]


def best(moves):
    """The move congo --engine plays after moves (50 ms)."""
    out = subprocess.run([CONGO, "--engine"], input="position startpos "
                         "moves %s\ngo movetime 50\n" % " ".join(moves),
                         capture_output=True, text=True, timeout=30).stdout
    return [l for l in out.splitlines() if l.startswith("bestmove")][0] \
        .split()[1]


def main():
    h = Conn(3)
    h.cmd("SEEK clock=60+0 name=hedda bots=yes")
    game, p = paired(h, 5.0)
    me = 0 if p["seat"] == "white" else 1
    moves = []

    def bot_moves():
        ev = h.expect(lambda l: l.startswith("EV %s " % game) and
                      " MOVE " in l and "ply=%d " % len(moves) in l,
                      10.0, "the bot's move")
        moves.append(kv(ev)["move"])

    def my_move():
        mv = best(moves)
        h.cmd("MOVE game=%s ply=%d move=%s" % (game, len(moves), mv))
        moves.append(mv)

    # Both sides move first: a game resigned before that is aborted.
    if me == 0:
        my_move()
        bot_moves()
    else:
        bot_moves()
        my_move()
    note("SIGTERM to the bot with game %s running (%s)" % (game, MODE))
    os.kill(BOT, signal.SIGTERM)
    if MODE == "resign":
        r = h.expect(lambda l: " RESULT " in l and game in l, 10.0,
                     "the bot's resignation")
        want = "1-0" if me == 0 else "0-1"
        if kv(r).get("result") != want or kv(r).get("reason") != "resign":
            fail("not resigned by the bot: " + r)
    else:
        if len(moves) % 2 == me:
            my_move()
        bot_moves()             # it plays on after SIGTERM
        h.cmd("RESIGN game=%s" % game)
    print("PASS", flush=True)


main()
