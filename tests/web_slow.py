#!/usr/bin/env python3
"""web_slow.py PORT HEADER_MS N MAX GAME: tests/test_web_limits.sh's
client. N connections, each from a network of its own (127.A.B.1: the
loopback answers all of 127/8), send a request line and then a header line
every 500 ms, never the empty line that ends the headers. With all held,
an event stream of GAME is opened, and a normal page must answer within
2 s. The server must close each slow connection after HEADER_MS (those
that made room for new ones when MAX were open, earlier), and leave the
stream open. Prints the figures; exit 1 on a failure."""
import selectors
import socket
import sys
import time

port, header_ms, n, cap = (int(a) for a in sys.argv[1:5])
game = sys.argv[5]
deadline = header_ms / 1000.0


def src(i):
    return ("127.%d.%d.1" % (10 + i // 250, i % 250), 0)


def page(path, timeout):
    t0 = time.monotonic()
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout,
                                 source_address=("127.9.0.1", 0))
    s.sendall(b"GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
              % path.encode())
    data = b""
    while True:
        d = s.recv(65536)
        if not d:
            break
        data += d
    s.close()
    return data, time.monotonic() - t0


sel = selectors.DefaultSelector()
opened = {}
closed = {}
t_start = time.monotonic()
for i in range(n):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(src(i))
    s.connect(("127.0.0.1", port))
    s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    s.setblocking(False)
    opened[s] = time.monotonic()
    sel.register(s, selectors.EVENT_READ)
t_held = time.monotonic()
print("web_slow: %d slow connections opened in %.2f s" % (n, t_held - t_start))

# An event stream (a long-lived request: no header deadline for it).
sse = socket.create_connection(("127.0.0.1", port),
                               source_address=("127.8.0.1", 0))
sse.sendall(b"GET /game/%s/events HTTP/1.1\r\nHost: x\r\n\r\n" % game.encode())
sse.settimeout(5)
if not sse.recv(4096).startswith(b"HTTP/1.1 200"):
    sys.exit("web_slow: the event stream did not open")
sse.setblocking(False)


def pump(until):
    """Send a header line to each open slow connection every 500 ms and
    note when the server closes it."""
    nxt = time.monotonic()
    while time.monotonic() < until and len(closed) < n:
        now = time.monotonic()
        if now >= nxt:
            for s in list(opened):
                if s not in closed:
                    try:
                        s.send(b"X-Slow: %d\r\n" % int(now * 1000))
                    except OSError:
                        pass
            nxt = now + 0.5
        for key, _ in sel.select(timeout=max(0, min(nxt, until) -
                                            time.monotonic())):
            s = key.fileobj
            try:
                d = s.recv(4096)
            except (ConnectionResetError, BlockingIOError):
                d = b"" if not isinstance(sys.exc_info()[1],
                                          BlockingIOError) else None
            if d == b"" or (d and not d.startswith(b"HTTP")):
                closed[s] = time.monotonic()
                sel.unregister(s)
            elif d:
                sys.exit("web_slow: a slow connection was answered: %r"
                         % d[:60])


# While they are held (well within their deadline), a page answers.
pump(t_held + min(0.5, deadline / 4))
held = n - len(closed)
data, took = page("/", 5)
if not data.startswith(b"HTTP/1.1 200"):
    sys.exit("web_slow: / did not answer with %d slow connections held "
             "(%r after %.2f s)" % (held, data[:40], took))
if took > 2:
    sys.exit("web_slow: / took %.2f s with %d slow connections held"
             % (took, held))
print("web_slow: / answered in %.0f ms with %d slow connections held"
      % (took * 1000, held))

pump(time.monotonic() + deadline + 3)
if len(closed) < n:
    sys.exit("web_slow: %d of %d slow connections still open %.1f s after "
             "their deadline" % (n - len(closed), n, 3.0))
# The stream outlives the deadline by a second at least.
time.sleep(max(0, t_held + deadline + 1 - time.monotonic()))
ages = sorted(closed[s] - opened[s] for s in closed)
early = [a for a in ages if a < deadline - 0.05]
late = [a for a in ages if a >= deadline - 0.05]
if len(early) > max(0, n - cap) + 20:
    sys.exit("web_slow: %d closed before their deadline" % len(early))
if late and late[-1] > deadline + 1.5:
    sys.exit("web_slow: one closed %.2f s after it began" % late[-1])
print("web_slow: %d closed at their deadline (%.0f ms: after %.0f..%.0f ms),"
      " %d earlier for new connections at the limit (%d)"
      % (len(late), header_ms, late[0] * 1000 if late else 0,
         late[-1] * 1000 if late else 0, len(early), cap))
try:
    d = sse.recv(65536)
    if d == b"":
        sys.exit("web_slow: the event stream was closed")
except BlockingIOError:
    pass
print("web_slow: the event stream is still open after %.1f s"
      % (time.monotonic() - t_held))
data, took = page("/healthz", 5)
if not data.startswith(b"HTTP/1.1 200"):
    sys.exit("web_slow: /healthz after: %r" % data[:40])
