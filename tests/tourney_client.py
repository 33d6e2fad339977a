"""tourney_client.py: members of a tournament played by the real client
(tests/tourney_play.py with $TOURNEY_CLIENTS; issue 60: "a Swiss ...
through the real server and client").

Each is a `congo --plain --connect 127.0.0.1:PORT --lobby --login NAME`
process on pipes, its account's key in $XDG_STATE_HOME/congo/keys
(written here, mode 0600, never on a command line). It is played only
through the plain mode's own words: "join ID" joins; the client's own
messages are read: "Round N: you play White against tp3" (its seat), "Move
N: White to move." (its turn: "fen" asked, and the move congo --engine
answers for "The position in FEN: ..." typed, or "resign", or "draw" then
the move, as the plan drawn says; "yes" to its "Play it anyway?"),
"The game is over: ...", "... round N
is a bye for you", "... has finished". The next round's pairing comes
while the client shows the game just over: the client must take it by
itself. Its output is kept in $TOURNEY_CLIENT_LOG/NAME.out when set.
"""
import os
import re
import subprocess
import sys
import time

PAIRED = re.compile(r"^(?:Round (\d+)|\S+): you play (White|Black) against "
                    r"(\S+)$")
TURN = re.compile(r"^Move \d+: (White|Black) to move\.$")
FEN = re.compile(r"^The position in FEN: (\S+ [wb]\b.*)$")


def keys_file(port, keys):
    """The clients' keys file: one "127.0.0.1:PORT NAME KEY" a line."""
    d = os.path.join(os.environ["XDG_STATE_HOME"], "congo")
    os.makedirs(d, mode=0o700, exist_ok=True)
    path = os.path.join(d, "keys")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        for name, key in keys.items():
            f.write("127.0.0.1:%d %s %s\n" % (port, name, key))


class Client:
    def __init__(self, congo, port, name, plan):
        self.name = name
        self.plan = plan
        log = os.environ.get("TOURNEY_CLIENT_LOG")
        self.log = open(os.path.join(log, name + ".out"), "w") if log \
            else None
        self.p = subprocess.Popen(
            [congo, "--plain", "--connect", "127.0.0.1:%d" % port,
             "--lobby", "--login", name],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=self.log or subprocess.DEVNULL, bufsize=0)
        self.buf = b""
        self.lobby = self.joined = self.finished = False
        self.seat = None        # "White" / "Black" in the game now
        self.turn = None        # the side said to move last
        self.asked = 0.0        # when fen was asked (0: not waiting)
        self.game = None        # the plan of the game now
        self.games = 0
        self.byes = []
        self.rounds = []        # the rounds said ("Round N: ...")
        self.heard = time.time()  # when it said something last

    def fileno(self):
        return self.p.stdout.fileno()

    def type(self, line):
        if self.log:
            self.log.write("> %s\n" % line)
            self.log.flush()
        self.p.stdin.write((line + "\n").encode())

    def lines(self):
        data = os.read(self.fileno(), 65536)
        if not data:
            sys.exit("%s: the client ended (exit %s)" %
                     (self.name, self.p.wait()))
        self.buf += data
        self.heard = time.time()
        out = []
        while b"\n" in self.buf:
            line, self.buf = self.buf.split(b"\n", 1)
            out.append(line.decode())
            if self.log:
                self.log.write(out[-1] + "\n")
                self.log.flush()
        return out

    def wait_for(self, pattern, seconds=30):
        end = time.time() + seconds
        while time.time() < end:
            for line in self.lines():
                if re.search(pattern, line):
                    return line
        sys.exit("%s: no line /%s/ in %d s" % (self.name, pattern, seconds))

    def readable(self, eng):
        for line in self.lines():
            self.on_line(eng, line)

    def on_line(self, eng, line):
        m = PAIRED.match(line)
        if m:
            self.seat = m.group(2)
            self.game = self.plan()
            self.games += 1
            if m.group(1):
                self.rounds.append(int(m.group(1)))
            self.play()
            return
        m = TURN.match(line)
        if m:
            self.turn = m.group(1)
            self.play()
            return
        m = FEN.match(line)
        if m and self.asked:
            self.move(eng, m.group(1))
            return
        if "Play it anyway? (y/n)" in line:
            # a newcomer's warning (a piece left to drown, the lion
            # hung): the move played anyway
            self.type("yes")
            return
        if line.startswith("The game is over:"):
            print("%s (client) %s" % (self.name, line), flush=True)
            self.seat = self.turn = self.game = None
            self.asked = 0.0
        elif re.search(r"round (\d+) is a bye for you", line):
            self.byes.append(int(re.search(r"round (\d+)", line).group(1)))
            print("%s (client) bye in round %d" % (self.name, self.byes[-1]),
                  flush=True)
        elif re.search(r"^the tournament \S+ has finished$", line):
            self.finished = True

    def play(self):
        """Its turn: the position asked of the client ("fen")."""
        if self.seat is None or self.turn != self.seat or self.asked:
            return
        self.asked = time.time()
        self.type("fen")

    def move(self, eng, fen):
        w = fen.split()
        side = "White" if w[1] == "w" else "Black"
        self.asked = 0.0
        if side != self.seat or self.game is None:
            return
        g = self.game
        if g["mine"] >= g["n"] and g["how"] == "resign":
            self.type("resign")
            g["how"] = "done"
            return
        if g["mine"] >= g["n"] and g["how"] == "draw":
            self.type("draw")
            g["how"] = "on"
        eng.say("position fen " + fen)
        eng.say("go depth 1")
        mv = eng.wait("bestmove").split()[1]
        g["mine"] += 1
        self.turn = None
        self.type(mv)

    def tick(self):
        """A fen asked and not answered in 5 s (a line lost to a
        refusal): asked again. In a game and nothing said for 3 s (a
        move lost with a server killed -9; the client, connected again,
        does not say a turn it said already): "status" says whose turn
        it is."""
        now = time.time()
        if self.asked and now - self.asked > 5:
            self.asked = 0.0
            self.play()
        elif self.seat is not None and not self.asked and \
                now - self.heard > 3:
            self.heard = now
            self.turn = None
            self.type("status")

    def quit(self):
        try:
            self.type("quit")
            self.p.stdin.close()
            self.p.wait(10)
        except (OSError, subprocess.TimeoutExpired):
            self.p.kill()
            self.p.wait()
