#!/usr/bin/env python3
"""ping_probe.py: how long congo-servers take to answer PING while
something else goes on (make load-pg --lock: every table of their
PostgreSQL locked for a while). One connection a server says HELLO, then
PING every 20 ms for the given seconds, while READERS other connections a
server each ask LIST (a read of the database) again 20 ms after each
answer; prints, a server a line, the PINGs answered, the 99th percentile
and the slowest answer in ms, then the LISTs answered OK and refused and
the slowest; exits 1 when a PING went unanswered for 5 s.

usage: ping_probe.py SECONDS READERS PORT...
"""
import select
import socket
import sys
import time


def main():
    seconds = float(sys.argv[1])
    nreaders = int(sys.argv[2])
    ports = [int(p) for p in sys.argv[3:]]
    conns = []
    readers = []
    for port in ports:
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(b"HELLO CGP/1\n")
        conns.append({"port": port, "sock": s, "buf": b"", "sent": {},
                      "rtt": [], "n": 0})
        for _ in range(nreaders):
            r = socket.create_connection(("127.0.0.1", port), timeout=5)
            r.sendall(b"HELLO CGP/1\n#l LIST limit=5\n")
            readers.append({"port": port, "sock": r, "buf": b"",
                            "asked": time.monotonic(), "next": None,
                            "ok": 0, "refused": 0, "slowest": 0.0})
    end = time.monotonic() + seconds
    status = 0
    while time.monotonic() < end:
        now = time.monotonic()
        for c in conns:
            c["n"] += 1
            c["sent"][c["n"]] = now
            c["sock"].sendall(b"PING p%d\n" % c["n"])
        for r in readers:
            if r["next"] is not None and now >= r["next"]:
                r["next"] = None
                r["asked"] = now
                r["sock"].sendall(b"#l LIST limit=5\n")
        stop = now + 0.02
        while True:
            left = stop - time.monotonic()
            if left <= 0:
                break
            ready, _, _ = select.select([c["sock"] for c in conns] +
                                        [r["sock"] for r in readers], [], [],
                                        left)
            for r in readers:
                if r["sock"] not in ready:
                    continue
                data = r["sock"].recv(65536)
                if not data:
                    print("port %d: a reader closed" % r["port"])
                    return 1
                r["buf"] += data
                while b"\n" in r["buf"]:
                    line, r["buf"] = r["buf"].split(b"\n", 1)
                    if line.startswith(b"PING "):
                        r["sock"].sendall(b"PONG " + line[5:] + b"\n")
                    elif line.startswith(b"OK #l") or \
                            line.startswith(b"ERR #l"):
                        t = time.monotonic()
                        r["slowest"] = max(r["slowest"],
                                           (t - r["asked"]) * 1000)
                        r["ok" if line.startswith(b"OK") else "refused"] += 1
                        r["next"] = t + 0.02
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
        rs = [x for x in readers if x["port"] == c["port"]]
        if rs:
            print("port %d: LIST by %d readers: %d answered OK, %d refused, "
                  "slowest %.0f ms" % (c["port"], len(rs),
                                       sum(x["ok"] for x in rs),
                                       sum(x["refused"] for x in rs),
                                       max(x["slowest"] for x in rs)))
    return status


if __name__ == "__main__":
    sys.exit(main())
