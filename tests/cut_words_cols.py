#!/usr/bin/env python3
"""cut_words_cols.py SCREEN TITLE HEAD [TITLE HEAD ...]: the lobby's
tables keep their columns (issue 62), in every language: for each pair,
the line of column heads whose first word is TITLE (the challenges', your
games', the seeks': "+TITLE") and the rows under it (a game's " >  ID  ...",
or for +TITLE every line to a blank one): each row's cell under HEAD starts at HEAD's
column, one space before it. A cell padded by bytes, not columns ("à vous"
7 bytes, 6 columns), starts one column early; a word wider than its column
("ungewertet") pushes the cells after it. Exit status 0 aligned, 1 not
(each row named), 2 usage."""

import re
import sys


def check(lines, title, head):
    # (a title "+Seeks": its rows are every line to the first blank one;
    # else the rows of a game: " >  GAMEID  ...")
    every = title.startswith("+")
    title = title.lstrip("+")
    bad = 0
    for i, line in enumerate(lines):
        words = line.split()
        if not words or words[0] != title or not line.startswith("   "):
            continue
        m = re.search(r"(?<= )" + re.escape(head) + r"(?= |$)", line)
        if m is None:
            continue
        col = m.start()
        for n, row in enumerate(lines[i + 1:], i + 2):
            if row.strip() == "" or not (every and re.match(r" [> ] ", row)
                                         or re.match(r" [> ]  [A-Z2-7]{8} ",
                                                     row)):
                break
            if len(row.rstrip()) <= col:
                continue        # (cut short by the screen's width)
            if row[col - 1] != " " or row[col] == " ":
                print("line %d: the cell under %r (column %d) is not at "
                      "its column:\n  %s\n  %s" % (n, head, col + 1,
                                                    line.rstrip(),
                                                    row.rstrip()))
                bad = 1
    return bad


def main(argv):
    if len(argv) < 4 or len(argv) % 2 != 0:
        sys.stderr.write(__doc__)
        return 2
    with open(argv[1], encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    bad = 0
    for title, head in zip(argv[2::2], argv[3::2]):
        bad |= check(lines, title, head)
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv))
