#!/usr/bin/env python3
"""web_tourney.py PORT: a tournament for tests/test_web_tourney.sh.

Four scripted players (wt1..wt4, each registered from a network of its
own, 127.0.N.1) log in; wt1 first tries a tournament named with markup
(the server refuses it: "refused <code>" printed), then makes a Swiss of 3
rounds at 10+0 starting in 2 s, "Web_Swiss"; all join. With
$WEB_TOURNEY_KIND=arena: wa1..wa4 and an arena of 10 minutes,
"Web_Arena". Prints
"tourney=<id>", then "game <id> <white> <black>" for each pairing of the
first round. Then each line read from stdin is a command:
  resign N   the N-th game's (1-based) white plays c2c3, black c6c5
             and resigns; prints
             "ended <game> <result>" once white has its RESULT
  quit       leave
Waits on events only; exit 1 when an answer or event does not come in
20 s.
"""
import os
import select
import socket
import sys
import time

PORT = int(sys.argv[1])
KIND = os.environ.get("WEB_TOURNEY_KIND", "swiss")


def kv(line):
    return dict(w.split("=", 1) for w in line.split() if "=" in w)


class Player:
    def __init__(self, i):
        self.name = ("wa%d" if KIND == "arena" else "wt%d") % i
        self.sock = socket.create_connection(
            ("127.0.0.1", PORT), 20, source_address=("127.0.%d.1" % i, 0))
        self.buf = b""
        self.tag = 0
        self.events = []

    def lines(self):
        data = self.sock.recv(65536)
        if not data:
            sys.exit("web_tourney: %s's connection closed" % self.name)
        self.buf += data
        out = []
        while b"\n" in self.buf:
            line, self.buf = self.buf.split(b"\n", 1)
            out.append(line.decode())
        for line in out:
            if line.startswith("PING"):
                self.sock.sendall(("PONG %s\n" % line.split()[1]).encode())
        return [line for line in out if not line.startswith("PING")]

    def ask(self, line):
        """line sent; its OK or ERR (the events before it kept)."""
        self.tag += 1
        tag = "#w%d" % self.tag
        self.sock.sendall(("%s %s\n" % (tag, line)).encode())
        end = time.time() + 20
        while time.time() < end:
            for got in self.lines():
                w = got.split()
                if len(w) > 1 and w[0] in ("OK", "ERR") and w[1] == tag:
                    return got
                self.events.append(got)
        sys.exit("web_tourney: no answer to %s" % line)

    def event(self, pred, what):
        """The first event (kept or read now) pred accepts."""
        end = time.time() + 20
        while True:
            for k, got in enumerate(self.events):
                if pred(got):
                    del self.events[k]
                    return got
            if time.time() > end:
                sys.exit("web_tourney: %s: no %s" % (self.name, what))
            r, _, _ = select.select([self.sock], [], [], 0.5)
            if r:
                self.events += self.lines()


def ev(kind, game=None):
    def pred(line):
        w = line.split()
        return len(w) > 3 and w[0] == "EV" and w[3] == kind and \
            (game is None or w[1] == game)
    return pred


def main():
    players = [Player(i + 1) for i in range(4)]
    for p in players:
        p.ask("HELLO CGP/1 client=web_tourney")
        got = p.ask("REGISTER name=%s" % p.name)
        assert got.startswith("OK"), got
        got = p.ask("LOGIN name=%s key=%s" % (p.name, kv(got)["key"]))
        assert got.startswith("OK"), got
    start = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 2))
    got = players[0].ask("TOURNEY kind=swiss name=<b>x</b> start=%s "
                         "rounds=3 clock=600+0 rated=no" % start)
    print("refused %s" % got.split()[2], flush=True)
    what = "minutes=10" if KIND == "arena" else "rounds=3"
    got = players[0].ask("TOURNEY kind=%s name=Web_%s start=%s %s "
                         "clock=600+0 rated=no" % (KIND, KIND.capitalize(),
                                                   start, what))
    assert got.startswith("OK"), got
    tid = kv(got)["tourney"]
    for p in players:
        got = p.ask("TJOIN tourney=%s" % tid)
        assert got.startswith("OK"), got
    print("tourney=%s" % tid, flush=True)
    # Round 1: each player's PAIRED; the games by white's name.
    games = {}
    for p in players:
        got = p.event(ev("PAIRED"), "PAIRED")
        g, seat = got.split()[1], kv(got)["seat"]
        games.setdefault(g, {})[seat] = p
    order = sorted(games, key=lambda g: games[g]["white"].name)
    for g in order:
        print("game %s %s %s" % (g, games[g]["white"].name,
                                 games[g]["black"].name), flush=True)
    for line in sys.stdin:
        w = line.split()
        if not w or w[0] == "quit":
            return
        if w[0] == "resign":
            g = order[int(w[1]) - 1]
            # (a game both sides have not moved in ends cancelled)
            for seat, ply, mv in (("white", 0, "c2c3"), ("black", 1, "c6c5")):
                got = games[g][seat].ask("MOVE game=%s ply=%d move=%s" %
                                         (g, ply, mv))
                assert got.startswith("OK"), got
            got = games[g]["black"].ask("RESIGN game=%s" % g)
            assert got.startswith("OK"), got
            got = games[g]["white"].event(ev("RESULT", g), "RESULT")
            print("ended %s %s" % (g, kv(got).get("result")), flush=True)


main()
