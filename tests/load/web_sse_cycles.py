#!/usr/bin/env python3
"""web_sse_cycles.py CGPPORT HTTPPORT PID CYCLES STREAMS [SLACK_MB]: does
the server's memory come back after event streams close (issue 57)? A
game is made
over CGP/1; then CYCLES times: STREAMS event streams (/game/<id>/events)
are opened on it from as many addresses of 127/8 (127.A.B.1, a /24
each), each read until its first message, then all closed, and once the
server's /metrics says none is left open (congo_http_streams 0) its
resident memory (VmRSS of /proc/PID/status) is read. Prints one line a
cycle and the RSS before the first; exit 1 when a stream never opened or
the streams were not let go within 60 s. With SLACK_MB (tests/
test_web_sse_memory.sh), exit 1 also when the RSS is not back within
SLACK_MB of the first reading 10 s after the last cycle's streams were let
go. 127.0.0.1 only."""
import selectors
import os
import socket
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from web_cgp import Conn  # noqa: E402


def rss_kib(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def metric(http, name):
    s = socket.create_connection(("127.0.0.1", http), timeout=10,
                                 source_address=("127.9.9.9", 0))
    s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close"
              b"\r\n\r\n")
    data = b""
    while True:
        d = s.recv(65536)
        if not d:
            break
        data += d
    s.close()
    for line in data.decode(errors="replace").splitlines():
        if line.startswith(name + " "):
            return int(float(line.split()[1]))
    return -1


def cycle(http, game, n):
    """n streams opened, each read to its first message, then closed."""
    sel = selectors.DefaultSelector()
    req = b"GET /game/%s/events HTTP/1.1\r\nHost: x\r\n\r\n" % game.encode()
    socks = []
    for i in range(n):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.bind(("127.%d.%d.1" % (20 + i // 250, i % 250), 0))
        s.connect(("127.0.0.1", http))
        s.sendall(req)
        s.setblocking(False)
        sel.register(s, selectors.EVENT_READ, i)
        socks.append(s)
    buf = [b""] * n
    got = set()
    until = time.monotonic() + 60
    while len(got) < n and time.monotonic() < until:
        for key, _ in sel.select(timeout=0.05):
            i = key.data
            try:
                d = key.fileobj.recv(65536)
            except BlockingIOError:
                continue
            if not d:
                sys.exit("web_sse_cycles: stream %d closed" % i)
            buf[i] += d
            if b"\n\n" in buf[i] and b"data:" in buf[i]:
                got.add(i)
                sel.unregister(key.fileobj)
    if len(got) < n:
        missing = sorted(set(range(n)) - got)
        for i in missing[:3]:
            print("web_sse_cycles: stream %d (%s) had %r" % (
                i, socks[i].getsockname(), buf[i][:200]), flush=True)
        if os.environ.get("SSE_HOLD"):
            time.sleep(float(os.environ["SSE_HOLD"]))
        sys.exit("web_sse_cycles: %d of %d streams never opened (the "
                 "first: %s; the server: %d streams, %d connections)"
                 % (n - len(got), n, missing[:5],
                    metric(http, "congo_http_streams"),
                    metric(http, "congo_http_connections")))
    sel.close()
    for s in socks:
        s.close()


def main():
    cgp, http, pid, cycles, n = (int(a) for a in sys.argv[1:6])
    slack = float(sys.argv[6]) if len(sys.argv) > 6 else None
    white, black = Conn(cgp), Conn(cgp)
    game = white.cmd("CREATE seat=white clock=3600+0 name=w")["game"]
    black.cmd("JOIN game=%s seat=black name=b" % game)
    # Both first moves made (else the game is aborted after 60 s); the
    # players' connections may go silent then (closed after a PING), the
    # game stays.
    white.cmd("MOVE game=%s ply=0 move=c2c3" % game)
    black.cmd("MOVE game=%s ply=1 move=c6c5" % game)
    before = rss_kib(pid) / 1024
    print("web_sse_cycles: RSS before: %.1f MB" % before, flush=True)
    for c in range(1, cycles + 1):
        t0 = time.monotonic()
        cycle(http, game, n)
        peak = rss_kib(pid)
        until = time.monotonic() + 60
        while metric(http, "congo_http_streams") != 0:
            if time.monotonic() > until:
                sys.exit("web_sse_cycles: streams still open 60 s after "
                         "their close")
            time.sleep(0.1)
        print("web_sse_cycles: cycle %d: %d streams opened and closed in "
              "%.1f s; RSS %.1f MB with them closing, %.1f MB once closed"
              % (c, n, time.monotonic() - t0, peak / 1024,
                 rss_kib(pid) / 1024), flush=True)
    if slack is None:
        return
    until = time.monotonic() + 10
    while rss_kib(pid) / 1024 > before + slack:
        if time.monotonic() > until:
            sys.exit("web_sse_cycles: RSS %.1f MB 10 s after the streams "
                     "were let go, more than %.1f MB over the %.1f MB "
                     "before them" % (rss_kib(pid) / 1024, slack, before))
        time.sleep(0.1)
    print("web_sse_cycles: RSS back to %.1f MB (%.1f MB before)"
          % (rss_kib(pid) / 1024, before))


if __name__ == "__main__":
    main()
