#!/usr/bin/env python3
"""net_bot_resume.py TMP CONGO SERVER: a real `congo --bot` resumes its
game after it is killed (-9) and restarted, and after its server is
killed (-9) and restarted on the same database (issue 59). Started by
tests/net_bot_resume.sh, which made TMP/games.db with the bot account
robo and its key in TMP/robo.key, or by tests/net_bot_pg.sh, which made
them on PostgreSQL and names that database in CONGO_BOT_DB. The human's moves come from a
real `congo --engine`; the game is played to its end (the human resigns
after 14 of its moves unless the rules end it first). Waits are on
conditions (a line, a port), never fixed sleeps.
"""
import os
import signal
import socket
import subprocess
import sys
import time

TMP, CONGO, SERVER = sys.argv[1], sys.argv[2], sys.argv[3]
sock = socket.socket()
sock.bind(("127.0.0.1", 0))
PORT = sock.getsockname()[1]
sock.close()
sys.argv = ["x", str(PORT), "-"]
sys.path.insert(0, __file__.rsplit("/", 1)[0])
import net_bots  # noqa: E402
from net_bots import Conn, fail, kv, note, paired  # noqa: E402

net_bots.PORT = PORT


def start_server():
    log = open(os.path.join(TMP, "server.log"), "a")
    p = subprocess.Popen([SERVER, "--port", str(PORT), "--bind",
                          "127.0.0.1", "--db", os.environ.get(
                              "CONGO_BOT_DB", os.path.join(TMP, "games.db")),
                          "--log-level", "info"], stderr=log)
    procs.append(p)
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", PORT), 0.2).close()
            return p
        except OSError:
            if p.poll() is not None:
                fail("the server exited: %d" % p.returncode)
            time.sleep(0.05)
    fail("the server never listened")


def start_bot():
    log = open(os.path.join(TMP, "bot.log"), "a")
    return started(subprocess.Popen([CONGO, "--bot", "--connect",
                             "127.0.0.1:%d" % PORT, "--account", "robo",
                             "--level", "1", "--clocks", "5+0",
                             "--games-at-once", "2", "--rated", "no"],
                            stderr=log))


def started(p):
    procs.append(p)
    return p


procs = []      # every process started: killed at the end, pass or fail


def kill9(p):
    p.send_signal(signal.SIGKILL)
    p.wait()


def rejoin(game, token, since):
    """The human back after the server's restart (its token)."""
    deadline = time.time() + 20
    while True:
        try:
            h = Conn(3)
            break
        except (OSError, SystemExit):
            if time.time() > deadline:
                fail("the human could not connect again")
    h.cmd("REJOIN game=%s token=%s" % (game, token))
    return h


def main():
    key = open(os.path.join(TMP, "robo.key")).read().strip()
    keys = os.path.join(TMP, "state", "congo", "keys")
    fd = os.open(keys, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.write(fd, ("127.0.0.1:%d robo %s\n" % (PORT, key)).encode())
    os.close(fd)
    srv = start_server()
    bot = start_bot()
    q = Conn(3)
    deadline = time.time() + 10
    while not any(i.get("name") == "robo" for i in q.cmd("SEEKS")[1]):
        if time.time() > deadline:
            fail("the bot never sought")
        q.fill(time.time() + 0.05)
    h = Conn(3)
    h.cmd("SEEK clock=300+0 name=hilde bots=yes")
    game, p = paired(h, 1.0)
    token = p["token"]
    me = 0 if p["seat"] == "white" else 1
    eng = subprocess.Popen([CONGO, "--engine"], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True)
    moves, mine_n, bot_n = [], 0, 0
    killed_bot = killed_server = False
    while True:
        if len(moves) % 2 == me:
            if mine_n >= 14:
                h.cmd("RESIGN game=%s" % game)
                h.expect(lambda l: " RESULT " in l and game in l, 10.0,
                         "RESULT")
                break
            eng.stdin.write("position startpos moves %s\ngo movetime 30\n"
                            % " ".join(moves))
            eng.stdin.flush()
            line = eng.stdout.readline()
            while not line.startswith("bestmove"):
                line = eng.stdout.readline()
            mv = line.split()[1]
            h.cmd("MOVE game=%s ply=%d move=%s" % (game, len(moves), mv))
            mine_n += 1
        ev = h.expect(lambda l: l.startswith("EV %s " % game) and
                      (" MOVE " in l or " RESULT " in l), 30.0,
                      "the bot's move (after %s)" %
                      ("the server's restart" if killed_server else
                       "the bot's restart" if killed_bot else "the start"))
        if " RESULT " in ev:
            break
        moves.append(kv(ev)["move"])
        if len(moves) % 2 != me:
            continue
        bot_n += 1
        if bot_n == 3 and not killed_bot:
            note("the bot killed (-9) and restarted mid-game")
            kill9(bot)
            bot = start_bot()
            killed_bot = True
        elif bot_n == 6 and not killed_server:
            note("the server killed (-9) and restarted mid-game")
            kill9(srv)
            h.s.close()
            srv = start_server()
            h = rejoin(game, token, 0)
            killed_server = True
    if not (killed_bot and killed_server):
        fail("the game ended before both restarts (%d moves)" % len(moves))
    note("the game finished after both restarts: %d plies" % len(moves))
    eng.stdin.close()
    eng.wait()
    bot.send_signal(signal.SIGTERM)
    if bot.wait(30) != 0:
        fail("the bot's exit status %d" % bot.returncode)
    srv.send_signal(signal.SIGTERM)
    srv.wait(30)
    print("PASS", flush=True)


try:
    main()
finally:
    for p in procs:
        if p.poll() is None:
            p.kill()
            p.wait()
