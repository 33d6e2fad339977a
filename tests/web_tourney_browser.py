#!/usr/bin/env python3
"""web_tourney_browser.py CHROMIUM URL PROFILE SCREENSHOT: the browser of
tests/test_web_tourney.sh. Headless Chromium loads URL (a tournament's
page, running) through the DevTools protocol (tests/web_browser.py's);
once the page's script has fetched it again once (the body's
data-polled), "ready <standings>" is printed (each row's name and points)
and a line read from stdin (the test had a game of it end); then the DOM
is read every 50 ms until the standings show a point and the games table
the result, without a reload: "shown <ms after the line> <standings>",
SCREENSHOT drawn. Exit 1 when not within 10 s or the page was loaded
again."""
import base64
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import web_browser  # noqa: E402  (its launch and DevTools)

STANDINGS = ("Array.from(document.querySelectorAll('#standings tr'))"
             ".slice(1).map(function (r) { return r.cells[1].textContent"
             " + '=' + r.cells[2].textContent; }).join(' ')")
RESULTS = ("Array.from(document.querySelectorAll('#tgames .result'))"
           ".map(function (c) { return c.textContent; }).join(',')")
LOADS = "performance.getEntriesByType('navigation').length"


def main():
    chrome, url, profile, shot = sys.argv[1:5]
    proc, port = web_browser.launch(chrome, profile, url)
    try:
        run(port, url, shot)
    finally:
        proc.kill()
        proc.wait()


def run(port, url, shot):
    call = web_browser.devtools(port, url)

    def value(expr):
        r = call("Runtime.evaluate", expression=expr)
        return r.get("result", {}).get("value")

    deadline = time.time() + 10
    while value("document.body ? document.body.getAttribute('data-polled')"
                " : null") is None:
        if time.time() > deadline:
            sys.exit("web_tourney_browser: the page's script never fetched "
                     "the page again")
        time.sleep(0.05)
    loads = value(LOADS)
    print("ready %s" % value(STANDINGS), flush=True)
    sys.stdin.readline()
    t0 = time.time()
    deadline = t0 + 10
    while "1-0" not in (value(RESULTS) or "") or \
            "=1" not in (value(STANDINGS) or ""):
        if time.time() > deadline:
            sys.exit("web_tourney_browser: the game's end not shown in "
                     "10 s: %s / %s" % (value(STANDINGS), value(RESULTS)))
        time.sleep(0.05)
    shown = int((time.time() - t0) * 1000)
    if value(LOADS) != loads:
        sys.exit("web_tourney_browser: the page was loaded again")
    print("shown %d %s" % (shown, value(STANDINGS)), flush=True)
    print("results %s" % value(RESULTS), flush=True)
    png = call("Page.captureScreenshot", format="png")
    with open(shot, "wb") as f:
        f.write(base64.b64decode(png["data"]))
    dom = call("Runtime.evaluate",
               expression="document.documentElement.outerHTML")
    with open(shot + ".html", "w") as f:
        f.write(dom.get("result", {}).get("value", ""))


if __name__ == "__main__":
    main()
