#!/usr/bin/env python3
"""walk.py: the walk of one MOVE and of one CHALLENGE through congo-server
(issue 58): the functions entered (places), their distinct source files,
and how often the walk comes back to a file it had left. Not run by make
check. Build the server to walk out of the tree, e.g. from a copy:

    gcc -O2 -c tests/tools/walk_trace.c -o /tmp/walk_trace.o
    mkdir /tmp/walksrc && git archive HEAD | tar -x -C /tmp/walksrc
    cd /tmp/walksrc && autoreconf -fi && ./configure --enable-test-hooks \
        CFLAGS='-O0 -g -finstrument-functions' &&
        make src/congo-server LDFLAGS=/tmp/walk_trace.o
    tests/tools/walk.py /tmp/walksrc/src/congo-server /tmp/walk.trace

    walk.py SERVER TRACEFILE [--list] [--only DIR,DIR...] [--loop]

SERVER is a congo-server built with -finstrument-functions and linked with
tests/tools/walk_trace.c (every function of the program, util's and
proto's too; walk_trace.c also stands in for send(2) and marks in the
trace each send with its bytes). A walk is the trace of function entries
from the line's sending (the server quiet before it) to the send by which
the answer and the event the walk waits for (the other player's EV MOVE,
CHALLENGED) have both gone out: what the loop does after that send (the
rest of its round, the rounds after) is not the command's walk. The
rounds before it are: the line's, the store's or the reader's answer's,
each with its tick (srv_loop.c:after_round -> sess_tick) before the
answer is flushed.

Places are the distinct functions entered, files their distinct source
files. A "return" is an entry into a file that the thread entered before
and then left (consecutive entries in one file count once), counted in
each thread's own sequence (the loop's, the store writer's, the reader's)
and summed: where two threads' entries interleave is timing, not path.
Thus counted, runs agree but for a place now and then; run it 3 times
and give the median. (Counted over the interleaved trace, as before
this, the returns varied by tens.)
"""
import os, re, socket, subprocess, sys, tempfile, time

server, trace = sys.argv[1], sys.argv[2]
show = "--list" in sys.argv
only = None
if "--only" in sys.argv:
    only = [d.strip("/") for d in
            sys.argv[sys.argv.index("--only") + 1].split(",") if d]
loop_only = "--loop" in sys.argv
tmp = tempfile.mkdtemp(prefix="walk.")
if os.path.exists(trace):
    os.unlink(trace)
log = open(os.path.join(tmp, "server.log"), "w+")
env = dict(os.environ, WALK_TRACE=trace)
proc = subprocess.Popen([server, "--port", "0", "--bind", "127.0.0.1", "--db",
                         os.path.join(tmp, "games.db"), "--create"],
                        stderr=log, env=env)
port = None
for _ in range(400):
    log.seek(0)
    m = re.search(r"listening on .* port (\d+)", log.read())
    if m:
        port = int(m.group(1)); break
    time.sleep(0.05)
if port is None:
    proc.kill(); sys.exit("walk.py: the server did not start")


class Conn:
    def __init__(self):
        self.s = socket.create_connection(("127.0.0.1", port))
        self.f = self.s.makefile("rw", newline="\n")
        self.f.readline()
        self.send("HELLO CGP/1 client=walk")
        self.until(lambda l: l.startswith("OK") or l.startswith("HELLO"))

    def send(self, line):
        self.f.write(line + "\n"); self.f.flush()

    def until(self, pred):
        while True:
            l = self.f.readline()
            if not l:
                sys.exit("walk.py: connection closed")
            l = l.rstrip("\n")
            if pred(l):
                return l

    def ask(self, tag, line):
        self.send(tag + " " + line)
        l = self.until(lambda l: l.startswith("OK " + tag + " ") or
                       l.startswith("ERR " + tag + " "))
        if l.startswith("ERR"):
            sys.exit("walk.py: " + line + ": " + l)
        return dict(kv.split("=", 1) for kv in l.split() if "=" in kv)


def size():
    return os.path.getsize(trace) if os.path.exists(trace) else 0


def quiet():
    last = size()
    while True:
        time.sleep(0.5)
        now = size()
        if now == last:
            return now
        last = now


def base():
    exe = os.path.realpath(server)
    for l in open("/proc/%d/maps" % proc.pid):
        f = l.split()
        if len(f) >= 6 and os.path.realpath(f[5]) == exe and f[2] == "00000000":
            return int(f[0].split("-")[0], 16)
    return 0


a, b = Conn(), Conn()
ka = a.ask("#1", "REGISTER name=Ann")["key"]
kb = b.ask("#1", "REGISTER name=Bob")["key"]
a.ask("#2", "LOGIN name=Ann key=" + ka)
b.ask("#2", "LOGIN name=Bob key=" + kb)
g = a.ask("#3", "CREATE seat=white clock=300+5")["game"]
b.ask("#3", "JOIN game=%s seat=black" % g)
a.ask("#4", "MOVE game=%s ply=0 move=c2c3" % g)
b.ask("#4", "MOVE game=%s ply=1 move=c6c5" % g)
walks = []
start = quiet()
a.send("#5 MOVE game=%s ply=2 move=d2d3" % g)
ok = a.until(lambda l: l.startswith("OK #5 ") or l.startswith("ERR #5 "))
ev = b.until(lambda l: l.startswith("EV %s " % g) and " MOVE ply=2 " in l)
walks.append(("MOVE", start, quiet(), [ok, ev]))
start = size()
a.send("#6 CHALLENGE name=Bob clock=300+5 rated=no color=white")
ok = a.until(lambda l: l.startswith("OK #6 ") or l.startswith("ERR #6 "))
ev = b.until(lambda l: " CHALLENGED " in l)
walks.append(("CHALLENGE", start, quiet(), [ok, ev]))
lo = base()
proc.terminate(); proc.wait()

data = open(trace, "rb").read()


def entries(raw, want):
    """(thread, address) of each line: "TID ADDR", or "ADDR" of an older
    walk_trace.c (thread unknown, 0), up to the send ("TID S HEX") by
    which every line of want has gone out: the walk ends there."""
    out, left = [], set(want)
    for line in raw.split(b"\n"):
        f = line.split()
        if len(f) == 3 and f[1] == b"S":
            sent = bytes.fromhex(f[2].decode()).decode("utf-8", "replace")
            left = set(w for w in left if (w + "\n") not in sent)
            if not left:
                return out
        elif len(f) == 2:
            out.append((int(f[0], 16), int(f[1], 16) - lo))
        elif len(f) == 1:
            out.append((0, int(f[0], 16) - lo))
    if left:
        sys.exit("walk.py: the answer's send is not in the trace (a "
                 "walk_trace.c without send?)")
    return out


def count(ent, where, keep):
    """places, files, returns, the walk's files (the loop's thread's, then
    each other thread's): of the entries whose source keep() takes. The
    returns are counted in each thread's own sequence and summed: where
    two threads' entries interleave in the file is a matter of timing,
    not a step of either's path."""
    ent = [(t, x) for t, x in ent if keep(where[x][2])]
    files = set(where[x][1] for _, x in ent)
    order = []
    for t, _ in ent:
        if t not in order:
            order.append(t)
    order.sort(key=lambda t: t != proc.pid)
    ret, walk = 0, []
    for t in order:
        seq, seen = [], set()
        for u, x in ent:
            f = where[x][1]
            if u != t or (seq and seq[-1] == f):
                continue
            if f in seen:
                ret += 1
            seen.add(f)
            seq.append(f)
        walk.append(" > ".join(seq))
    return len(set(x for _, x in ent)), len(files), ret, walk


def under(path, dirs):
    return any(("/" + d + "/") in path or path.startswith(d + "/")
               for d in dirs)


for name, s, e, want in walks:
    ent = entries(data[s:e], want)
    if loop_only:
        ent = [(t, x) for t, x in ent if t in (0, proc.pid)]
    uniq = sorted(set(x for _, x in ent))
    out = subprocess.run(["addr2line", "-f", "-e", server] +
                         ["%x" % x for x in uniq], capture_output=True,
                         text=True).stdout.split("\n")
    where = {}
    for i, x in enumerate(uniq):
        fn, loc = out[2 * i], out[2 * i + 1]
        path = loc.split(":")[0]
        where[x] = (fn, os.path.basename(path), path)
    places, nfiles, ret, seq = count(ent, where, lambda p: True)
    print("%s: %d places, %d files, %d returns%s" % (name, places, nfiles,
          ret, " (the loop's thread)" if loop_only else ""))
    if only:
        op, of, orr, oseq = count(ent, where, lambda p: under(p, only))
        print("%s under %s: %d places, %d files, %d returns" % (
              name, ",".join(only), op, of, orr))
    if show:
        for x in uniq:
            if not only or under(where[x][2], only):
                print("  %s %s" % (where[x][1], where[x][0]))
        for w in (oseq if only else seq):
            print("  walk: " + w)
