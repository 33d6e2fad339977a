#!/usr/bin/env python3
"""web_browser.py CHROMIUM URL PROFILE SCREENSHOT: tests/test_web.sh's
browser. Headless Chromium loads URL (a game in progress) and is driven
through the DevTools protocol (the arrow keys too): once the page's event stream is open
(the page's body has data-updated), "ready" is printed and a line is read
from stdin (the test made a move over CGP/1 and says its OK's wall time
in ms); then the DOM is read every 20 ms until the page shows the next
ply without a reload, and "shown <ms after the OK> <ply>" is printed.
The page is then drawn into SCREENSHOT (PNG), "turn <text>" printed,
and a second line read: the game ended; once the page shows the rating
changes, "rchange <text>" is printed and SCREENSHOT-end.png drawn. Exit 1
when the page does not show the move or the changes within 5 s. Over
https:// with a self-signed certificate, $WEB_BROWSER_SPKI names it (the
base64 SHA-256 of its public key): Chromium takes that one only."""
import base64
import json
import os
import re
import subprocess
import sys
import time
import urllib.request

import websocket


def launch(chrome, profile, url):
    """Headless Chromium on url: the process and its DevTools port."""
    spki = os.environ.get("WEB_BROWSER_SPKI")
    pin = ["--ignore-certificate-errors-spki-list=" + spki] if spki else []
    proc = subprocess.Popen([chrome, "--headless", "--no-sandbox",
                             "--disable-gpu", "--no-first-run",
                             "--window-size=900,760",
                             "--remote-debugging-port=0",
                             "--user-data-dir=" + profile] + pin + [url],
                            stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    for line in proc.stderr:
        m = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line)
        if m:
            return proc, int(m.group(1))
    proc.kill()
    proc.wait()
    sys.exit("web_browser: chromium gave no DevTools port")


def main():
    chrome, url, profile, shot = sys.argv[1:5]
    proc, port = launch(chrome, profile, url)
    try:
        run(port, url, shot)
    finally:
        proc.kill()
        proc.wait()


def devtools(port, url):
    """The page at url of the Chromium on DevTools port: a function that
    calls one of its methods (name, params) and returns the result."""
    ws = None
    for _ in range(250):
        pages = json.load(urllib.request.urlopen(
            "http://127.0.0.1:%d/json/list" % port))
        pages = [p for p in pages if p.get("type") == "page" and
                 p.get("url", "").startswith(url)]
        if pages:
            ws = websocket.create_connection(pages[0]["webSocketDebuggerUrl"],
                                             timeout=10)
            break
        time.sleep(0.02)
    if ws is None:
        sys.exit("web_browser: no page")
    ids = [0]

    def call(method, **params):
        ids[0] += 1
        ws.send(json.dumps({"id": ids[0], "method": method,
                            "params": params}))
        while True:
            msg = json.loads(ws.recv())
            if msg.get("id") == ids[0]:
                return msg.get("result", {})
    return call


def run(port, url, shot):
    call = devtools(port, url)

    def attr(name):
        r = call("Runtime.evaluate",
                 expression="document.body ? document.body.getAttribute(%s)"
                 " : null" % json.dumps(name))
        return r.get("result", {}).get("value")

    # The stream's first message (the whole game) marks the page updated.
    deadline = time.time() + 10
    while attr("data-updated") is None:
        if time.time() > deadline:
            sys.exit("web_browser: the page's stream never opened")
        time.sleep(0.02)
    ply = int(attr("data-ply"))
    loads = call("Runtime.evaluate",
                 expression="performance.getEntriesByType('navigation')"
                 ".length")["result"]["value"]
    print("ready %d" % ply, flush=True)
    sent = int(sys.stdin.readline().split()[-1])
    deadline = time.time() + 5
    while int(attr("data-ply")) <= ply:
        if time.time() > deadline:
            sys.exit("web_browser: the move was not shown within 5 s")
        time.sleep(0.02)
    seen = int(attr("data-updated"))
    again = call("Runtime.evaluate",
                 expression="performance.getEntriesByType('navigation')"
                 ".length")["result"]["value"]
    if again != loads or attr("data-ply") is None:
        sys.exit("web_browser: the page was loaded again")
    dom = call("Runtime.evaluate",
               expression="document.documentElement.outerHTML")

    # The arrow keys step through the moves: back one, the moved piece
    # is home again; forward, it is where it went.
    def key(name, code):
        for t in ("keyDown", "keyUp"):
            call("Input.dispatchKeyEvent", type=t, key=name, code=name,
                 windowsVirtualKeyCode=code)

    def text(expr):
        return call("Runtime.evaluate", expression=expr)["result"]["value"]
    view = "document.getElementById('view').textContent"
    last = int(attr("data-ply"))
    key("ArrowLeft", 37)
    back = text(view)
    key("ArrowRight", 39)
    fwd = text(view)
    if back != "ply %d of %d" % (last - 1, last) or \
            fwd != "ply %d of %d" % (last, last):
        sys.exit("web_browser: the arrow keys: %r then %r" % (back, fwd))
    print("keys %s / %s" % (back, fwd), flush=True)
    print("shown %d %s" % (seen - sent, attr("data-ply")), flush=True)
    with open(shot + ".html", "w") as f:
        f.write(dom["result"]["value"])
    png = call("Page.captureScreenshot", format="png")
    with open(shot, "wb") as f:
        f.write(base64.b64decode(png["data"]))
    print("turn %s" % text("document.getElementById('turn').textContent"),
          flush=True)
    # The game ends (the test says so with a line): a rated game's rating
    # changes show without a reload, drawn into SCREENSHOT-end.png.
    if not sys.stdin.readline():
        return
    rchange = "document.getElementById('rchange').textContent"
    deadline = time.time() + 5
    while not text(rchange):
        if time.time() > deadline:
            sys.exit("web_browser: no rating change shown within 5 s")
        time.sleep(0.02)
    print("rchange %s" % text(rchange), flush=True)
    png = call("Page.captureScreenshot", format="png")
    with open(shot.replace(".png", "-end.png"), "wb") as f:
        f.write(base64.b64decode(png["data"]))


if __name__ == "__main__":
    main()
