#!/usr/bin/env python3
"""net_bot_pg2.py TMP CONGO SERVER DB: real `congo --bot` processes and
two congo-servers, A and B, sharing one PostgreSQL database DB (issue
59), started by tests/net_bot_pg2.sh on test_net_pg.sh's throwaway
cluster. The bot robo plays on A, the bot robb on B; the humans are on B.

- a human's seek on B without bots=yes is not paired with robo's (older)
  seek on A: a human's seek on A pairs with it (humans first);
- a human's seek on B with bots=yes is paired with robo on A within a
  second (the time is printed; the limit grows with the load average on
  a loaded machine, up to 3 s), and a second one with robo's other seek;
- robo's and robb's seeks (the same clock, one on each server) are never
  paired: robb never plays;
- a challenge from a human on B outside robo's policy is declined with
  its reason (why=variant, why=clock);
- server A killed (-9) mid-game and restarted: robo's connections come
  back and both games go on;
- robo killed (-9) mid-game and restarted connected to B (through a
  proxy that lets its second connection in only once the first has read
  the games to resume): it resumes both games through B (REJOIN by
  account), the second by the connection logged in later, and finishes
  them;
- robb stopped, a human's bots=yes seek on A, made while robo is busy,
  waits through robo's restart (robo seeks nothing before it has read its
  games to resume: its first connection would take that seek instead of
  a game) and is paired with robo's seek made on B as its first game
  ends, within the same limit.
The humans' moves come from a real `congo --engine`; each human resigns
after 14 of its moves unless the rules end the game first. Waits are on
conditions (a line, a port), never fixed sleeps.
"""
import os
import signal
import socket
import selectors
import subprocess
import sys
import threading
import time

TMP, CONGO, SERVER, DB = sys.argv[1:5]
sys.argv = ["x", "0", "-"]
sys.path.insert(0, __file__.rsplit("/", 1)[0])
import net_bots  # noqa: E402
from net_bots import fail, kv, note  # noqa: E402

procs = []      # every process started: killed at the end, pass or fail


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


PORT = {"a": free_port(), "b": free_port()}


class Proxy:
    """A port in front of server B ("p") that passes the first
    connection through at once and holds the others until release(): the
    bot restarted there has its first connection logged in, and its list
    of games to resume read, before its second one can log in."""

    def __init__(self):
        self.ls = socket.socket()
        self.ls.bind(("127.0.0.1", 0))
        self.ls.listen(16)
        PORT["p"] = self.ls.getsockname()[1]
        self.first = True
        self.go = threading.Event()
        threading.Thread(target=self.accept, daemon=True).start()

    def release(self):
        self.go.set()

    def accept(self):
        while True:
            c, _ = self.ls.accept()
            first, self.first = self.first, False
            threading.Thread(target=self.pump, args=(c, first),
                             daemon=True).start()

    def pump(self, c, first):
        if not first:
            self.go.wait()
        try:
            s = socket.create_connection(("127.0.0.1", PORT["b"]))
        except OSError:
            c.close()
            return
        sel = selectors.DefaultSelector()
        sel.register(c, selectors.EVENT_READ, s)
        sel.register(s, selectors.EVENT_READ, c)
        try:
            while True:
                for k, _ in sel.select():
                    data = k.fileobj.recv(65536)
                    if not data:
                        return
                    k.data.sendall(data)
        except OSError:
            pass
        finally:
            c.close()
            s.close()


def conn(srv, net=3):
    """A CGP/1 connection to server srv ("a" or "b") from 127.0.net.1."""
    net_bots.PORT = PORT[srv]
    return net_bots.Conn(net)


def start_server(srv, create=False):
    log = open(os.path.join(TMP, "server-%s.log" % srv), "a")
    p = subprocess.Popen([SERVER, "--port", str(PORT[srv]), "--bind",
                          "127.0.0.1", "--db", DB, "--log-level", "info",
                          "--max-per-address", "100"] +
                         (["--create"] if create else []), stderr=log)
    procs.append(p)
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", PORT[srv]), 0.2).close()
            return p
        except OSError:
            if p.poll() is not None:
                fail("server %s exited: %d" % (srv, p.returncode))
            time.sleep(0.05)
    fail("server %s never listened" % srv)


def start_bot(name, srv, games, tag):
    # Level 3 (depth 2) sees a lion threatened; level 1 may leave it to
    # be taken, and the human's engine ended a game by ply 8 before the
    # restarts the test is about (once, under a sanitized build's load).
    log = open(os.path.join(TMP, "%s-%s.log" % (name, tag)), "a")
    p = subprocess.Popen([CONGO, "--bot", "--connect", "127.0.0.1:%d" %
                          PORT[srv], "--account", name, "--level", "3",
                          "--clocks", "5+0", "--games-at-once", str(games),
                          "--rated", "no", "--variants", "congo"],
                         stderr=log)
    procs.append(p)
    return p


def log_of(name, tag):
    with open(os.path.join(TMP, "%s-%s.log" % (name, tag))) as f:
        return f.read()


def kill9(p):
    p.send_signal(signal.SIGKILL)
    p.wait()


def seeks_of(q, name):
    _, items = q.cmd("SEEKS")
    return [i for i in items if i.get("name") == name]


def until_seeks(q, name, n, what):
    """Until q's server lists n seeks of name, all title=BOT."""
    deadline = time.time() + 15
    while time.time() < deadline:
        mine = seeks_of(q, name)
        if len(mine) == n:
            if any(i.get("title") != "BOT" for i in mine):
                fail("%s's seeks without title=BOT: %s" % (name, mine))
            return mine
        q.fill(time.time() + 0.1)      # (20 commands a second at most)
    fail("%s: %s's %d seeks never listed (have %s)" % (what, name, n,
         seeks_of(q, name)))


def register(srv, net, name, bot):
    c = conn(srv, net)
    first, _ = c.cmd("REGISTER name=%s%s" % (name, " bot=yes" if bot
                                             else ""))
    c.s.close()
    return kv(first)["key"]


def paired(c, timeout):
    l = c.expect(lambda l: l.startswith("EV ") and " PAIRED " in l,
                 timeout, "PAIRED")
    return l.split()[1], kv(l)


def names(c, game):
    """(white, black) of game, from its STATE."""
    c.cmd("STATE game=%s" % game)
    st = kv(c.expect(lambda l: " STATE " in l and game in l, 5.0, "STATE"))
    return st.get("white", st.get("wname")), st.get("black",
                                                     st.get("bname"))


class Game:
    """A human on a connection to B against robo: its moves, its end."""

    def __init__(self, c, game, p, who):
        self.c, self.id, self.who = c, game, who
        self.me = 0 if p["seat"] == "white" else 1
        self.moves, self.mine, self.bots = [], 0, 0
        self.over = False
        self.asked = -1         # the ply whose move the engine searched

    def step(self, eng):
        """My move when it is my turn; then the events that came."""
        if self.over:
            return
        if len(self.moves) % 2 == self.me and self.asked != len(self.moves):
            self.asked = len(self.moves)
            if self.mine >= 14:
                self.c.cmd("RESIGN game=%s" % self.id)
            else:
                eng.stdin.write("position startpos moves %s\n"
                                "go movetime 30\n" % " ".join(self.moves))
                eng.stdin.flush()
                line = eng.stdout.readline()
                while not line.startswith("bestmove"):
                    line = eng.stdout.readline()
                self.c.cmd("MOVE game=%s ply=%d move=%s" %
                           (self.id, len(self.moves), line.split()[1]))
                self.mine += 1
        self.c.fill(time.time() + 0.02)
        for l in list(self.c.lines):
            if not l.startswith("EV %s " % self.id):
                continue
            self.c.lines.remove(l)
            if " RESULT " in l:
                self.over = True
                self.end = time.time()
                note("%s's game %s over after %d plies: %s" %
                     (self.who, self.id, len(self.moves), l))
                return
            if " MOVE " in l:
                self.moves.append(kv(l)["move"])
                if len(self.moves) % 2 != self.me:
                    self.bots += 1
                self.last = time.time()


def play(games, eng, until, what):
    """Both games stepped until until() holds or the bot is silent 30 s."""
    for g in games:
        g.last = time.time()
    while not until():
        for g in games:
            g.step(eng)
            if not g.over and time.time() - g.last > 30:
                fail("%s: no move of the bot in %s's game %s for 30 s "
                     "(%d plies)" % (what, g.who, g.id, len(g.moves)))


def main():
    proxy = Proxy()
    srv_a = start_server("a", create=True)
    srv_b = start_server("b")
    keys = {n: register("a" if n != "carla" else "b", 1 if n != "carla"
                        else 2, n, n != "carla")
            for n in ("robo", "robb", "carla")}
    path = os.path.join(TMP, "state", "congo", "keys")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    for n in ("robo", "robb"):
        for s in ("a", "b", "p"):
            os.write(fd, ("127.0.0.1:%d %s %s\n" % (PORT[s], n, keys[n]))
                     .encode())
    os.close(fd)

    note("robo on A: its two seeks listed on B with title=BOT")
    robo = start_bot("robo", "a", 2, "1")
    qb = conn("b")
    until_seeks(qb, "robo", 2, "robo on A")
    note("robb on B, the same clock: its seek listed on A, and neither "
         "bot's paired")
    robb = start_bot("robb", "b", 1, "1")
    qa = conn("a")
    until_seeks(qa, "robb", 1, "robb on B")
    until_seeks(qa, "robo", 2, "robo beside robb, on A")
    until_seeks(qb, "robo", 2, "robo beside robb, on B")
    until_seeks(qb, "robb", 1, "robb beside robo, on B")

    note("a human's seek on B without bots=yes: not paired with robo's "
         "older seek; a human's on A pairs with it")
    h1 = conn("b")
    h1.cmd("SEEK clock=300+0 name=hugo")
    h2 = conn("a", 4)
    h2.cmd("SEEK clock=300+0 name=hanna")
    g1, _ = paired(h1, 5.0)
    g2, _ = paired(h2, 5.0)
    if g1 != g2:
        fail("hugo and hanna not paired together: %s, %s" % (g1, g2))
    h1.cmd("CANCEL game=%s" % g1)
    until_seeks(qb, "robo", 2, "robo's seeks after the humans' pairing")
    until_seeks(qb, "robb", 1, "robb's seek after the humans' pairing")

    note("challenges from a human on B outside robo's policy: declined "
         "with the reason")
    carla = conn("b", 2)
    carla.cmd("LOGIN name=carla key=%s" % keys["carla"])
    for ch, why in (("variant=megapawn clock=300+0", "variant"),
                    ("variant=congo clock=60+0", "clock")):
        first, _ = carla.cmd("CHALLENGE name=robo %s" % ch)
        gc = kv(first)["game"]
        carla.expect(lambda l: " RESULT " in l and gc in l and
                     "reason=declined why=%s" % why in l, 10.0,
                     "the decline why=%s" % why)
    if "declined: variant" not in log_of("robo", "1") or \
            "declined: clock" not in log_of("robo", "1"):
        fail("robo did not log its declines' reasons")

    note("a human's seek on B with bots=yes: paired with robo on A "
         "within a second")
    load = os.getloadavg()[0] / (os.cpu_count() or 1)
    limit = min(3.0, max(1.0, load))
    games = []
    for who in ("hilde", "henk"):
        h = conn("b", 3 if who == "hilde" else 4)
        t0 = time.time()
        h.cmd("SEEK clock=300+0 name=%s bots=yes" % who)
        game, p = paired(h, 10.0)
        dt = time.time() - t0
        note("%s (B) paired in %.3f s (load %.2f a core, limit %.1f s)" %
             (who, dt, load, limit))
        if dt > limit:
            fail("%s paired in %.3f s, not within %.1f s" % (who, dt,
                                                              limit))
        w, b = names(h, game)
        if "robo" not in (w, b):
            fail("%s paired with %s and %s, not robo" % (who, w, b))
        games.append(Game(h, game, p, who))
    if any(g.id == games[0].id for g in games[1:]):
        fail("one game for both humans")

    eng = subprocess.Popen([CONGO, "--engine"], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True)
    play(games, eng, lambda: all(g.bots >= 3 or g.over for g in games),
         "the start")
    if any(g.over for g in games):
        fail("a game over before the server's restart")

    note("server A killed (-9) mid-game and restarted: robo back on it")
    kill9(srv_a)
    srv_a = start_server("a")
    n = [g.bots for g in games]
    play(games, eng, lambda: all(g.bots >= k + 2 or g.over
                                 for g, k in zip(games, n)),
         "after server A's restart")
    if any(g.over for g in games):
        fail("a game over before the bot's restart")

    note("robb stopped, it never played; a human's bots=yes seek on A "
         "while robo is busy: waiting for robo's next seek")
    robb.send_signal(signal.SIGTERM)
    if robb.wait(30) != 0:
        fail("robb's exit status %d after SIGTERM" % robb.returncode)
    if "playing" in log_of("robb", "1"):
        fail("robb played: %s" % [l for l in log_of("robb", "1")
                                  .splitlines() if "playing" in l])
    qa = conn("a")
    until_seeks(qa, "robb", 0, "robb's seek withdrawn")
    hedda = conn("a", 4)
    hedda.cmd("SEEK clock=300+0 name=hedda bots=yes")

    note("robo killed (-9) mid-game and restarted on B, its second "
         "connection let in once the first read the games to resume: "
         "both games resumed through B, hedda's seek not taken first")
    kill9(robo)
    robo = start_bot("robo", "p", 2, "2")
    deadline = time.time() + 15
    while not any(w in log_of("robo", "2") for w in (
            "connection is free", "no free connection",
            "congo-bot[1]: logged in")):
        if time.time() > deadline:
            fail("robo restarted on B never read its games to resume")
        time.sleep(0.05)
    if "congo-bot[1]: logged in" in log_of("robo", "2"):
        note("(robo's second connection was the first through)")
    proxy.release()
    deadline = time.time() + 15
    while not all("game %s: resumed" % g.id in log_of("robo", "2")
                  for g in games):
        if time.time() > deadline:
            fail("robo on B did not resume both games: %s" %
                 log_of("robo", "2"))
        for g in games:
            g.step(eng)
    if hedda.has(lambda l: " PAIRED " in l):
        fail("hedda's seek taken by robo's restart, before its games "
             "were resumed: %s" % log_of("robo", "2"))

    when = {}

    def over():
        ends = [g.end for g in games if g.over]
        if ends and "end" not in when:
            when["end"] = min(ends)
        if "paired" not in when and hedda.has(lambda l: " PAIRED " in l):
            when["paired"] = time.time()
            if "end" not in when:
                fail("hedda paired with robo while both its games went "
                     "on: %s" % log_of("robo", "2"))
        return all(g.over for g in games)
    play(games, eng, over, "after robo's restart on B")
    for g in games:
        if g.mine < 6:
            fail("%s's game %s ended after %d of its moves only" %
                 (g.who, g.id, g.mine))
    gh, _ = paired(hedda, 10.0)
    when.setdefault("paired", time.time())
    dt = when["paired"] - when["end"]
    note("hedda (A) paired %.3f s after robo's first game ended, as "
         "seen by a loop that reads every 0.1 s (limit %.1f s)" %
         (dt, limit))
    if dt > limit:
        fail("hedda paired %.3f s after a game of robo ended" % dt)
    if "robo" not in names(hedda, gh):
        fail("hedda not paired with robo")
    hedda.cmd("CANCEL game=%s" % gh)
    hedda.expect(lambda l: " RESULT " in l and gh in l, 5.0, "RESULT")
    games.append(Game(hedda, gh, {"seat": "white"}, "hedda"))

    note("robo played only hilde, henk and hedda")
    ids = {g.id for g in games}
    for tag in ("1", "2"):
        for l in log_of("robo", tag).splitlines():
            if ": playing " in l and l.split("game ")[1].split(":")[0] \
                    not in ids:
                fail("robo played another game: %s" % l)
    eng.stdin.close()
    eng.wait()
    robo.send_signal(signal.SIGTERM)
    if robo.wait(30) != 0:
        fail("robo's exit status %d after SIGTERM" % robo.returncode)
    for p in (srv_a, srv_b):
        p.send_signal(signal.SIGTERM)
        p.wait(30)
    print("PASS", flush=True)


try:
    main()
finally:
    for p in procs:
        if p.poll() is None:
            p.kill()
            p.wait()
