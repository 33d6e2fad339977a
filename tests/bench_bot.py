#!/usr/bin/env python3
"""bench_bot.py [GAMES] [AT_ONCE] [CLOCK]: a benchmark, not a test (issue
59, step 5). One full-strength `congo --bot` (--full, --games-at-once
AT_ONCE, --clocks CLOCK; default 4 at once at 3+2) on a real congo-server
(SQLite, in a temporary directory) against AT_ONCE scripted opponents who
play fast (each move from `congo --engine`, 20 ms), until GAMES games
(default 40) are over. It reports the games the bot lost on time (the
goal: 0), its results, and the bot process's CPU seconds and peak memory
(VmHWM) per game, from /proc. Run from the build tree:

    python3 tests/bench_bot.py 40 4 3+2

It takes about an hour on 2 cores; it is not part of make check.
"""
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CONGO = os.environ.get("CONGO", os.path.join(HERE, "../src/congo"))
SERVER = os.environ.get("CONGO_SERVER", os.path.join(HERE,
                                                     "../src/congo-server"))
GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 40
AT_ONCE = int(sys.argv[2]) if len(sys.argv) > 2 else 4
CLOCK = sys.argv[3] if len(sys.argv) > 3 else "3+2"
M, S = CLOCK.split("+")
WIRE_CLOCK = "%d+%d" % (int(M) * 60, int(S))
TMP = tempfile.mkdtemp(prefix="bench-bot.")
sock = socket.socket()
sock.bind(("127.0.0.1", 0))
PORT = sock.getsockname()[1]
sock.close()
sys.argv = ["x", str(PORT), "-"]
sys.path.insert(0, HERE)
import net_bots  # noqa: E402
from net_bots import Conn, kv, paired  # noqa: E402

net_bots.PORT = PORT
lock = threading.Lock()
results = []            # (result, reason, bot's seat)
started = [0]
aborted = [0]           # opponents paired with each other, not counted


def proc_stats(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    hwm = 0
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmHWM:"):
                hwm = int(line.split()[1])
    return cpu, hwm


def opponent(n):
    """Seeks the bot (bots=yes), plays fast, again until GAMES started."""
    eng = subprocess.Popen([CONGO, "--engine"], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True)
    h = Conn(3)
    while True:
        with lock:
            if started[0] >= GAMES:
                break
            started[0] += 1
        # A seek when the bot has one open (a condition, not a pause).
        deadline = time.time() + 600
        while not any(i.get("name") == "fullbot" for i in
                      h.cmd("SEEKS")[1]):
            if time.time() > deadline:
                net_bots.fail("the bot keeps no seek open")
            h.fill(time.time() + 0.05)
        h.cmd("SEEK clock=%s name=fast%d bots=yes" % (WIRE_CLOCK, n))
        game, p = paired(h, 600.0)
        st = h.expect(lambda l: l.startswith("EV %s " % game) and
                      " STATE " in l, 10.0, "the game's STATE")
        if "fullbot" not in (kv(st).get("white"), kv(st).get("black")):
            # Two opponents' bots=yes seeks paired with each other
            # (humans first, PROTOCOL.md "Bots"): not a game of the
            # bot's; aborted (a resignation before any move), sought
            # again.
            h.cmd("RESIGN game=%s" % game, ok=False)
            with lock:
                started[0] -= 1
                aborted[0] += 1
            continue
        me = 0 if p["seat"] == "white" else 1
        moves = []
        while True:
            if len(moves) % 2 == me:
                eng.stdin.write("position startpos moves %s\n"
                                "go movetime 20\n" % " ".join(moves))
                eng.stdin.flush()
                line = eng.stdout.readline()
                while not line.startswith("bestmove"):
                    line = eng.stdout.readline()
                h.cmd("MOVE game=%s ply=%d move=%s" %
                      (game, len(moves), line.split()[1]), ok=False)
            ev = h.expect(lambda l: l.startswith("EV %s " % game) and
                          (" MOVE " in l or " RESULT " in l), 600.0,
                          "a move or the result")
            if " RESULT " in ev:
                k = kv(ev)
                with lock:
                    results.append((k.get("result"), k.get("reason"),
                                    1 - me))
                break
            moves.append(kv(ev)["move"])
    eng.stdin.close()
    eng.wait()


def main():
    log = open(os.path.join(TMP, "server.log"), "w")
    srv = subprocess.Popen([SERVER, "--port", str(PORT), "--bind",
                            "127.0.0.1", "--db", os.path.join(TMP, "g.db"),
                            "--create", "--commands-per-second", "100",
                            "--games-per-minute", "100"], stderr=log)
    while True:
        try:
            socket.create_connection(("127.0.0.1", PORT), 0.2).close()
            break
        except OSError:
            time.sleep(0.05)
    c = Conn(1)
    key = kv(c.cmd("REGISTER name=fullbot bot=yes")[0])["key"]
    env = dict(os.environ, XDG_STATE_HOME=os.path.join(TMP, "state"),
               XDG_DATA_HOME=os.path.join(TMP, "data"),
               XDG_CONFIG_HOME=os.path.join(TMP, "config"), HOME=TMP)
    os.makedirs(os.path.join(TMP, "state", "congo"), 0o700)
    fd = os.open(os.path.join(TMP, "state", "congo", "keys"),
                 os.O_WRONLY | os.O_CREAT, 0o600)
    os.write(fd, ("127.0.0.1:%d fullbot %s\n" % (PORT, key)).encode())
    os.close(fd)
    blog = open(os.path.join(TMP, "bot.log"), "w")
    bot = subprocess.Popen([CONGO, "--bot", "--connect",
                            "127.0.0.1:%d" % PORT, "--account", "fullbot",
                            "--full", "--clocks", CLOCK, "--games-at-once",
                            str(AT_ONCE), "--rated", "no"], stderr=blog,
                           env=env)
    t0 = time.time()
    threads = [threading.Thread(target=opponent, args=(i,))
               for i in range(AT_ONCE)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    cpu, hwm = proc_stats(bot.pid)
    wall = time.time() - t0
    bot.send_signal(signal.SIGTERM)
    bot.wait()
    srv.send_signal(signal.SIGTERM)
    srv.wait()
    n = len(results)
    lost_time = sum(1 for r, why, seat in results if why == "time" and
                    r == ("0-1" if seat == 0 else "1-0"))
    won = sum(1 for r, why, seat in results
              if r == ("1-0" if seat == 0 else "0-1"))
    print("games %d at once %d clock %s: bot won %d, lost on time %d"
          % (n, AT_ONCE, CLOCK, won, lost_time))
    print("bot CPU %.1f s (%.1f s a game), peak memory %d kB, wall %.0f s"
          % (cpu, cpu / max(n, 1), hwm, wall))
    print("opponents paired with each other (aborted, not counted): %d"
          % (aborted[0] // 2))
    print("logs in %s" % TMP)
    sys.exit(1 if lost_time else 0)


main()
