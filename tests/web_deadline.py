#!/usr/bin/env python3
"""web_deadline.py CHROMIUM URL PROFILE SCREENSHOT: tests/test_web_corr.sh's
browser (issue 36). Headless Chromium loads URL, a correspondence game in
progress, and is driven through the DevTools protocol (web_browser.py's).
Once the page's event stream is open, "deadline <text>" is printed (the
page's deadline line); "ticks <text>" once the time left in it has gone
down (the script counts it down, 5 s at most). Then a line is read from
stdin (the test made a move over CGP/1); once the line names the other
side to move, without a reload, "moved <text>" is printed and the page
drawn into SCREENSHOT. Exit 1 when a step does not come within 5 s."""
import base64
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import web_browser  # noqa: E402  (its launch and DevTools)


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

    def until(cond, what):
        deadline = time.time() + 5
        while True:
            v = cond()
            if v:
                return v
            if time.time() > deadline:
                sys.exit("web_deadline: %s not within 5 s" % what)
            time.sleep(0.05)
    line = "document.getElementById('deadline').textContent"
    until(lambda: value("document.body && document.body.getAttribute("
                        "'data-updated')"), "the page's stream")
    loads = value("performance.getEntriesByType('navigation').length")
    first = value(line)
    print("deadline %s" % first, flush=True)
    until(lambda: value(line) != first and value(line), "the countdown")
    print("ticks %s" % value(line), flush=True)
    side = first.split(" ")[0]
    sys.stdin.readline()
    moved = until(lambda: (lambda t: t if t and not t.startswith(side)
                           else None)(value(line)), "the move's deadline")
    if value("performance.getEntriesByType('navigation').length") != loads:
        sys.exit("web_deadline: the page was loaded again")
    print("moved %s" % moved, flush=True)
    png = call("Page.captureScreenshot", format="png")
    with open(shot, "wb") as f:
        f.write(base64.b64decode(png["data"]))


if __name__ == "__main__":
    main()
