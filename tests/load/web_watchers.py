#!/usr/bin/env python3
"""web_watchers.py CGPPORT HTTPPORT WATCHERS: many viewers of one game
(issue 33). A game is made over CGP/1; WATCHERS event streams
(/game/<id>/events) are opened on it from as many addresses of 127/8
(127.A.B.1, a /24 each, as many as fit); then 14 moves are played, one
every 0.5 s, and each stream's time from a MOVE's sending to its
receiving the ply is measured (the p50, p99 and the longest over every
stream and move). Meanwhile another process fetches the game's page and
the front page every 100 ms and times them. Prints the figures; exit 1
when a stream missed a move (10 s)."""
import multiprocessing
import os
import selectors
import socket
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from web_cgp import Conn  # noqa: E402

MOVES = ["c2c3", "c6c5", "a2a3", "a6a5", "b2b3", "b6b5", "d2d3", "d6d5",
         "e2e3", "e6e5", "f2f3", "f6f5", "g2g3", "g6g5"]


def pct(v, p):
    v = sorted(v)
    return v[min(len(v) - 1, int(len(v) * p))] if v else 0


def probe(http, game, stop, out):
    """Page times (s) until stop is set."""
    times = []
    while not stop.is_set():
        for path in ("/game/%s" % game, "/"):
            t0 = time.monotonic()
            try:
                s = socket.create_connection(("127.0.0.1", http), timeout=10,
                                             source_address=("127.9.9.9", 0))
                s.sendall(b"GET %s HTTP/1.1\r\nHost: x\r\nConnection: close"
                          b"\r\n\r\n" % path.encode())
                data = b""
                while True:
                    d = s.recv(65536)
                    if not d:
                        break
                    data += d
                s.close()
                ok = data.startswith(b"HTTP/1.1 200")
            except OSError:
                ok = False
            times.append(time.monotonic() - t0 if ok else 99.0)
        time.sleep(0.1)
    out.put(times)


def main():
    cgp, http, n = (int(a) for a in sys.argv[1:4])
    white, black = Conn(cgp), Conn(cgp)
    game = white.cmd("CREATE seat=white clock=3600+0 name=w")["game"]
    black.cmd("JOIN game=%s seat=black name=b" % game)
    sel = selectors.DefaultSelector()
    socks = []
    t0 = time.monotonic()
    req = b"GET /game/%s/events HTTP/1.1\r\nHost: x\r\n\r\n" % game.encode()
    for i in range(n):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.bind(("127.%d.%d.1" % (20 + i // 250, i % 250), 0))
        s.connect(("127.0.0.1", http))
        s.sendall(req)
        s.setblocking(False)
        sel.register(s, selectors.EVENT_READ, len(socks))
        socks.append(s)
    buf = [b""] * n
    have = [-1] * n                    # the last ply each stream has

    def pump(until, want):
        """Read until every stream has ply want (or until): the time each
        got it."""
        got = {}
        while len(got) < n and time.monotonic() < until:
            for key, _ in sel.select(timeout=0.05):
                i = key.data
                try:
                    d = key.fileobj.recv(65536)
                except BlockingIOError:
                    continue
                if not d:
                    sys.exit("web_watchers: stream %d closed" % i)
                now = time.monotonic()
                buf[i] += d
                while b"\n\n" in buf[i]:
                    msg, buf[i] = buf[i].split(b"\n\n", 1)
                    k = msg.find(b'"ply":')
                    if k >= 0:
                        have[i] = int(msg[k + 6:msg.index(b",", k)])
                        if have[i] >= want and i not in got:
                            got[i] = now
        return got

    first = pump(time.monotonic() + 60, 0)
    if len(first) < n:
        sys.exit("web_watchers: %d of %d streams never opened"
                 % (n - len(first), n))
    print("web_watchers: %d streams open on game %s in %.1f s"
          % (n, game, time.monotonic() - t0), flush=True)
    stop = multiprocessing.Event()
    q = multiprocessing.Queue()
    pr = multiprocessing.Process(target=probe, args=(http, game, stop, q))
    pr.start()
    lat = []
    for ply, mv in enumerate(MOVES):
        who = white if ply % 2 == 0 else black
        sent = time.monotonic()
        who.cmd("MOVE game=%s ply=%d move=%s" % (game, ply, mv))
        got = pump(sent + 10, ply + 1)
        if len(got) < n:
            stop.set()
            pr.join()
            sys.exit("web_watchers: %d of %d streams lacked ply %d after "
                     "10 s" % (n - len(got), n, ply + 1))
        lat.extend(t - sent for t in got.values())
        time.sleep(max(0, sent + 0.5 - time.monotonic()))
    stop.set()
    pages = q.get()
    pr.join()
    print("web_watchers: %d streams x %d moves: MOVE to the stream's "
          "message p50 %.0f ms, p99 %.0f ms, max %.0f ms"
          % (n, len(MOVES), pct(lat, 0.5) * 1000, pct(lat, 0.99) * 1000,
             max(lat) * 1000))
    print("web_watchers: %d pages fetched meanwhile: p50 %.0f ms, p99 %.0f "
          "ms, max %.0f ms" % (len(pages), pct(pages, 0.5) * 1000,
                                pct(pages, 0.99) * 1000, max(pages) * 1000))
    for s in socks:
        s.close()


if __name__ == "__main__":
    main()
