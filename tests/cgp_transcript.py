#!/usr/bin/env python3
"""cgp_transcript.py PORT [PART]: a scripted CGP/1 session with a
congo-server on 127.0.0.1:PORT, over several connections, printed as a
transcript on standard output (tests/test_cgp_transcript.sh compares it
with tests/cgp_transcript.expected).

Every line each connection receives is written, in the order it arrived,
under the connection's name; the lines sent are written too (">").  The
nondeterministic parts are replaced by names: game and seek ids by G1, G2,
S1... in the order they first appear, tokens and keys by <token> and
<key>, times by <time>, clock milliseconds by <ms>.  Nothing is read by
waiting a fixed time: each command's reply is read before the next, and
the events a command causes on other connections are awaited by name
(expect) before anything else is sent, so the order is the same at every
run.  A line that does not come within 20 s fails the run (exit 1).

PART 1 (the default) is the session; PART 2 is run against the same store
after the server was stopped, an account's key reset (--reset-key; the new
keys in files named by the environment, never on a command line) and the
server started again: CONGO_KEY_FILE, where PART 1 writes Bob's key and
PART 2 reads it, and CONGO_NEW_KEY_FILE, the key --reset-key gave.
"""
import os
import re
import socket
import sys

TIMEOUT = 20.0
ids = {}
counts = {"G": 0, "S": 0}
out = []


def norm(line):
    """line with its nondeterministic parts named."""
    def name_id(kind, value):
        if value not in ids:
            counts[kind] += 1
            ids[value] = "%s%d" % (kind, counts[kind])
        return ids[value]

    line = re.sub(r"\b(token|key)=[A-Z2-7]{26}\b", r"\1=<\1>", line)
    for m in re.finditer(r"\bseek=([A-Z2-7]{8})\b", line):
        name_id("S", m.group(1))
    for m in re.finditer(r"(?:\bgame=|\bbefore=|^EV |\[Game \"|"
                         r"Site \"[^\"]*/)([A-Z2-7]{8})\b", line):
        name_id("G", m.group(1))
    line = re.sub(r"\b[A-Z2-7]{8}\b",
                  lambda m: ids.get(m.group(0), m.group(0)), line)
    line = re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", "<time>", line)
    line = re.sub(r"\d{4}[.-]\d\d[.-]\d\d", "<date>", line)
    line = re.sub(r"\b([wb]clock)=\d+", r"\1=<ms>", line)
    line = re.sub(r"congo-server/[0-9][^\s\"]*", "congo-server/<v>", line)
    return line


class Conn:
    def __init__(self, name, port):
        self.name = name
        self.sock = socket.create_connection(("127.0.0.1", port), TIMEOUT)
        self.sock.settimeout(TIMEOUT)
        self.buf = b""
        self.tag = 0

    def log(self, text):
        out.append("%s%s%s" % (self.name.ljust(4), text[:2], norm(text[2:])))

    def line(self):
        while b"\n" not in self.buf:
            try:
                data = self.sock.recv(4096)
            except socket.timeout:
                data = b""
            if not data:
                fail("%s: no line came (connection closed or %.0f s)" %
                     (self.name, TIMEOUT))
            self.buf += data
        text, self.buf = self.buf.split(b"\n", 1)
        text = text.decode("utf-8", "replace")
        self.log("< " + text)
        return text

    def send(self, text):
        self.log("> " + text)
        self.sock.sendall(text.encode("utf-8") + b"\n")

    def expect(self, pattern):
        """lines until one matching pattern (a regex searched); returns it.
        Any other line read meanwhile is in the transcript too, so an
        unexpected one shows as a difference."""
        while True:
            text = self.line()
            if re.search(pattern, text):
                return text

    def cmd(self, text):
        """text sent with a tag of its own; its reply (and its ITEM lines)
        read; returns the OK or ERR line."""
        self.tag += 1
        tag = "#%s%d" % (self.name.lower(), self.tag)
        self.send("%s %s" % (tag, text))
        while True:
            reply = self.line()
            if reply.startswith("OK %s " % tag) or \
               reply.startswith("ERR %s " % tag):
                break
        m = re.search(r" n=(\d+)", reply)
        if reply.startswith("OK") and m:
            first = len(out)
            for _ in range(int(m.group(1))):
                self.line()
            if " GAMES " in reply:
                # Games that ended (or were made) in the same second
                # come in the order of their random ids: sorted here.
                out[first:] = sorted(out[first:])
        return reply

    def close(self):
        """closed without a word: what the others are told of it (PRESENCE)
        would race with their own ends."""
        self.sock.close()


def fail(why):
    sys.stdout.write("\n".join(out) + "\n")
    sys.stderr.write("cgp_transcript.py: %s\n" % why)
    sys.exit(1)


def field(line, key):
    m = re.search(r"\b%s=(\S+)" % key, line)
    if not m:
        fail("no %s= in: %s" % (key, line))
    return m.group(1)


def hello(name, port):
    c = Conn(name, port)
    c.expect(r"^HELLO CGP/1 ")
    c.cmd("HELLO CGP/1 client=transcript/1")
    return c


def ev(conns, pattern):
    for c in conns:
        c.expect(pattern)


def part1(port):
    a = Conn("A", port)
    a.expect(r"^HELLO CGP/1 ")
    a.cmd("LIST")                           # 426: no HELLO yet
    a.cmd("HELLO CGP/2")                    # 505 and closed
    a = hello("A", port)
    b = hello("B", port)
    c = hello("C", port)
    d = hello("D", port)                    # a guest, never logged in

    keys = {}
    keys["ann"] = field(a.cmd("REGISTER name=Ann"), "key")
    # (A taken name's attempt counts with the store's other servers:
    # PostgreSQL's 3 an hour would end before Cat's.)
    b.cmd("REGISTER name=Anonymous")        # 409 NAME_TAKEN: a guest's
    b.cmd("REGISTER name=b")                # 400: too short
    keys["bob"] = field(b.cmd("REGISTER name=Bob"), "key")
    keys["cat"] = field(c.cmd("REGISTER name=Cat"), "key")
    d.cmd("REGISTER name=Dan")              # 429: 3 an hour
    a.cmd("LOGIN name=ann key=AAAAAAAAAAAAAAAAAAAAAAAAAA")   # 401
    a.cmd("LOGIN name=ann key=%s" % keys["ann"])
    a.cmd("LOGIN name=ann key=%s" % keys["ann"])             # 409 again
    b.cmd("LOGIN name=BOB key=%s" % keys["bob"])
    c.cmd("LOGIN name=cat key=%s" % keys["cat"])
    a.cmd("FROB x=1")                       # 405
    a.cmd("MOVE game=AAAAAAAA ply=0 move=c2c3")   # 404
    d.cmd("BLOCKS")                         # 401 LOGIN_REQUIRED
    d.cmd("GAMES mine=yes")                 # 401 LOGIN_REQUIRED
    a.cmd("CREATE variant=chess")           # 400

    # A game made with CREATE and JOIN, watched by the guest.
    r = a.cmd("CREATE seat=white clock=600+5")
    g1 = field(r, "game")
    a.expect(r"^EV \S+ \d+ STATE ")
    a.cmd("MOVE game=%s ply=0 move=c2c3" % g1)    # 425 NOT_STARTED
    b.cmd("JOIN game=%s seat=white" % g1)         # 409 SEAT_TAKEN
    b.cmd("JOIN game=%s seat=black" % g1)
    b.expect(r"^EV \S+ \d+ STATE ")
    ev([a, b], r" JOINED ")
    d.cmd("OBSERVE game=%s" % g1)
    d.expect(r"^EV \S+ \d+ STATE ")
    b.cmd("MOVE game=%s ply=0 move=c6c5" % g1)    # 420 NOT_YOUR_TURN
    d.cmd("MOVE game=%s ply=0 move=c2c3" % g1)    # 403 NOT_YOUR_SEAT
    a.cmd("MOVE game=%s ply=0 move=c2c3" % g1)
    ev([a, b, d], r" MOVE ply=0 ")
    a.cmd("MOVE game=%s ply=0 move=c2c3" % g1)    # 412 or harmless
    b.cmd("MOVE game=%s ply=1 move=a7a1" % g1)    # 422 ILLEGAL_MOVE
    b.cmd("MOVE game=%s ply=1 move=c6c5" % g1)
    ev([a, b, d], r" MOVE ply=1 ")
    a.cmd("SAY game=%s :hello Bob, good luck" % g1)
    ev([a, b, d], r" SAID ")
    d.cmd("SAY game=%s :hi" % g1)                 # a watcher: to watchers
    d.expect(r" SAID side=spectator ")            # (congo-server's extension)
    a.cmd("MOVE game=%s ply=2 move=d2d3" % g1)
    ev([a, b, d], r" MOVE ply=2 ")
    a.cmd("TAKEBACK game=%s action=offer" % g1)
    ev([a, b, d], r" TAKEBACK action=offer ")
    b.cmd("TAKEBACK game=%s action=decline" % g1)
    ev([a, b, d], r" TAKEBACK action=decline ")
    a.cmd("TAKEBACK game=%s action=offer" % g1)
    ev([a, b, d], r" TAKEBACK action=offer ")
    b.cmd("TAKEBACK game=%s action=accept" % g1)
    ev([a, b, d], r" UNDO ")
    a.cmd("MOVE game=%s ply=2 move=e2e3" % g1)
    ev([a, b, d], r" MOVE ply=2 ")
    b.cmd("DRAW game=%s action=offer" % g1)
    ev([a, b, d], r" DRAW action=offer ")
    a.cmd("DRAW game=%s action=decline" % g1)
    ev([a, b, d], r" DRAW action=decline ")
    b.cmd("DRAW game=%s action=offer" % g1)
    ev([a, b, d], r" DRAW action=offer ")
    a.cmd("DRAW game=%s action=accept" % g1)
    ev([a, b, d], r" RESULT ")
    a.cmd("MOVE game=%s ply=3 move=a2a3" % g1)    # 410 GAME_OVER
    a.cmd("STATE game=%s" % g1)
    a.expect(r"^EV \S+ \d+ STATE ")
    a.cmd("HISTORY game=%s" % g1)

    # A rematch: colours swapped; then a resignation.
    a.cmd("REMATCH game=%s" % g1)
    ev([a, b, d], r" REMATCH action=offer ")
    b.cmd("REMATCH game=%s" % g1)
    d.expect(r" REMATCH action=offer side=black")
    g2 = field(a.expect(r" REMATCHED "), "game")
    b.expect(r" REMATCHED ")
    b.cmd("MOVE game=%s ply=0 move=d2d3" % g2)
    ev([a, b], r"^EV %s \d+ MOVE ply=0 " % g2)
    a.cmd("MOVE game=%s ply=1 move=d6d5" % g2)
    ev([a, b], r"^EV %s \d+ MOVE ply=1 " % g2)
    b.cmd("RESIGN game=%s" % g2)
    ev([a, b], r"^EV %s \d+ RESULT " % g2)

    # A rated challenge, accepted; then one declined, one refused.
    r = a.cmd("CHALLENGE name=bob variant=congo clock=300+5 rated=yes "
              "color=white")
    g3 = field(r, "game")
    b.expect(r" CHALLENGED ")
    a.cmd("CHALLENGES")
    c.cmd("JOIN game=%s seat=black" % g3)         # 403: not for Cat
    b.cmd("JOIN game=%s seat=black" % g3)
    b.expect(r"^EV %s \d+ STATE " % g3)
    ev([a, b], r"^EV %s \d+ JOINED " % g3)
    a.cmd("MOVE game=%s ply=0 move=c2c3" % g3)
    ev([a, b], r"^EV %s \d+ MOVE ply=0 " % g3)
    b.cmd("MOVE game=%s ply=1 move=c6c5" % g3)
    ev([a, b], r"^EV %s \d+ MOVE ply=1 " % g3)
    b.cmd("RESIGN game=%s" % g3)
    ev([a, b], r"^EV %s \d+ RESULT " % g3)
    a.cmd("RECORD game=%s" % g3)
    r = c.cmd("CHALLENGE name=ann variant=congo clock=300+5 rated=no "
              "color=black")
    g4 = field(r, "game")
    a.expect(r" CHALLENGED ")
    a.cmd("CANCEL game=%s" % g4)
    a.expect(r"^EV %s \d+ RESULT " % g4)
    c.expect(r"^EV %s \d+ RESULT " % g4)
    c.cmd("CHALLENGE name=nobody clock=300+5")    # 404 NO_SUCH_PLAYER
    c.cmd("CHALLENGE name=cat clock=300+5")       # oneself

    # Blocking.
    a.cmd("BLOCK name=CAT")
    a.cmd("BLOCK name=ann")                       # 400: oneself
    a.cmd("BLOCK name=zzzz")                      # 404
    a.cmd("BLOCK name=bad!name")                  # 400
    a.cmd("BLOCKS")
    c.cmd("CHALLENGE name=ann clock=300+5")       # 403 BLOCKED
    # Seeks of a blocked pair are not paired.
    r = a.cmd("SEEK clock=60+1 color=white")
    s1 = field(r, "seek")
    c.cmd("SEEK clock=60+1 color=black")
    c.cmd("SEEKS")
    a.cmd("UNSEEK seek=%s" % s1)
    c.cmd("SEEKS")
    c.cmd("UNSEEK seek=%s" % s1)                  # 404 NO_SUCH_SEEK
    a.cmd("UNBLOCK name=cat")
    a.cmd("UNBLOCK name=nobody")                  # 404
    a.cmd("BLOCKS")
    # Now the pair is paired: C's seek stands, A seeks the same.
    a.cmd("SEEK clock=60+1 color=white")
    g6 = a.expect(r" PAIRED ").split()[1]
    c.expect(r" PAIRED ")
    ev([a, c], r" STATE ")
    c.cmd("SEEKS")
    c.cmd("SEEK clock=120+2 rated=yes color=black")   # 409: C is playing
    a.cmd("RESIGN game=%s" % g6)
    ev([a, c], r" RESULT ")
    # A rated seek pairing, between Bob and Cat.
    b.cmd("SEEK clock=120+2 rated=yes color=white")
    d.cmd("SEEK clock=120+2 rated=yes")           # 401: rated needs LOGIN
    r = d.cmd("SEEK clock=120+2 color=black")
    d.cmd("SEEKS")
    c.cmd("SEEK clock=120+2 rated=yes color=black")
    ev([b, c], r" PAIRED ")
    ev([b, c], r" STATE ")
    d.cmd("SEEKS")
    d.cmd("UNSEEK seek=%s" % field(r, "seek"))
    d.cmd("SEEKS")

    # A correspondence game.
    r = b.cmd("CREATE days=3 seat=white")
    g5 = field(r, "game")
    b.expect(r"^EV %s \d+ STATE " % g5)
    a.cmd("JOIN game=%s seat=black" % g5)
    a.expect(r"^EV %s \d+ STATE " % g5)
    ev([a, b], r"^EV %s \d+ JOINED " % g5)
    b.cmd("MOVE game=%s ply=0 move=c2c3" % g5)
    ev([a, b], r"^EV %s \d+ MOVE ply=0 " % g5)

    # Lists and lookups.
    a.cmd("GAMES mine=yes")
    b.cmd("GAMES mine=yes")
    c.cmd("GAMES mine=yes")
    d.cmd("GAMES player=ann limit=10")
    d.cmd("GAMES player=nobody")
    d.cmd("WHOIS name=ann")
    d.cmd("WHOIS name=BOB")
    d.cmd("WHOIS name=nobody")                    # 404
    d.cmd("TOP variant=congo speed=blitz limit=10")
    d.cmd("TOP variant=congo speed=rapid")
    d.cmd("TOP variant=nothing speed=blitz")      # 400
    d.cmd("LIST status=finished")
    d.send("PING abc")
    d.expect(r"^PONG abc$")
    for k in (a, b, c, d):
        k.close()
    print("\n".join(out))
    with open(os.environ["CONGO_KEY_FILE"], "w") as f:
        f.write(keys["bob"] + "\n")


def part2(port):
    with open(os.environ["CONGO_KEY_FILE"]) as f:
        old = f.read().strip()
    with open(os.environ["CONGO_NEW_KEY_FILE"]) as f:
        new = f.read().split()[-1]
    e = hello("E", port)
    e.cmd("LOGIN name=bob key=%s" % old)          # 401: reset
    e.cmd("LOGIN name=bob key=%s" % new)
    e.cmd("GAMES mine=yes")
    e.cmd("WHOIS name=bob")
    e.close()
    print("\n".join(out))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.stderr.write("usage: cgp_transcript.py PORT [1|2]\n")
        sys.exit(2)
    port = int(sys.argv[1])
    if (sys.argv[2] if len(sys.argv) > 2 else "1") == "2":
        part2(port)
    else:
        part1(port)
