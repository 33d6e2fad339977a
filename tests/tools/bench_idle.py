#!/usr/bin/env python3
"""bench_idle.py: congo-server's CPU while nothing happens (issue 58).

Starts SERVER (a congo-server binary) on a throwaway SQLite database,
opens CONNS idle TCP connections to it (RLIMIT_NOFILE raised as far as the
hard limit allows; fewer connections, said so, if it cannot reach CONNS),
waits until the server holds them all (its /proc/PID/fd), then reads the
server's utime+stime from /proc/PID/stat before and after SECONDS of
nothing and prints the CPU it used.

    tests/tools/bench_idle.py [SERVER [CONNS [SECONDS]]]
    (default: src/congo-server 10000 10)

A benchmark, not a test: its numbers depend on the machine.
"""
import os
import re
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time


def cpu_ticks(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])   # utime, stime


def nfds(pid):
    return len(os.listdir("/proc/%d/fd" % pid))


def main():
    server = sys.argv[1] if len(sys.argv) > 1 else "src/congo-server"
    want = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    secs = float(sys.argv[3]) if len(sys.argv) > 3 else 10.0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    lim = hard if hard != resource.RLIM_INFINITY else want + 1000
    resource.setrlimit(resource.RLIMIT_NOFILE, (lim, hard))
    # Ours (the clients) and the server's (it inherits the limit) each
    # need one descriptor a connection and a few of their own.
    conns = min(want, lim - 100)
    if conns < want:
        print("RLIMIT_NOFILE's hard limit is %d: %d connections, not %d"
              % (hard, conns, want))
    tmp = tempfile.mkdtemp(prefix="bench_idle.")
    log = open(os.path.join(tmp, "log"), "w+")
    srv = subprocess.Popen(
        [server, "--create", "--db", os.path.join(tmp, "b.db"),
         "--port", "0", "--bind", "127.0.0.1",
         "--max-connections", str(conns + 100),
         "--max-per-address", str(conns + 100), "--log-level", "warn"],
        stdout=log, stderr=log)
    socks = []
    try:
        port = None
        deadline = time.monotonic() + 30
        while port is None and time.monotonic() < deadline:
            # The port is in /proc/net/tcp: the server's listening socket.
            port = listen_port(srv.pid)
            if port is None:
                if srv.poll() is not None:
                    log.seek(0)
                    sys.exit("server exited: " + log.read())
                time.sleep(0.05)
        if port is None:
            sys.exit("server did not listen")
        base = nfds(srv.pid)
        for i in range(conns):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.connect(("127.0.0.1", port))
            socks.append(s)
        deadline = time.monotonic() + 60
        while nfds(srv.pid) < base + conns:
            if time.monotonic() > deadline:
                sys.exit("server holds %d of %d connections"
                         % (nfds(srv.pid) - base, conns))
            time.sleep(0.05)
        time.sleep(1)   # the accepts' round over
        hz = os.sysconf("SC_CLK_TCK")
        t0, c0 = time.monotonic(), cpu_ticks(srv.pid)
        time.sleep(secs)
        t1, c1 = time.monotonic(), cpu_ticks(srv.pid)
        print("%s: %d idle connections, %.1f s: %d ms CPU (utime+stime, "
              "%.3f%% of one core)" % (server, conns, t1 - t0,
                                       (c1 - c0) * 1000 // hz,
                                       100.0 * (c1 - c0) / hz / (t1 - t0)))
    finally:
        srv.terminate()
        srv.wait()
        for s in socks:
            s.close()
        shutil.rmtree(tmp, ignore_errors=True)


def listen_port(pid):
    inodes = set()
    try:
        for fd in os.listdir("/proc/%d/fd" % pid):
            m = re.match(r"socket:\[(\d+)\]",
                         os.readlink("/proc/%d/fd/%s" % (pid, fd)))
            if m:
                inodes.add(m.group(1))
    except OSError:
        return None
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(name) as f:
            for line in f.readlines()[1:]:
                p = line.split()
                if p[3] == "0A" and p[9] in inodes:    # LISTEN
                    return int(p[1].split(":")[1], 16)
    return None


if __name__ == "__main__":
    main()
