#!/usr/bin/env python3
"""web_title.py CHROMIUM URL PROFILE SCREENSHOT: tests/test_web.sh's
browser for a bot's game (issue 59). Headless Chromium loads URL, the
game page of a game with a computer player, driven through the DevTools
protocol (web_browser.py's). Once the page's event stream is open it
prints "h1 <the heading's text>" and "titles <the text of each title in
the heading, joined by commas>", and draws the page into SCREENSHOT.
Exit 1 when the page does not come within 10 s."""
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
    deadline = time.time() + 10
    while not value("document.body && document.body.getAttribute("
                    "'data-updated')"):
        if time.time() > deadline:
            sys.exit("web_title: the page's stream never opened")
        time.sleep(0.05)
    print("h1 %s" % value("document.querySelector('h1').textContent"),
          flush=True)
    print("titles %s" % value("Array.from(document.querySelectorAll("
                              "'h1 .title')).map(e => e.textContent)"
                              ".join(',')"), flush=True)
    png = call("Page.captureScreenshot", format="png")
    with open(shot, "wb") as f:
        f.write(base64.b64decode(png["data"]))


if __name__ == "__main__":
    main()
