#!/usr/bin/env python3
"""web_cgp.py PORT: two CGP/1 players for tests/test_web.sh.

White registers and logs in as the account given in $WEB_ACCOUNT (when
set), creates a game with clock=300+5 (days=$WEB_DAYS when set: a
correspondence game), black joins (as the account $WEB_ACCOUNT2 when set:
then the game is rated), in the variant $WEB_VARIANT (default congo); the
game's id is printed. Then each line read from stdin is a command:
  move UCI   the side to move plays it; prints "ok <wall ms>" (when
             the MOVE was sent) once the server stored it (its OK came)
  resign     white resigns; prints "ok <wall ms>"
  seek NAME  a third connection seeks a game (clock=180+2) as NAME;
             prints "ok <wall ms>"
  challenge NAME  white challenges the account NAME (days=14); prints
             "ok <game>"
  quit       leave
"""
import os
import socket
import sys
import time


class Conn:
    def __init__(self, port):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.buf = b""
        self.tag = 0
        self.line()                     # HELLO
        self.cmd("HELLO CGP/1 client=web-test", "*")

    def line(self):
        while b"\n" not in self.buf:
            data = self.s.recv(4096)
            if not data:
                raise SystemExit("web_cgp: connection closed")
            self.buf += data
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode()

    def cmd(self, text, tag=None):
        """Send text; the OK (or ERR) answering it, as a dict."""
        if tag is None:
            self.tag += 1
            tag = "#%d" % self.tag
            text = tag + " " + text
        self.s.sendall(text.encode() + b"\n")
        while True:
            line = self.line()
            w = line.split()
            if w[0] in ("OK", "ERR") and w[1] == tag:
                if w[0] == "ERR":
                    raise SystemExit("web_cgp: " + line)
                return dict(x.split("=", 1) for x in w[3:] if "=" in x)


def main():
    port = int(sys.argv[1])
    white, black = Conn(port), Conn(port)
    acct = os.environ.get("WEB_ACCOUNT", "")
    wname = "ann"
    if acct:
        key = white.cmd("REGISTER name=" + acct)["key"]
        white.cmd("LOGIN name=%s key=%s" % (acct, key))
        wname = acct
    acct2 = os.environ.get("WEB_ACCOUNT2", "")
    rated = ""
    if acct and acct2:
        key = black.cmd("REGISTER name=" + acct2)["key"]
        black.cmd("LOGIN name=%s key=%s" % (acct2, key))
        rated = " rated=yes"
    variant = os.environ.get("WEB_VARIANT", "congo")
    days = os.environ.get("WEB_DAYS", "")
    control = "days=" + days if days else "clock=300+5"
    game = white.cmd("CREATE seat=white %s variant=%s%s name=%s" %
                     (control, variant, rated, wname))["game"]
    black.cmd("JOIN game=%s seat=black name=bob" % game)
    print(game, flush=True)
    ply = 0
    seekers = []
    for line in sys.stdin:
        w = line.split()
        if not w or w[0] == "quit":
            break
        if w[0] == "move":
            who = white if ply % 2 == 0 else black
            sent = int(time.time() * 1000)
            who.cmd("MOVE game=%s ply=%d move=%s" % (game, ply, w[1]))
            ply += 1
            print("ok %d" % sent, flush=True)
        if w[0] == "seek":
            seekers.append(Conn(port))
            seekers[-1].cmd("SEEK clock=180+2 name=" + w[1])
            print("ok %d" % int(time.time() * 1000), flush=True)
        if w[0] == "challenge":
            made = white.cmd("CHALLENGE name=%s days=14" % w[1])["game"]
            print("ok %s" % made, flush=True)
        if w[0] == "resign":
            sent = int(time.time() * 1000)
            white.cmd("RESIGN game=%s" % game)
            print("ok %d" % sent, flush=True)


if __name__ == "__main__":
    main()
