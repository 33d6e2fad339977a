#!/usr/bin/env python3
"""cut_words.py: the cut words on a captured screen (test_ui_cut_words.sh).

Usage: cut_words.py SRCDIR LANG COLS SCREEN [WORD...]

The catalogue's words are those of the strings a screen in LANG shows:
po/LANG.po's translations (en: the messages, msgid), the lessons of that
language (data/lessons.LANG.txt; en: data/lessons.txt). The whole words a
screen may show are those and every message's (English where a
translation is missing), the sources' strings, the lessons, and the WORDs
given (a player's name). With CUT_WORDS_CACHE set (a file's name) they are
read from that file, written there first when it is not.

A word on the screen (a run of letters: "Congo-Partien" is two, "l'aide"
two) is cut when it is a proper prefix of a catalogue word and
  - it is no whole word at all ("Meldu" of "Meldungen"), or
  - the screen shows it cut: glued to the next field (a digit or a
    border's line right after it: "zoe3:00", "Wit│"), or ended at the
    screen's last column in the status bar or the message line (the
    screen's last CUT_WORDS_BARS lines, 2 unless set; prose elsewhere
    may fill a line; a message's last two words may end there), or
and no ellipsis ("…" or "...") follows it. Not words: a run of one
letter (the board's files, a piece's letter), a run after a digit (a
move's c6xc4xe4, 30s), a square's file (d2d3), a game's id (KRJHX3C2). Each cut word is printed as "line N: WORD (of CATALOGUE-WORD):
the line"; exit 1 when one is, 0 when none, 2 on a bad argument.
"""

import os
import re
import sys

ELLIPSIS = ("\u2026", "...")
BORDERS = set("|\u2502\u2503\u2551\u250a\u2506\u256a\u253c\u2524\u251c")


def po_strings(path):
    """(msgids, msgstrs) of a .po file, continuation lines joined."""
    ids, strs = [], []
    cur, buf = None, []

    def flush():
        if cur is None:
            return
        text = "".join(buf)
        if cur == "id":
            ids.append(text)
        elif cur == "str":
            strs.append(text)

    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("#"):
                continue
            m = re.match(r'(msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+"(.*)"$',
                         line)
            if m:
                flush()
                kw = m.group(1)
                cur = "id" if kw.startswith("msgid") else "str"
                buf = [m.group(2)]
            elif line.startswith('"') and cur is not None:
                buf.append(line[1:-1])
        flush()
    return ids, strs


def words_of(text):
    """The letter runs of text (escapes such as \\n dropped first)."""
    text = re.sub(r"\\[ntr\"\\]", " ", text)
    text = re.sub(r"%(\d\$)?[-+ #0-9.]*[a-zA-Z]", " ", text)
    return re.findall(r"[^\W\d_]+", text)


def ending(words):
    """A text's last two words, as one string ("is a", "variation")."""
    return " ".join(words[-2:])


def catalogue(srcdir, lang):
    """(catalogue words, whole words, endings) for lang: the endings are
    the last two words of each message, lesson line and source string."""
    cat, whole, ends = set(), set(), set()
    po = os.path.join(srcdir, "po", (lang if lang != "en" else "nl") + ".po")
    ids, strs = po_strings(po)
    for s in (ids if lang == "en" else strs):
        cat.update(words_of(s))
        for part in s.split("|"):
            ends.add(ending(words_of(part)))
    for s in ids:
        whole.update(words_of(s))
        ends.add(ending(words_of(s)))
    lessons = "lessons.txt" if lang == "en" else "lessons.%s.txt" % lang
    for name in (lessons, "lessons.txt"):
        path = os.path.join(srcdir, "data", name)
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                text = f.read()
            w = words_of(text)
            for line in text.split("\n"):
                ends.add(ending(words_of(line)))
            whole.update(w)
            if name == lessons:
                cat.update(w)
    for root, _dirs, files in os.walk(os.path.join(srcdir, "src")):
        for name in files:
            if name.endswith(".c"):
                with open(os.path.join(root, name), encoding="utf-8",
                          errors="replace") as f:
                    for lit in re.findall(r'"((?:[^"\\\n]|\\.)*)"', f.read()):
                        whole.update(words_of(lit))
                        ends.add(ending(words_of(lit)))
    whole |= cat
    ends.discard("")
    return cat, whole, ends


def prefix_of(word, cat_sorted, cat_set):
    """The catalogue word word is a proper prefix of (case kept, or the
    word's first letter in the other case), or None."""
    import bisect
    for w in (word, word[0].swapcase() + word[1:]):
        i = bisect.bisect_right(cat_sorted, w)
        while i < len(cat_sorted) and cat_sorted[i].startswith(w):
            if cat_sorted[i] != w:
                return cat_sorted[i]
            i += 1
    return None


def main(argv):
    if len(argv) < 5:
        sys.stderr.write(__doc__)
        return 2
    srcdir, lang, cols, screen = argv[1], argv[2], int(argv[3]), argv[4]
    cache = os.environ.get("CUT_WORDS_CACHE")
    if cache and os.path.exists(cache):
        with open(cache, encoding="utf-8") as f:
            cat, whole, ends = [set(part.split("\n")) for part in
                                f.read().split("\n\n")]
    else:
        cat, whole, ends = catalogue(srcdir, lang)
        if cache:
            with open(cache + ".new", "w", encoding="utf-8") as f:
                f.write("\n\n".join("\n".join(sorted(x))
                                     for x in (cat, whole, ends)))
            os.replace(cache + ".new", cache)
    for w in argv[5:]:
        whole.update(words_of(w))
    whole_fold = {w.casefold() for w in whole}
    cat_sorted = sorted(cat)
    bad = 0
    with open(screen, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    while lines and lines[-1] == "":
        lines.pop()
    bars = int(os.environ.get("CUT_WORDS_BARS", "2"))
    for n, line in enumerate(lines, 1):
        for m in re.finditer(r"[^\W\d_]+", line):
            tok = m.group(0)
            s, e = m.start(), m.end()
            if len(tok) < 2 or (s > 0 and line[s - 1].isdigit()):
                continue
            word = re.match(r"[^\W_]*", line[s:]).group(0)
            if re.fullmatch(r"[A-Z2-7]{8}", word):
                continue    # a game's id
            after = line[e:]
            if after[:1].isdigit() and re.fullmatch(r"[a-gx]{1,2}", tok):
                continue    # a move: c6xc4
            if after.startswith(ELLIPSIS):
                continue
            of = prefix_of(tok, cat_sorted, cat)
            if of is None:
                continue
            if tok.casefold() in whole_fold:
                nxt = after[:1]
                glued = nxt.isdigit() or nxt in BORDERS
                # (prose may fill a line to its end: the edge only
                # in the status bar and the message line)
                at_edge = (e >= cols and n > len(lines) - bars and
                           ending(words_of(line)) not in ends)
                if not (glued or at_edge):
                    continue
            print("line %d: %s (of %s): %s" % (n, tok, of, line.rstrip()))
            bad = 1
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv))
