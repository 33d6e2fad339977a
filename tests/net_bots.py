#!/usr/bin/env python3
"""net_bots.py PORT DB: bot accounts on a real congo-server (issue 59,
PROTOCOL.md "Bots"), for tests/net_bots.sh, which starts the server with
--bot-games 2 --rated-same-network. Each rule is checked in turn; a
failure exits 1 naming it. Every wait polls with a deadline.

Accounts come from three networks (127.0.N.1 as the source address):
the server registers at most 3 accounts a network an hour.
"""
import socket
import subprocess
import sys
import time

PORT = int(sys.argv[1])
DB = sys.argv[2] if len(sys.argv) > 2 else ""


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def note(msg):
    print("-- " + msg, flush=True)


class Conn:
    def __init__(self, net=1):
        self.s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.s.settimeout(0.1)
        self.s.bind(("127.0.%d.1" % net, 0))
        self.s.connect(("127.0.0.1", PORT))
        self.buf = b""
        self.lines = []
        self.tag = 0
        self.expect(lambda l: l.startswith("HELLO CGP/1"))
        self.cmd("HELLO CGP/1 client=net-bots")

    def fill(self, deadline):
        while b"\n" not in self.buf and time.time() < deadline:
            try:
                data = self.s.recv(65536)
            except socket.timeout:
                continue
            if not data:
                fail("connection closed")
            self.buf += data
        while b"\n" in self.buf:
            line, self.buf = self.buf.split(b"\n", 1)
            self.lines.append(line.decode())

    def expect(self, pred, timeout=5.0, what="a line"):
        deadline = time.time() + timeout
        while True:
            for i, l in enumerate(self.lines):
                if pred(l):
                    del self.lines[i]
                    return l
            if time.time() >= deadline:
                fail("no %s within %.1f s (have: %s)" % (what, timeout,
                     self.lines[-5:]))
            self.fill(min(deadline, time.time() + 0.1))

    def has(self, pred):
        self.fill(time.time() + 0.05)
        return any(pred(l) for l in self.lines)

    def cmd(self, text, ok=True):
        """Send text; its answer (OK/ERR line and ITEM lines)."""
        self.tag += 1
        tag = "#%d" % self.tag
        self.s.sendall(("%s %s\n" % (tag, text)).encode())
        first = self.expect(lambda l: l.split()[:2] in (["OK", tag],
                            ["ERR", tag]) or (l.startswith("ERR ") and
                            tag in l.split()), what="answer to " + text)
        if ok and not first.startswith("OK"):
            fail("%s: %s" % (text, first))
        items = []
        n = kv(first).get("n")
        for _ in range(int(n) if n and first.startswith("OK") else 0):
            items.append(kv(self.expect(lambda l: l.startswith("ITEM " +
                                                               tag + " "))))
        return first, items


def kv(line):
    return dict(w.split("=", 1) for w in line.split() if "=" in w)


def register(net, name, bot=False):
    c = Conn(net)
    first, _ = c.cmd("REGISTER name=%s%s" % (name, " bot=yes" if bot else ""))
    key = kv(first)["key"]
    c.s.close()
    return key


def login(net, name, key, bot=False):
    c = Conn(net)
    c.cmd("LOGIN name=%s key=%s%s" % (name, key, " bot=yes" if bot else ""))
    return c


def paired(c, timeout=3.0):
    l = c.expect(lambda l: l.startswith("EV ") and " PAIRED " in l,
                 timeout, "PAIRED")
    return l.split()[1], kv(l)


def play_out(a, ga, sa, b, sb):
    """A move each (White's first), then White resigns: a game played."""
    w, bl = (a, b) if sa["seat"] == "white" else (b, a)
    w.cmd("MOVE game=%s ply=0 move=c2c3" % ga)
    bl.cmd("MOVE game=%s ply=1 move=b6c5" % ga)
    w.cmd("RESIGN game=%s" % ga)


def seeks(c):
    _, items = c.cmd("SEEKS")
    return items


def main():
    note("REGISTER bot=yes: a bot; WHOIS shows title=BOT, a human's none")
    kbot = register(1, "robo", bot=True)
    kann = register(1, "ann")
    kbob = register(1, "bob")
    kcarl = register(2, "carl")
    q = Conn(3)
    if kv(q.cmd("WHOIS name=robo")[0]).get("title") != "BOT":
        fail("WHOIS robo: no title=BOT")
    if "title" in kv(q.cmd("WHOIS name=ann")[0]):
        fail("WHOIS ann: a title")

    note("a rated game of two humans; then LOGIN bot=yes: 409 NOT_A_BOT_NOW")
    ann, bob = login(1, "ann", kann), login(1, "bob", kbob)
    ann.cmd("SEEK clock=300+3 rated=yes")
    bob.cmd("SEEK clock=300+3 rated=yes")
    ga, sa = paired(ann)
    gb, sb = paired(bob)
    play_out(ann, ga, sa, bob, sb)
    bob.expect(lambda l: " RESULT " in l, what="RESULT")
    bob.s.close()
    c = Conn(1)
    first, _ = c.cmd("LOGIN name=bob key=%s bot=yes" % kbob, ok=False)
    if not first.startswith("ERR") or "409" not in first or \
            "NOT_A_BOT_NOW" not in first:
        fail("LOGIN bob bot=yes: " + first)
    note("LOGIN bot=yes before any rated game: a bot for good")
    carl = login(2, "carl", kcarl, bot=True)
    if kv(q.cmd("WHOIS name=carl")[0]).get("title") != "BOT":
        fail("WHOIS carl after LOGIN bot=yes: no title=BOT")
    carl.s.close()
    carl = login(2, "carl", kcarl)      # stays a bot without bot=yes
    robo = login(1, "robo", kbot)

    note("two bots' seeks are never paired; SEEKS shows title=BOT")
    robo.cmd("SEEK clock=180+2")
    robo.cmd("SEEK clock=600+5")
    carl.cmd("SEEK clock=180+2")
    items = seeks(q)
    bots = [i for i in items if i.get("title") == "BOT"]
    if len(bots) != 3:
        fail("SEEKS: %d seeks with title=BOT, not 3: %s" % (len(bots), items))

    note("a human seek without bots=yes is not paired with a bot")
    h1 = Conn(3)
    h1.cmd("SEEK clock=180+2 name=hugo")
    h2 = Conn(3)
    h2.cmd("SEEK clock=180+2 name=hanna")
    g1, _ = paired(h1)          # the humans meet: h1's seek waited
    paired(h2)
    if robo.has(lambda l: " PAIRED " in l) or carl.has(lambda l:
                                                      " PAIRED " in l):
        fail("a bot was paired without bots=yes, or with a bot")

    note("a human seek with bots=yes: paired with the oldest bot seek")
    h3 = Conn(3)
    t0 = time.time()
    h3.cmd("SEEK clock=180+2 name=hilde bots=yes")
    g3, s3 = paired(h3, 1.0)
    gr, sr = paired(robo, 1.0)
    if gr != g3 or time.time() - t0 > 1.0:
        fail("robo was not paired with hilde within a second")
    st = h3.cmd("STATE game=%s" % g3)
    stl = h3.expect(lambda l: " STATE " in l and g3 in l, what="STATE")
    tkey = "wtitle" if sr["seat"] == "white" else "btitle"
    if kv(stl).get(tkey) != "BOT" or ("btitle" if tkey == "wtitle" else
                                      "wtitle") in kv(stl):
        fail("STATE: %s=BOT expected: %s" % (tkey, stl))
    note("the bot's other seek stays; it may seek again while it plays")
    mine = [i for i in seeks(q) if i.get("name") == "robo"]
    if len(mine) != 1 or mine[0].get("clock") != "600+5":
        fail("robo's other seek ended when one was paired: %s" % mine)
    robo.cmd("SEEK clock=180+2")
    h4 = Conn(3)
    h4.cmd("SEEK clock=600+5 name=henk bots=yes")
    paired(h4, 1.0)
    paired(robo, 1.0)
    note("--bot-games 2: a third game at once is refused")
    first, _ = robo.cmd("SEEK clock=300+3", ok=False)
    if "429" not in first:
        fail("robo's seek beyond --bot-games 2: " + first)
    note("--bot-games is the account's: a second connection of robo's "
         "may not seek a third game either")
    robo2 = login(1, "robo", kbot)
    first, _ = robo2.cmd("SEEK clock=300+3", ok=False)
    if "429" not in first:
        fail("a second connection of robo's seeking a third game: " + first)
    note("robo's 180+2 seek left open is not paired while it plays 2 "
         "games; "
         "when one ends, it is")
    for i in seeks(q):
        if i.get("name") == "carl":
            carl.cmd("UNSEEK seek=%s" % i["seek"])
    h5 = Conn(3)
    h5.cmd("SEEK clock=180+2 name=hans bots=yes")
    if h5.has(lambda l: " PAIRED " in l) or robo.has(lambda l: " PAIRED "
                                                      in l):
        fail("robo paired a third game at once")
    robo.cmd("RESIGN game=%s" % gr)
    g5, _ = paired(h5, 3.0)
    if paired(robo, 3.0)[0] != g5:
        fail("hans was paired with somebody else than robo")
    robo2.s.close()

    note("rated: a human and a bot, both rated; TOP humans-only unless "
         "bots=yes")
    carl.cmd("SEEK clock=300+3 rated=yes")
    ann.cmd("SEEK clock=300+3 rated=yes bots=yes")
    gc, sc = paired(carl)
    ga, sa = paired(ann)
    play_out(carl, gc, sc, ann, sa)
    ann.expect(lambda l: " RESULT " in l and gc in l, what="RESULT")
    # Ratings made firm (rd) so that TOP lists them: the test's shortcut.
    deadline = time.time() + 5
    while True:
        n = subprocess.run(["sqlite3", DB, "SELECT count(*) FROM ratings "
                            "WHERE speed='blitz'"], capture_output=True,
                           text=True).stdout.strip()
        if n == "3" or time.time() > deadline:
            break
        time.sleep(0.05)
    subprocess.run(["sqlite3", DB, ".timeout 5000",
                    "UPDATE ratings SET rd = 60"], check=True)
    _, top = q.cmd("TOP variant=congo speed=blitz")
    names = sorted(i["name"] for i in top)
    if names != ["ann", "bob"]:
        fail("TOP: %s, not ann and bob" % names)
    _, top = q.cmd("TOP variant=congo speed=blitz bots=yes")
    names = sorted(i["name"] for i in top)
    if names != ["carl"]:
        fail("TOP bots=yes: %s, not carl" % names)

    note("a decline's word: CANCEL why= said to the challenger, a bad "
         "word refused")
    bob = login(1, "bob", kbob)
    first, _ = ann.cmd("CHALLENGE name=bob variant=congo clock=60+0")
    gch = kv(first)["game"]
    bob.expect(lambda l: " CHALLENGED " in l and gch in l, what="CHALLENGED")
    first, _ = bob.cmd("CANCEL game=%s why=bogus" % gch, ok=False)
    if not first.startswith("ERR") or "400" not in first:
        fail("CANCEL why=bogus: " + first)
    bob.cmd("CANCEL game=%s why=clock" % gch)
    ann.expect(lambda l: " RESULT " in l and gch in l and
               "reason=declined why=clock" in l, what="the decline's word")

    note("a human's challenges to one bot: 10 an hour, then 429")
    for i in range(11):
        first, _ = ann.cmd("CHALLENGE name=carl variant=congo clock=60+0",
                           ok=False)
        if i < 10:
            if not first.startswith("OK"):
                fail("challenge %d to a bot: %s" % (i + 1, first))
            ann.cmd("CANCEL game=%s" % kv(first)["game"])
        elif "429" not in first:
            fail("the 11th challenge to a bot in an hour: " + first)
    first, _ = ann.cmd("CHALLENGE name=bob variant=congo clock=60+0")
    ann.cmd("CANCEL game=%s" % kv(first)["game"])
    print("PASS")


if __name__ == "__main__":
    main()
