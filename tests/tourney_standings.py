#!/usr/bin/env python3
"""tourney_standings.py PORT TID: the STANDINGS of tournament TID on the
congo-server at 127.0.0.1:PORT, a line a member: "rank name points games
buchholz sb" (a Swiss's; "-" for a key the item lacks), best first, for
the terminal and plain-mode tests to find on the screen (issue 60)."""
import socket
import sys

s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), 20)
s.sendall(("HELLO CGP/1\n#s STANDINGS tourney=%s\nQUIT\n" %
           sys.argv[2]).encode())
data = b""
while True:
    got = s.recv(65536)
    if not got:
        break
    data += got
n = 0
for line in data.decode().splitlines():
    if line.startswith("ERR #s"):
        sys.exit(line)
    if line.startswith("ITEM #s"):
        w = dict(x.split("=", 1) for x in line.split() if "=" in x)
        print(" ".join(w.get(k, "-") for k in ("rank", "name", "points",
                                               "games", "buchholz", "sb")))
        n += 1
if n == 0:
    sys.exit("no standings")
