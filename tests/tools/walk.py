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
proto's too). The trace of function entries is sliced from the
line's sending until the server goes quiet (the trace stops growing for
0.5 s) after its answer and events came. A "return" is an entry into a
file that the walk entered before and then left (consecutive entries in
one file count once).

The full count is printed first. --only counts the walk through the
sources under those folders of the tree alone (the entries elsewhere
skipped, so that a call into util/ and back is no return), as issue 58
counted: --only src/net/server,src/net/store. --loop counts only the
event loop's thread (not the store's and reader's threads). Each counting
asked for is printed on its own line after the full one.
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
a.ask("#5", "MOVE game=%s ply=2 move=d2d3" % g)
b.until(lambda l: l.startswith("EV %s " % g) and " MOVE " in l)
walks.append(("MOVE", start, quiet()))
start = size()
a.ask("#6", "CHALLENGE name=Bob clock=300+5 rated=no color=white")
b.until(lambda l: " CHALLENGED " in l)
walks.append(("CHALLENGE", start, quiet()))
lo = base()
proc.terminate(); proc.wait()

data = open(trace, "rb").read()


def entries(raw):
    """(thread, address) of each line: "TID ADDR", or "ADDR" of an older
    walk_trace.c (thread unknown, 0)."""
    out = []
    for line in raw.split(b"\n"):
        f = line.split()
        if len(f) == 2:
            out.append((int(f[0], 16), int(f[1], 16) - lo))
        elif len(f) == 1:
            out.append((0, int(f[0], 16) - lo))
    return out


def count(addrs, where, keep):
    """places, files, returns, the walk's files: of the entries whose
    source keep() takes."""
    addrs = [x for x in addrs if keep(where[x][2])]
    files, seq, ret, seen = set(), [], 0, set()
    for x in addrs:
        f = where[x][1]
        files.add(f)
        if seq and seq[-1] == f:
            continue
        if f in seen:
            ret += 1
        seen.add(f)
        seq.append(f)
    return len(set(addrs)), len(files), ret, seq


def under(path, dirs):
    return any(("/" + d + "/") in path or path.startswith(d + "/")
               for d in dirs)


for name, s, e in walks:
    ent = entries(data[s:e])
    if loop_only:
        ent = [(t, x) for t, x in ent if t in (0, proc.pid)]
    addrs = [x for _, x in ent]
    uniq = sorted(set(addrs))
    out = subprocess.run(["addr2line", "-f", "-e", server] +
                         ["%x" % x for x in uniq], capture_output=True,
                         text=True).stdout.split("\n")
    where = {}
    for i, x in enumerate(uniq):
        fn, loc = out[2 * i], out[2 * i + 1]
        path = loc.split(":")[0]
        where[x] = (fn, os.path.basename(path), path)
    places, nfiles, ret, seq = count(addrs, where, lambda p: True)
    print("%s: %d places, %d files, %d returns%s" % (name, places, nfiles,
          ret, " (the loop's thread)" if loop_only else ""))
    if only:
        op, of, orr, oseq = count(addrs, where, lambda p: under(p, only))
        print("%s under %s: %d places, %d files, %d returns" % (
              name, ",".join(only), op, of, orr))
    if show:
        for x in uniq:
            if not only or under(where[x][2], only):
                print("  %s %s" % (where[x][1], where[x][0]))
        print("  walk: " + " > ".join(oseq if only else seq))
