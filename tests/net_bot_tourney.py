#!/usr/bin/env python3
"""net_bot_tourney.py TMP CONGO SERVER: two real `congo --bot` processes in
an arena with scripted players on a real congo-server (issues 59 and 60;
tests/net_bot_tourney.sh starts it). The server runs on TMP/games.db with
--day-length 1440 (an arena's minute a second); tests/tourney_play.py
makes the arena and plays its scripted players; bota joins it with
--tourney ID, botb with --tourney auto (an arena whose clock, 1+0, and
rating fit its policy); a human (hum) keeps a casual game against bota going (a
challenge, which bota's first connection takes, a move a second; one
declined "busy" while that connection is kept for the arena is asked
again a second later), so that a pairing reaches a connection busy in
another game (the server tells it on the account's first one). Then: every game of a bot in the arena played to
its end (none lost on time, abandoned or cancelled), no pairing played
by two connections, the bots' arena games counted; botb killed (-9) in
its third arena game and started again: it joins again (TJOIN), resumes
that game and is paired again; and
tests/tourney_check.py's points, streaks and berserk bonuses from the
stored games equal to STANDINGS, the bots in them. Waits on conditions
(lines, ports, exits), never a fixed time.
"""
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time

TMP, CONGO, SERVER = sys.argv[1], sys.argv[2], sys.argv[3]
HERE = os.path.dirname(os.path.abspath(__file__))
sock = socket.socket()
sock.bind(("127.0.0.1", 0))
PORT = sock.getsockname()[1]
sock.close()
sys.argv = ["x", str(PORT), "-"]
sys.path.insert(0, HERE)
import net_bots  # noqa: E402
from net_bots import Conn, fail, kv, note  # noqa: E402

net_bots.PORT = PORT
PLAYERS = int(os.environ.get("BOT_TOURNEY_PLAYERS", "6"))
MINUTES = os.environ.get("BOT_TOURNEY_MINUTES", "14")
BOTS = ["bota", "botb"]
procs = []


def start_server():
    log = open(os.path.join(TMP, "server.log"), "a")
    p = subprocess.Popen([SERVER, "--port", str(PORT), "--bind",
                          "127.0.0.1", "--db", os.path.join(TMP, "games.db"),
                          "--create", "--day-length", "1440",
                          "--commands-per-second", "100000",
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


def start_bot(name, tid):
    log = open(os.path.join(TMP, name + ".log"), "a")
    policy = ["--clocks", "5+0", "--rated", "no", "--tourney", tid] \
        if name == "bota" else ["--clocks", "1+0", "--rated", "both",
                                "--tourney", "auto"]
    p = subprocess.Popen([CONGO, "--bot", "--connect", "127.0.0.1:%d" % PORT,
                          "--account", name, "--level", "1",
                          "--games-at-once", "2"] + policy, stderr=log)
    procs.append(p)
    return p


class Engine:
    def __init__(self):
        self.p = subprocess.Popen([CONGO, "--engine"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        procs.append(self.p)
        self.say("uci")
        self.wait("uciok")

    def say(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                fail("the engine ended")
            if line.startswith(prefix):
                return line.strip()

    def move(self, moves):
        self.say("position startpos" + (" moves " + " ".join(moves)
                                        if moves else ""))
        self.say("go depth 1")
        return self.wait("bestmove").split()[1]


class Human:
    """hum: a casual game against bota at a time (a challenge), a move a
    second; challenges again a second after one ends."""

    def __init__(self, key):
        self.c = Conn(200)
        self.c.cmd("LOGIN name=hum key=%s" % key)
        self.eng = Engine()
        self.game = None
        self.games = 0
        self.next_move = 0.0
        self.declined = 0
        self.again = 0.0
        self.game = None

    def challenge(self):
        got = kv(self.c.cmd("CHALLENGE name=bota variant=congo clock=300+0"
                            " rated=no")[0])
        self.game, self.seat, self.moves = got["game"], got["seat"], []
        self.next_move = time.time() + 3600
        self.joined = False

    def step(self, stop):
        self.c.fill(time.time() + 0.05)
        lines, self.c.lines = self.c.lines, []
        for line in lines:
            w = line.split()
            if line.startswith("PING"):
                self.c.s.sendall(("PONG %s\n" % w[1]).encode())
            if len(w) < 4 or w[0] != "EV":
                continue
            d = kv(line)
            if self.game is None or w[1] != self.game:
                continue
            if w[3] == "JOINED":
                self.joined = True
                self.games += 1
                self.next_move = time.time() + 1
            elif w[3] == "MOVE":
                self.moves.append(d["move"])
                self.next_move = time.time() + 1
            elif w[3] == "RESULT" and d.get("reason") == "declined":
                self.declined += 1
                self.game = None
                self.again = time.time() + 1
            elif w[3] == "RESULT":
                note("hum's game %s against a bot over: %s %s" %
                     (self.game, d.get("result"), d.get("reason")))
                if d.get("reason") in ("time", "abandoned", "cancelled"):
                    fail("hum's game against a bot ended by %s" %
                         d.get("reason"))
                self.game = None
                self.again = time.time() + 1
        if self.game is None:
            if not stop and time.time() >= self.again:
                self.challenge()
            return
        turn = "white" if len(self.moves) % 2 == 0 else "black"
        if stop:
            self.c.s.sendall(("%s game=%s\n" % (
                "RESIGN" if self.joined else "CANCEL", self.game)).encode())
            self.game = None
        elif turn == self.seat and time.time() >= self.next_move:
            mv = self.eng.move(self.moves)
            self.c.s.sendall(("MOVE game=%s ply=%d move=%s\n" % (
                self.game, len(self.moves), mv)).encode())
            self.next_move = time.time() + 3600


def register():
    """The bots' accounts (their keys in the client's keys file, 0600)
    and hum's."""
    c = Conn(1)
    keys = os.path.join(TMP, "state", "congo", "keys")
    fd = os.open(keys, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    for b in BOTS:
        key = kv(c.cmd("REGISTER name=%s bot=yes" % b)[0])["key"]
        os.write(fd, ("127.0.0.1:%d %s %s\n" % (PORT, b, key)).encode())
    os.close(fd)
    h = Conn(200)
    return kv(h.cmd("REGISTER name=hum")[0])["key"]


def arena_games(tid):
    db = sqlite3.connect(os.path.join(TMP, "games.db"))
    return db.execute(
        "SELECT p.game, p.white, p.black, coalesce(g.result, ''),"
        " coalesce((SELECT body FROM events e WHERE e.game = p.game AND"
        " e.kind = 'RESULT'), '') FROM tourney_pairings p LEFT JOIN games g"
        " ON g.id = p.game WHERE p.tourney = ?", (tid,)).fetchall()


def in_third_game(name):
    """name's log: its third arena game (or a later one) going on."""
    lines = open(os.path.join(TMP, name + ".log")).read().splitlines()
    n = sum(1 for l in lines if re.search(r"playing \S+ in tournament", l))
    return n >= 3 and re.search(r"playing \S+ in tournament", lines[-1])


def runs(log):
    """A bot's log cut at each start: for each run, each game's set of
    connections that took it (PAIRED, a hand-over or a resume)."""
    out = []
    for line in log.splitlines():
        if "congo-bot[-1]:" in line and "games at once" in line:
            out.append({})
        m = re.search(r"congo-bot\[(\d+)\]: game (\S+): (playing|resumed|"
                      r"taken)",
                      line)
        if m and out:
            out[-1].setdefault(m.group(2), set()).add(m.group(1))
    return out


def check_bots(tid):
    games = arena_games(tid)
    busy = 0
    for b in BOTS:
        mine = [g for g in games if b in (g[1], g[2])]
        if len(mine) < 2:
            fail("%s played %d games of the arena, not 2 or more" %
                 (b, len(mine)))
        log = open(os.path.join(TMP, b + ".log")).read()
        busy += log.count("paired on a busy connection")
        for game, w, bl, result, body in mine:
            reason = kv(body).get("reason", "")
            if result in ("", "*") or reason in ("time", "abandoned",
                                                  "cancelled"):
                fail("%s's arena game %s ended %r by %r" %
                     (b, game, result, reason))
            took = [r[game] for r in runs(log) if game in r]
            if not took or any(len(t) != 1 for t in took):
                fail("%s's arena game %s taken by connections %s (one "
                     "each run)" % (b, game, took))
            if len(took) > 1:
                note("%s's arena game %s resumed after the restart, "
                     "%s %s" % (b, game, result, reason))
        note("%s: %d arena games played to their end, each by one "
             "connection" % (b, len(mine)))
    note("pairings that reached a busy connection, played by a free one: "
         "%d" % busy)
    if busy == 0:
        fail("no pairing reached bota's connection busy with hum's game")
    # A challenge accepted: its connection seeks no more before it plays
    # (a seek the server would keep open beside the game).
    lines = open(os.path.join(TMP, "bota.log")).read().splitlines()
    for i, l in enumerate(lines):
        m = re.search(r"congo-bot\[(\d+)\]: challenge (\S+) from hum .* "
                      r"accepted", l)
        if not m:
            continue
        nxt = [x for x in lines[i + 1:] if "congo-bot[%s]:" % m.group(1) in x]
        if not nxt or "game %s: playing" % m.group(2) not in nxt[0]:
            fail("bota accepted challenge %s, then: %s" %
                 (m.group(2), nxt[0] if nxt else "nothing"))
    log = open(os.path.join(TMP, "botb.log")).read()
    again = runs(log)
    if len(again) != 2:
        fail("botb's log: %d runs, not 2" % len(again))
    if log.count("joining (it fits the policy)") < 2 or \
            log.count("TJOIN taken") < 2:
        fail("botb (--tourney auto) did not join the arena, or not again "
             "once restarted")
    if len(again[1]) < 2:
        fail("botb restarted played %d arena games, not 2 or more"
             % len(again[1]))


def main():
    os.environ.update(XDG_STATE_HOME=os.path.join(TMP, "state"),
                      XDG_DATA_HOME=os.path.join(TMP, "data"),
                      XDG_CONFIG_HOME=os.path.join(TMP, "config"),
                      HOME=TMP)
    os.makedirs(os.path.join(TMP, "state", "congo"), exist_ok=True)
    start_server()
    hum_key = register()
    out = open(os.path.join(TMP, "play.out"), "w")
    env = dict(os.environ, TOURNEY_START_IN="4", TOURNEY_MINUTES=MINUTES,
               TOURNEY_CLOCK="60+0")
    play = subprocess.Popen([sys.executable, os.path.join(HERE,
                                                          "tourney_play.py"),
                             str(PORT), CONGO, "arena", str(PLAYERS)],
                            stdout=out, stderr=subprocess.STDOUT, env=env)
    procs.append(play)
    tid = None
    deadline = time.time() + 20
    while tid is None:
        m = re.search(r"^tourney=(\S+)$",
                      open(os.path.join(TMP, "play.out")).read(), re.M)
        if m:
            tid = m.group(1)
        elif play.poll() is not None or time.time() > deadline:
            fail("the arena was not made")
        else:
            time.sleep(0.05)
    note("arena %s made; the bots join it" % tid)
    bots = [start_bot(b, tid) for b in BOTS]
    hum = Human(hum_key)
    deadline = time.time() + 120
    killed = False
    while play.poll() is None:
        if time.time() > deadline:
            fail("the arena did not finish in 120 s")
        for b in bots:
            if b.poll() is not None:
                fail("a bot exited: %d" % b.returncode)
        hum.step(False)
        if not killed and in_third_game("botb"):
            bots[1].kill()
            bots[1].wait()
            note("botb killed (-9) in its third arena game; started again")
            bots[1] = start_bot("botb", tid)
            killed = True
    if play.returncode != 0:
        fail("the scripted players failed (%d)" % play.returncode)
    note("the arena finished; hum played %d games against bota (%d "
         "challenges declined: busy)" % (hum.games, hum.declined))
    hum.step(True)
    for b in bots:
        b.send_signal(signal.SIGTERM)
    for b in bots:
        try:
            rc = b.wait(30)
        except subprocess.TimeoutExpired:
            fail("a bot did not stop on SIGTERM")
        if rc != 0:
            fail("a bot exited %d after SIGTERM" % rc)
    check_bots(tid)
    chk = subprocess.run([sys.executable, os.path.join(HERE,
                                                       "tourney_check.py"),
                          str(PORT), os.path.join(TMP, "games.db"), tid,
                          CONGO], capture_output=True, text=True)
    print(chk.stdout, end="", flush=True)
    if chk.returncode != 0:
        fail("tourney_check.py: the standings are not the stored games'")
    # STANDINGS says which members are computer players (title=BOT).
    _, items = Conn(3).cmd("STANDINGS tourney=%s" % tid)
    titled = sorted(i["name"] for i in items
                    if i.get("title") == "BOT")
    if titled != BOTS:
        fail("STANDINGS titles BOT: %s, not %s" % (titled, BOTS))
    note("STANDINGS: %d members, title=BOT beside %s" % (len(items),
                                                       " and ".join(BOTS)))
    rows = open(os.path.join(TMP, "play.out")).read()
    note("ok: %s" % rows.splitlines()[-1] if rows else "ok")


try:
    main()
finally:
    for p in procs:
        if p.poll() is None:
            p.kill()
            p.wait()
