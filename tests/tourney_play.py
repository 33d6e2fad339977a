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
MOVE, RESULT, TOURNEY); each stops at "TOURNEY state=finished". The
tournament made starts in $TOURNEY_START_IN seconds (3); an arena lasts
$TOURNEY_MINUTES (10) minutes of $TOURNEY_MINUTE seconds (1: the server's
--day-length 1440; 60 for real minutes), its clock $TOURNEY_CLOCK (60+0,
lichess's 1+0); each move sent after a thought of $TOURNEY_THINK ms
("300-2500", drawn from a fixed seed; none when unset). An arena's waits for a pairing are measured as the players
see them (from a game's end, or the start, to PAIRED, until the arena's
end) and said at the end: the longest, and the longest a player waited
while another was free too (more than $TOURNEY_MAX_WAIT seconds, when
set: exit 1). Prints "tourney=<id>" first, then one line per game
ended as the players saw it. Exit 1 when a line does not come in 60 s.
With $TOURNEY_KILL_ROUND, the server ($TOURNEY_SERVER_PID) is killed -9
as that round's games begin ($TOURNEY_BEFORE_KILL run first, when set),
and the players come back on the port $TOURNEY_RESTART prints.
$TOURNEY_CLIENTS ("2,7,10,15"): those players are real congo clients
(congo --plain, tests/tourney_client.py) played through the client's own
words, the others scripted; each stops at "has finished" too.
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
CLIENTS = [int(x) for x in os.environ.get("TOURNEY_CLIENTS", "").split(",")
           if x]
clients = []
MINUTES = int(os.environ.get("TOURNEY_MINUTES", "10"))
CLOCK = os.environ.get("TOURNEY_CLOCK", "60+0")
# (the minute's length: 60 s, or 1 with the server's --day-length 1440)
MINUTE = float(os.environ.get("TOURNEY_MINUTE", "1"))
START_IN = float(os.environ.get("TOURNEY_START_IN", "3"))
# A move's thought, drawn from $TOURNEY_THINK ms ("300-2500"; none by
# default): sent that much later.
THINK = [int(x) for x in os.environ.get("TOURNEY_THINK", "0-0").split("-")]
later = []
think_rng = random.Random(61)
state = {"kill": False, "killed": False, "start": 0.0}
# An arena's waits: (name, free since, paired or the end) per wait, and
# who is free since when now.
waits = []
free_at = {}
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
    if CLIENTS:
        start_clients(players, keys)
    tid = TID
    if tid is None:
        at = int(time.time() + START_IN)
        state["start"] = at
        start = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(at))
        what = "minutes=%d" % MINUTES if KIND == "arena" else \
            "rounds=%d" % ROUNDS
        got = players[0].ask("TOURNEY kind=%s name=test-%s start=%s %s "
                             "clock=%s rated=yes" % (KIND, KIND, start,
                                                     what, CLOCK))
        assert got.startswith("OK"), got
        tid = kv(got)["tourney"]
    print("tourney=%s" % tid, flush=True)
    for i in range(1, N + 1):
        c = [c for c in clients if c.name == "tp%d" % i]
        if c:
            # the plain mode's join, said joined
            c[0].type("join %s" % tid)
            c[0].wait_for("^you joined the tournament")
            continue
        p = [p for p in players if p.name == "tp%d" % i][0]
        got = p.ask("TJOIN tourney=%s" % tid)
        assert got.startswith("OK"), got
    play(eng, players, tid)
    for c in clients:
        c.quit()


def start_clients(players, keys):
    """The players of $TOURNEY_CLIENTS: their scripted connection closed
    (it registered the account), a congo --plain in the lobby instead."""
    import tourney_client

    tourney_client.keys_file(PORT, keys)

    def client_plan():
        n, how, _ = plan()
        return {"n": n, "how": how, "mine": 0}

    for i in CLIENTS:
        p = [p for p in players if p.name == "tp%d" % i][0]
        players.remove(p)
        p.sock.close()
        c = tourney_client.Client(ENGINE, PORT, p.name, client_plan)
        clients.append(c)
    for c in clients:
        # (join is for an account: once the client says it logged in)
        c.wait_for("^logged in as %s$" % c.name)


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
        if d.get("state") == "started" and not p.games:
            free_at[p.name] = time.time()
        if d.get("state") == "finished":
            p.finished = True
        if d.get("state") == "round" and KILL_ROUND and \
                int(d["n"]) == KILL_ROUND and not state["killed"]:
            state["kill"] = True
        return
    if ev == "PAIRED":
        if p.name in free_at:
            waits.append((p.name, free_at.pop(p.name), time.time()))
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
        free_at[p.name] = time.time()
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
        free_at[p.name] = time.time()
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
    line = "MOVE game=%s ply=%d move=%s" % (g, len(st["moves"]), mv)
    if THINK[1] > 0:
        later.append((time.time() + think_rng.uniform(*THINK) / 1000, p,
                      line))
    else:
        p.send(line)


class KillNow(Exception):
    pass


def items(p, got):
    """The n= ITEM lines that follow p's answer got, as key=value dicts
    (the other lines kept in p.pending)."""
    n = int(kv(got)["n"])
    out, first = [], True
    while len(out) < n:
        rest = []
        more = p.pending if first else p.pending + p.lines()
        first = False
        for line in more:
            if line.startswith("ITEM ") and len(out) < n:
                out.append(kv(line))
            else:
                rest.append(line)
        p.pending = rest
    return out


def unheard(eng, p, tid):
    """The games of p's account it never heard of (a pairing stored just
    before the kill, its PAIRED never sent): found as any client finds
    them (GAMES mine=yes) and taken by the account (REJOIN without a
    token), as if their PAIRED had come. Their count."""
    found = 0
    for it in items(p, p.ask("GAMES mine=yes")):
        g = it["game"]
        if g in p.games or it.get("status") != "active":
            continue
        seat = "white" if it.get("white") == p.name else "black"
        got = p.ask("REJOIN game=%s" % g)
        assert got.startswith("OK"), got
        print("%s: game %s taken from GAMES mine=yes (its PAIRED lost "
              "with the server)" % (p.name, g), flush=True)
        on_line(eng, p, "EV %s 0 PAIRED seat=%s token=- tourney=%s" %
                (g, seat, tid), tid)
        found += 1
    return found


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
    del later[:]
    taken = 0
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
            taken += 1
            st["moves"] = [it["move"] for it in
                           items(p, p.ask("HISTORY game=%s" % g))]
        taken += unheard(eng, p, tid)
    print("%d seats of games not over taken again (REJOIN)" % taken,
          flush=True)
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
    while not all(p.finished for p in players + clients):
        wait = 1.0
        if later:
            wait = max(0.0, min(wait, min(x[0] for x in later) -
                                time.time()))
        ready, _, _ = select.select(list(by_sock) + clients, [], [], wait)
        now = time.time()
        for c in clients:
            c.tick()
        for x in [x for x in later if x[0] <= now]:
            later.remove(x)
            x[1].send(x[2])
        if ready:
            last = time.time()
        elif time.time() - last > 60:
            sys.exit("nothing for 60 s")
        for s in ready:
            if s in clients:
                s.readable(eng)
                continue
            p = by_sock[s]
            for line in p.lines():
                if line.startswith("PING"):
                    p.send("PONG " + line.split()[1])
                    continue
                on_line(eng, p, line, tid)
    print("finished (%d BERSERK events seen)" % len(berserks), flush=True)
    for c in clients:
        print("%s (client): %d games, rounds said %s, byes %s" %
              (c.name, c.games, c.rounds, c.byes), flush=True)
    if KIND == "arena" and state["start"]:
        arena_waits()


def arena_waits():
    """The longest wait for a pairing, and the longest time a player
    waited while another was free too, both until the arena's end (after
    it nobody is paired); with $TOURNEY_MAX_WAIT, exit 1 beyond it."""
    end = state["start"] + MINUTES * MINUTE
    now = time.time()
    spans = [(n, a, min(b, end)) for n, a, b in waits] + \
        [(n, a, min(now, end)) for n, a in free_at.items()]
    spans = [x for x in spans if x[2] > x[1]]
    worst = (0.0, "", 0.0)
    longest = max([b - a for n, a, b in spans] + [0.0])
    for n, a, b in spans:
        cuts = sorted((max(a, a2), min(b, b2)) for n2, a2, b2 in spans
                      if n2 != n and a2 < b and b2 > a)
        both, reach = 0.0, a
        for x, y in cuts:
            x = max(x, reach)
            if y > x:
                both += y - x
                reach = y
        if both > worst[0]:
            worst = (both, n, a - state["start"])
    print("waits: %d, the longest %.1f s; the longest while another was "
          "free %.1f s (%s, %.0f s in)" % (len(spans), longest, worst[0],
                                          worst[1] or "-", worst[2]),
          flush=True)
    limit = os.environ.get("TOURNEY_MAX_WAIT")
    if limit and worst[0] > float(limit):
        sys.exit("%s waited %.1f s while another was free (more than %s)"
                 % (worst[1], worst[0], limit))


main()
