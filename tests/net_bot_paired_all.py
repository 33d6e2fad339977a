#!/usr/bin/env python3
"""net_bot_paired_all.py TMP CONGO: a tournament's PAIRED told on every
connection of a bot's account (PROTOCOL.md "Tournaments": "on the
player's own connections"; congo-server tells one today) is played by
exactly one of a real `congo --bot`'s connections: one takes the seat
(REJOIN), the others ignore it, and only that one moves. The server here
is a fake speaking just what the bot needs (HELLO, LOGIN, TJOIN,
TOURNEYS, GAMES, SEEK, REJOIN, STATE); tests/net_bot_tourney.sh has the
real one. Then that game ends as a client catching up sees it, in its
STATE only (status=finished, no RESULT): on SIGTERM the bot, which
finishes its games before it exits, exits 0 at once (it waited for ever).
Then two challenges one after the other to the bot's first connection
(the one that sent TJOIN): it plays a move in each, the second game's
events numbered from 1 again (a JOIN kept the first game's number and
dropped them). Waits on lines, never a fixed time.
"""
import os
import select
import signal
import socket
import subprocess
import sys
import time

TMP, CONGO = sys.argv[1], sys.argv[2]
TID, GAME, TOKEN = "TTTTTTTT", "GGGGGGGG", "K" * 26
START = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ_w_0_1"
AFTER = "gmelecz/ppppppp/7/7/5P1/PPPPPP1/GMELECZ_b_1_1"
log = []


def fail(msg):
    print("FAIL: " + msg)
    for l in log[-40:]:
        print("  | " + l)
    sys.exit(1)


class Conn:
    def __init__(self, s, n):
        self.s, self.n, self.buf = s, n, b""
        self.login = self.rejoined = self.slot0 = self.closed = False
        self.moves = []
        self.challenge_moves = []

    def send(self, line):
        log.append("S%d> %s" % (self.n, line))
        self.s.sendall((line + "\n").encode())


def answer(c, line):
    """The fake server's answer to one line of the bot."""
    log.append("C%d< %s" % (c.n, line))
    w = line.split()
    if not w or w[0] in ("HELLO", "PONG"):
        return
    tag, verb = w[0], w[1] if len(w) > 1 else ""
    kv = dict(x.split("=", 1) for x in w if "=" in x)
    if verb == "LOGIN":
        c.login = True
        c.send("OK %s LOGIN name=bota bot=yes" % tag)
    elif verb == "TOURNEYS":
        c.send("OK %s TOURNEYS n=1" % tag)
        c.send("ITEM %s tourney=%s kind=arena name=t status=running "
               "start=2020-01-01T00:00:00Z minutes=60 clock=60+0 "
               "variant=congo rated=yes players=2" % (tag, TID))
    elif verb == "GAMES":
        c.send("OK %s GAMES n=0" % tag)
    elif verb == "SEEK":
        c.send("OK %s SEEK seek=S%07d" % (tag, c.n))
    elif verb == "UNSEEK":
        c.send("OK %s UNSEEK" % tag)
    elif verb == "TJOIN":
        c.slot0 = True
        c.send("OK %s TJOIN tourney=%s" % (tag, TID))
    elif verb == "JOIN" and kv.get("game", "").startswith("CH"):
        g = kv["game"]
        c.send("OK %s JOIN game=%s seat=black token=%s" % (tag, g, TOKEN))
        c.send("EV %s 1 STATE variant=congo start=%s fen=%s ply=0 "
               "turn=white status=active white=ann black=bota wpresent=1 "
               "bpresent=1 clock=180+2 wclock=180000 bclock=180000" %
               (g, START, START))
        c.send("EV %s 2 MOVE ply=0 side=white move=g2f3 fen=%s "
               "wclock=180000 bclock=180000" % (g, AFTER))
    elif verb in ("STATE", "HISTORY") and kv.get("game", "").startswith("CH"):
        if verb == "HISTORY":
            c.send("OK %s HISTORY game=%s n=1 plies=1" % (tag, kv["game"]))
            c.send("ITEM %s ply=0 move=g2f3" % tag)
    elif verb == "MOVE" and kv.get("game", "").startswith("CH"):
        c.challenge_moves.append(kv["game"])
        c.send("OK %s MOVE game=%s ply=1" % (tag, kv["game"]))
    elif verb == "REJOIN" and kv.get("game") == GAME:
        c.rejoined = True
        c.send("OK %s REJOIN game=%s seat=white" % (tag, GAME))
        state(c, 1)
    elif verb in ("STATE", "HISTORY") and kv.get("game") == GAME:
        if verb == "STATE":
            state(c, 1)
        else:
            c.send("OK %s HISTORY game=%s n=0" % (tag, GAME))
    elif verb == "MOVE":
        c.moves.append(kv.get("move"))
        c.send("OK %s MOVE game=%s ply=0" % (tag, GAME))
    elif tag.startswith("#"):
        c.send("OK %s %s" % (tag, verb))


def state(c, seq):
    c.send("EV %s %d STATE variant=congo start=%s fen=%s ply=0 turn=white "
           "status=active white=bota black=ann wpresent=1 bpresent=1 "
           "clock=60+0 wclock=60000 bclock=60000 tourney=%s" %
           (GAME, seq, START, START, TID))


def challenges(conns):
    """Two challenges in turn to the connection that sent TJOIN (the
    bot's first, which takes challenges): a move in each."""
    for c in conns:
        c.send("EV %s 0 TOURNEY state=finished" % TID)
    c = next(c for c in conns if c.slot0)
    for n, g in enumerate(("CHAAAAAA", "CHBBBBBB")):
        c.send("EV %s 0 CHALLENGED from=ann variant=congo clock=180+2 "
               "rated=no seat=black" % g)
        end = time.time() + 10
        while g not in c.challenge_moves:
            if time.time() > end:
                fail("no move of the bot in challenge %d (%s)" % (n + 1, g))
            serve(conns, 0.1)
        c.send("EV %s 3 RESULT result=1-0 reason=resign" % g)
        end = time.time() + 10
        while "game %s over" % g not in open(os.path.join(TMP,
                                                           "bot.log")).read():
            if time.time() > end:
                fail("the bot did not see challenge %d's end" % (n + 1))
            serve(conns, 0.1)
    print("-- two challenges in turn on one connection: a move in each")


def serve(conns, wait):
    """The bot's lines answered for at most wait seconds."""
    live = [c for c in conns if not c.closed]
    r, _, _ = select.select([c.s for c in live], [], [], wait)
    if not live:
        time.sleep(wait)        # (the bot gone: only its exit waited on)
    for s in r:
        c = next(c for c in conns if c.s is s)
        try:
            data = s.recv(65536)
        except OSError:
            data = b""
        if not data:            # (the bot closed it: stopping)
            c.closed = True
            continue
        c.buf += data
        while b"\n" in c.buf:
            line, c.buf = c.buf.split(b"\n", 1)
            answer(c, line.decode())


def main():
    lsock = socket.socket()
    lsock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    lsock.bind(("127.0.0.1", 0))
    lsock.listen(8)
    port = lsock.getsockname()[1]
    env = dict(os.environ, XDG_STATE_HOME=os.path.join(TMP, "state"),
               XDG_CONFIG_HOME=os.path.join(TMP, "config"), HOME=TMP)
    os.makedirs(os.path.join(TMP, "state", "congo"), exist_ok=True)
    fd = os.open(os.path.join(TMP, "state", "congo", "keys"),
                 os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.write(fd, ("127.0.0.1:%d bota %s\n" % (port, "A" * 26)).encode())
    os.close(fd)
    blog = open(os.path.join(TMP, "bot.log"), "w")
    bot = subprocess.Popen([CONGO, "--bot", "--connect",
                            "127.0.0.1:%d" % port, "--account", "bota",
                            "--level", "1", "--games-at-once", "3",
                            "--tourney", TID], stderr=blog, env=env)
    conns = []
    paired = False
    deadline = time.time() + 20
    try:
        while time.time() < deadline:
            if bot.poll() is not None:
                fail("the bot exited %d" % bot.returncode)
            socks = [lsock] + [c.s for c in conns]
            r, _, _ = select.select(socks, [], [], 0.1)
            for s in r:
                if s is lsock:
                    ns, _ = lsock.accept()
                    c = Conn(ns, len(conns))
                    conns.append(c)
                    c.send("HELLO CGP/1 server=fake/1")
                    continue
                c = next(c for c in conns if c.s is s)
                data = s.recv(65536)
                if not data:
                    fail("connection %d closed" % c.n)
                c.buf += data
                while b"\n" in c.buf:
                    line, c.buf = c.buf.split(b"\n", 1)
                    line = line.decode()
                    if line.startswith("HELLO"):
                        c.send("OK * HELLO proto=CGP/1 server=fake/1 "
                               "accounts=yes")
                    else:
                        answer(c, line)
            # Every connection logged in and seeking or idle: the
            # pairing told on all three at once.
            if not paired and len(conns) == 3 and \
                    all(c.login for c in conns) and \
                    "seeking" in open(os.path.join(TMP, "bot.log")).read():
                paired = True
                for c in conns:
                    c.send("EV %s 0 PAIRED seat=white token=%s tourney=%s"
                           % (GAME, TOKEN, TID))
            movers = [c.n for c in conns if c.moves]
            if paired and movers:
                # a little longer: a second connection would move now
                end = time.time() + 1.5
                while time.time() < end:
                    serve(conns, 0.1)
                break
        else:
            fail("no move in the paired game within 20 s")
        rejoined = [c.n for c in conns if c.rejoined]
        movers = [c.n for c in conns if c.moves]
        if len(rejoined) != 1 or len(movers) != 1 or rejoined != movers:
            fail("the game taken by connections %s, moved on by %s (one "
                 "each, the same)" % (rejoined, movers))
        print("-- the PAIRED told on 3 connections: taken and played by "
              "connection %d only" % movers[0])
        c = conns[movers[0]]
        c.send("EV %s 3 STATE variant=congo start=%s fen=%s ply=1 "
               "turn=black status=finished result=0-1 reason=resign "
               "white=bota black=ann wpresent=1 bpresent=1 clock=60+0 "
               "wclock=60000 bclock=60000 tourney=%s" %
               (GAME, START, START, TID))
        end = time.time() + 10
        while "over: 0-1" not in open(os.path.join(TMP, "bot.log")).read():
            if time.time() > end:
                fail("the bot did not see its game's end in its STATE")
            serve(conns, 0.1)
        challenges(conns)
        bot.send_signal(signal.SIGTERM)
        end = time.time() + 10
        while bot.poll() is None and time.time() < end:
            serve(conns, 0.1)
        if bot.returncode != 0:
            fail("the bot did not exit 0 on SIGTERM (%s)" % bot.returncode)
        print("-- its end told by its STATE only: the bot exited 0 on "
              "SIGTERM")
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.wait()


main()
