#!/usr/bin/env python3
"""ping_probe.py: how long congo-servers take to answer PING while
something else goes on (make load-pg --lock: every table of their
PostgreSQL locked for a while). One connection a server says HELLO, then
PING every 20 ms for the given seconds; prints, a server a line, the
PINGs answered, the 99th percentile and the slowest answer in ms, and
exits 1 when a PING went unanswered for 5 s.

usage: ping_probe.py SECONDS PORT...
"""
import select
import socket
import sys
import time


def main():
    seconds = float(sys.argv[1])
    ports = [int(p) for p in sys.argv[2:]]
    conns = []
    for port in ports:
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(b"HELLO CGP/1\n")
        conns.append({"port": port, "sock": s, "buf": b"", "sent": {},
                      "rtt": [], "n": 0})
    end = time.monotonic() + seconds
    status = 0
    while time.monotonic() < end:
        now = time.monotonic()
        for c in conns:
            c["n"] += 1
            c["sent"][c["n"]] = now
            c["sock"].sendall(b"PING p%d\n" % c["n"])
        stop = now + 0.02
        while True:
            left = stop - time.monotonic()
            if left <= 0:
                break
            ready, _, _ = select.select([c["sock"] for c in conns], [], [],
                                        left)
            for c in conns:
                if c["sock"] not in ready:
                    continue
                data = c["sock"].recv(65536)
                if not data:
                    print("port %d: closed" % c["port"])
                    return 1
                c["buf"] += data
                while b"\n" in c["buf"]:
                    line, c["buf"] = c["buf"].split(b"\n", 1)
                    if line.startswith(b"PONG p"):
                        k = int(line[6:])
                        t0 = c["sent"].pop(k, None)
                        if t0 is not None:
                            c["rtt"].append((time.monotonic() - t0) * 1000)
                    elif line.startswith(b"PING "):
                        c["sock"].sendall(b"PONG " + line[5:] + b"\n")
        for c in conns:
            for k, t0 in c["sent"].items():
                if time.monotonic() - t0 > 5:
                    print("port %d: PING p%d unanswered for 5 s"
                          % (c["port"], k))
                    status = 1
                    c["sent"] = {}
                    break
    for c in conns:
        r = sorted(c["rtt"])
        if not r:
            print("port %d: no PING answered" % c["port"])
            status = 1
            continue
        p99 = r[min(len(r) - 1, int(len(r) * 0.99))]
        print("port %d: %d PINGs answered, p99 %.1f ms, slowest %.1f ms"
              % (c["port"], len(r), p99, r[-1]))
    return status


if __name__ == "__main__":
    sys.exit(main())
