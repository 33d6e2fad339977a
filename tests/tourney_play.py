#!/usr/bin/env python3
"""tourney_play.py PORT ENGINE KIND N [TID]: N scripted players of a
tournament on a congo-server at 127.0.0.1:PORT (tests/test_net_tourney.sh).

Each registers an account (tp1..tpN; keys kept in memory only), logs in
and joins the tournament: the first makes it (KIND arena: 10 minutes at
60+0, which the server's --day-length shortens; swiss: 3 rounds at 60+0)
unless TID names one already made (then they only join again, as after a
restart, and log in with the keys in $TOURNEY_KEYS; so too with
TOURNEY_LOGIN=1, the accounts made by a run before on the same store, for
a new tournament). $TOURNEY_ROUNDS: a Swiss's rounds (3). The players play
what ENGINE (congo --engine, depth 1) answers, and end each game by a
plan drawn from a fixed seed: resign, offer a draw (accepted), or play on;
in an arena some berserk first. They wait on events only (PAIRED, STATE,
MOVE, RESULT, TOURNEY); each stops at "TOURNEY state=finished". A player
waiting for a pairing while another is free for more than 10 s in an
arena is reported. Prints "tourney=<id>" first, then one line per game
ended as the players saw it. Exit 1 when a line does not come in 60 s.
With $TOURNEY_KILL_ROUND, the server ($TOURNEY_SERVER_PID) is killed -9
as that round's games begin ($TOURNEY_BEFORE_KILL run first, when set),
and the players come back on the port $TOURNEY_RESTART prints.
"""
import os
import random
import select
import socket
import subprocess
import sys
import time

PORT = int(sys.argv[1])
ENGINE = sys.argv[2]
KIND = sys.argv[3]
N = int(sys.argv[4])
TID = sys.argv[5] if len(sys.argv) > 5 else None
KEYS = os.environ.get("TOURNEY_KEYS", "")
KILL_ROUND = int(os.environ.get("TOURNEY_KILL_ROUND", "0"))
SERVER_PID = os.environ.get("TOURNEY_SERVER_PID", "")
RESTART = os.environ.get("TOURNEY_RESTART", "")
LOGIN = TID is not None or os.environ.get("TOURNEY_LOGIN", "") == "1"
ROUNDS = int(os.environ.get("TOURNEY_ROUNDS", "3"))
state = {"kill": False, "killed": False}
berserks = []
rng = random.Random(60)


class Engine:
    def __init__(self):
        self.p = subprocess.Popen([ENGINE, "--engine"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        self.say("uci")
        self.wait("uciok")

    def say(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("the engine ended")
            if line.startswith(prefix):
                return line.strip()

    def move(self, moves):
        self.say("position startpos" + (" moves " + " ".join(moves)
                                        if moves else ""))
        self.say("go depth 1")
        return self.wait("bestmove").split()[1]


class Player:
    def __init__(self, i):
        self.name = "tp%d" % i
        self.i = i
        self.games = {}
        self.finished = False
        self.connect()

    def connect(self):
        i = self.i
        # (each from a network of its own, 127.0.i.1: at most 3 accounts
        # are registered a network an hour)
        self.sock = socket.create_connection(
            ("127.0.0.1", PORT), 20, source_address=("127.0.%d.1" % i, 0))
        self.buf = b""
        self.tag = 0
        self.pending = []

    def send(self, line):
        self.sock.sendall((line + "\n").encode())

    def lines(self):
        try:
            data = self.sock.recv(65536)
        except OSError:
            data = b""
        if not data:
            raise ConnectionError(self.name)
        self.buf += data
        out = []
        while b"\n" in self.buf:
            line, self.buf = self.buf.split(b"\n", 1)
            out.append(line.decode())
        return out

    def ask(self, line):
        """line sent, its OK or ERR read (events before it kept)."""
        self.tag += 1
        tag = "#t%d" % self.tag
        self.send("%s %s" % (tag, line))
        end = time.time() + 60
        while time.time() < end:
            lines = self.lines()
            for k, got in enumerate(lines):
                words = got.split()
                if len(words) > 1 and words[0] in ("OK", "ERR") and \
                        words[1] == tag:
                    self.pending += lines[k + 1:]
                    return got
                self.pending.append(got)
        sys.exit("%s: no answer to %s" % (self.name, line))


def kv(line):
    return dict(w.split("=", 1) for w in line.split() if "=" in w)


def main():
    eng = Engine()
    players = [Player(i + 1) for i in range(N)]
    keys = dict(l.split() for l in open(KEYS)) if LOGIN else {}
    for p in players:
        p.ask("HELLO CGP/1 client=tourney_play")
        if not LOGIN:
            got = p.ask("REGISTER name=%s" % p.name)
            keys[p.name] = kv(got)["key"]
        got = p.ask("LOGIN name=%s key=%s" % (p.name, keys[p.name]))
        assert got.startswith("OK"), got
    if KEYS and not LOGIN:
        with open(KEYS, "w") as f:
            for n, k in keys.items():
                f.write("%s %s\n" % (n, k))
    tid = TID
    if tid is None:
        start = time.strftime("%Y-%m-%dT%H:%M:%SZ",
                              time.gmtime(time.time() + 3))
        what = "minutes=10" if KIND == "arena" else "rounds=%d" % ROUNDS
        got = players[0].ask("TOURNEY kind=%s name=test-%s start=%s %s "
                             "clock=60+0 rated=yes" % (KIND, KIND, start,
                                                       what))
        assert got.startswith("OK"), got
        tid = kv(got)["tourney"]
    print("tourney=%s" % tid, flush=True)
    for p in players:
        got = p.ask("TJOIN tourney=%s" % tid)
        assert got.startswith("OK"), got
    play(eng, players, tid)


def plan():
    """How a player ends a game: after how many own moves, and how."""
    return (rng.randint(1, 9), rng.choice(["resign", "draw", "on", "on"]),
            rng.random() < 0.3)


def on_line(eng, p, line, tid):
    w = line.split()
    if len(w) < 4 or w[0] != "EV":
        return
    g, ev, d = w[1], w[3], kv(line)
    if ev == "TOURNEY" and g == tid:
        if d.get("state") == "finished":
            p.finished = True
        if d.get("state") == "round" and KILL_ROUND and \
                int(d["n"]) == KILL_ROUND and not state["killed"]:
            state["kill"] = True
        return
    if ev == "PAIRED":
        n, how, bers = plan()
        p.games[g] = {"seat": d["seat"], "moves": [], "mine": 0, "n": n,
                      "how": how, "over": False}
        if bers and KIND == "arena":
            p.send("BERSERK game=%s" % g)
        return
    st = p.games.get(g)
    if st is None or st["over"]:
        return
    if ev == "STATE" and d.get("status") == "finished":
        st["over"] = True
        return
    if ev == "MOVE":
        st["moves"].append(d["move"])
        if state["kill"] and len(st["moves"]) >= 2:
            state["kill"] = False
            state["killed"] = True
            raise KillNow()
    if ev == "DRAW" and d.get("action") == "offer" and \
            d.get("side") != st["seat"]:
        p.send("DRAW game=%s action=accept" % g)
        return
    if ev == "BERSERK":
        # that side's time halved (60+0: 30 s; its first move is not
        # timed, so its clock has not run)
        left = int(d["wclock" if d["side"] == "white" else "bclock"])
        if left != 30000:
            sys.exit("%s: BERSERK left %s with %d ms, not 30000" %
                     (p.name, d["side"], left))
        berserks.append(g)
        return
    if ev == "RESULT":
        st["over"] = True
        print("%s %s %s %s" % (p.name, g, d.get("result"), d.get("reason")),
              flush=True)
        return
    if ev not in ("STATE", "MOVE"):
        return
    turn = "white" if len(st["moves"]) % 2 == 0 else "black"
    if turn != st["seat"] or (ev == "STATE" and d.get("status") != "active"):
        return
    if st["mine"] >= st["n"] and st["how"] == "resign":
        p.send("RESIGN game=%s" % g)
        st["how"] = "done"
        return
    if st["mine"] >= st["n"] and st["how"] == "draw":
        p.send("DRAW game=%s action=offer" % g)
        st["how"] = "on"
    mv = eng.move(st["moves"])
    st["mine"] += 1
    p.send("MOVE game=%s ply=%d move=%s" % (g, len(st["moves"]), mv))


class KillNow(Exception):
    pass


def restart(eng, players, tid):
    """The server killed -9 and started again (RESTART prints its port);
    every player back: LOGIN, each game not over taken again (REJOIN),
    its moves read (HISTORY)."""
    global PORT
    if os.environ.get("TOURNEY_BEFORE_KILL"):
        subprocess.run(os.environ["TOURNEY_BEFORE_KILL"], shell=True)
    os.kill(int(SERVER_PID), 9)
    print("killed at %.3f" % time.time(), flush=True)
    out = subprocess.run(RESTART, shell=True, capture_output=True,
                         text=True)
    PORT = int(out.stdout.split()[-1])
    print("server killed -9 in round %d, started again" % KILL_ROUND,
          flush=True)
    keys = dict(l.split() for l in open(KEYS))
    for p in players:
        p.sock.close()
        p.connect()
        p.ask("HELLO CGP/1 client=tourney_play")
        got = p.ask("LOGIN name=%s key=%s" % (p.name, keys[p.name]))
        assert got.startswith("OK"), got
        for g, st in p.games.items():
            if st["over"]:
                continue
            got = p.ask("REJOIN game=%s" % g)
            assert got.startswith("OK"), got
            got = p.ask("HISTORY game=%s" % g)
            n = int(kv(got)["n"])
            moves = []
            first = True
            while len(moves) < n:
                rest = []
                more = p.pending if first else p.pending + p.lines()
                first = False
                for line in more:
                    if line.startswith("ITEM ") and len(moves) < n:
                        moves.append(kv(line)["move"])
                    else:
                        rest.append(line)
                p.pending = rest
            st["moves"] = moves
    for p in players:
        lines, p.pending = p.pending, []
        for line in lines:
            on_line(eng, p, line, tid)


def play(eng, players, tid):
    while True:
        try:
            return play_on(eng, players, tid)
        except (KillNow, ConnectionError):
            if not state["killed"] or not RESTART:
                raise
            restart(eng, players, tid)


def play_on(eng, players, tid):
    by_sock = {p.sock: p for p in players}
    last = time.time()
    for p in players:
        lines, p.pending = p.pending, []
        for line in lines:
            on_line(eng, p, line, tid)
    while not all(p.finished for p in players):
        ready, _, _ = select.select(list(by_sock), [], [], 1.0)
        if ready:
            last = time.time()
        elif time.time() - last > 60:
            sys.exit("nothing for 60 s")
        for s in ready:
            p = by_sock[s]
            for line in p.lines():
                if line.startswith("PING"):
                    p.send("PONG " + line.split()[1])
                    continue
                on_line(eng, p, line, tid)
    print("finished (%d BERSERK events seen)" % len(berserks), flush=True)


main()
