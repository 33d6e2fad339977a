#!/usr/bin/env python3
"""web_tabs.py CHROMIUM CGPPORT HTTPPORT PROFILE [TABS]: a spectator's
browser with TABS game pages (8) and the lobby, all on congo-server itself
(HTTP/1.1: Chromium opens six connections to a server at most). TABS games
are made over CGP/1 and each has a first move; headless Chromium opens a
tab on each, then the lobby. Every game page must get its stream's first
message within 10 s and the lobby its page, and once a second move is
made in every game, each page must show it within 2 s without a reload.
Prints the figures (and the server's HTTP connections and streams as its
/metrics counts them); exit 1 on a failure."""
import json
import os
import sys
import time
import urllib.request

import websocket

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from web_browser import launch  # noqa: E402
from web_cgp import Conn  # noqa: E402


class Tab:
    def __init__(self, ws_url):
        self.ws = websocket.create_connection(ws_url, timeout=10)
        self.id = 0

    def eval(self, expr):
        self.id += 1
        self.ws.send(json.dumps({"id": self.id, "method": "Runtime.evaluate",
                                 "params": {"expression": expr,
                                            "returnByValue": True}}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == self.id:
                return msg.get("result", {}).get("result", {}).get("value")


def metrics(http):
    text = urllib.request.urlopen("http://127.0.0.1:%d/metrics" % http,
                                  timeout=5).read().decode()
    out = {}
    for line in text.splitlines():
        if line.startswith("congo_http_"):
            k, v = line.split()
            out[k] = int(float(v))
    return out


def main():
    chrome, cgp, http, profile = sys.argv[1:5]
    cgp, http = int(cgp), int(http)
    ntabs = int(sys.argv[5]) if len(sys.argv) > 5 else 8
    base = "http://127.0.0.1:%d" % http
    games = []
    for i in range(ntabs):
        w, b = Conn(cgp), Conn(cgp)
        g = w.cmd("CREATE seat=white clock=300+5 name=w%d" % i)["game"]
        b.cmd("JOIN game=%s seat=black name=b%d" % (g, i))
        w.cmd("MOVE game=%s ply=0 move=c2c3" % g)
        games.append((g, w, b))
    proc, port = launch(chrome, profile, "about:blank")
    try:
        run(port, base, http, games)
    finally:
        proc.kill()
        proc.wait()


def open_tab(port, url):
    req = urllib.request.Request("http://127.0.0.1:%d/json/new?%s"
                                 % (port, url), method="PUT")
    t = json.load(urllib.request.urlopen(req, timeout=10))
    return Tab(t["webSocketDebuggerUrl"])


def run(port, base, http, games):
    tabs = [open_tab(port, "%s/game/%s" % (base, g)) for g, _, _ in games]
    lobby = open_tab(port, base + "/")
    t0 = time.monotonic()
    waiting = set(range(len(tabs)))
    lobby_ok = None
    while (waiting or lobby_ok is None) and time.monotonic() - t0 < 10:
        for i in list(waiting):
            if tabs[i].eval("document.body ? document.body.getAttribute("
                            "'data-updated') : null") is not None:
                waiting.discard(i)
        if lobby_ok is None and lobby.eval(
                "!!document.getElementById('live')"):
            lobby_ok = time.monotonic() - t0
        time.sleep(0.05)
    if waiting:
        sys.exit("web_tabs: %d of %d game pages got no stream in 10 s "
                 "(tabs %s)" % (len(waiting), len(tabs),
                               sorted(i + 1 for i in waiting)))
    if lobby_ok is None:
        sys.exit("web_tabs: the lobby did not load in 10 s beside %d game "
                 "pages" % len(tabs))
    live = time.monotonic() - t0
    m = metrics(http)
    print("web_tabs: %d game pages live and the lobby loaded within %.2f s;"
          " the server: %d HTTP connections, %d event streams"
          % (len(tabs), live, m.get("congo_http_connections", -1),
             m.get("congo_http_streams", -1)), flush=True)
    sent = time.monotonic()
    for g, w, b in games:
        b.cmd("MOVE game=%s ply=1 move=c6c5" % g)
    shown = {}
    while len(shown) < len(tabs) and time.monotonic() - sent < 2:
        for i, t in enumerate(tabs):
            if i not in shown and t.eval(
                    "document.body.getAttribute('data-ply')") == "2":
                shown[i] = time.monotonic() - sent
        time.sleep(0.02)
    if len(shown) < len(tabs):
        sys.exit("web_tabs: %d of %d pages did not show the move in 2 s"
                 % (len(tabs) - len(shown), len(tabs)))
    loads = [t.eval("performance.getEntriesByType('navigation').length")
             for t in tabs]
    if any(n != 1 for n in loads):
        sys.exit("web_tabs: a page was loaded again")
    print("web_tabs: the move in each of the %d games shown on its page "
          "within %.0f ms (the slowest), without a reload"
          % (len(tabs), max(shown.values()) * 1000), flush=True)


if __name__ == "__main__":
    main()
