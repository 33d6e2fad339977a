#!/usr/bin/env python3
"""cut_words.py: the cut words on a captured screen (test_ui_cut_words.sh).

Usage: cut_words.py SRCDIR LANG COLS SCREEN [WORD...]

The catalogue's words are those of the strings a screen in LANG shows:
po/LANG.po's translations (en: the messages, msgid), the lessons of that
language (data/lessons.LANG.txt; en: data/lessons.txt). The whole words a
screen may show are those and every message's (English where a
translation is missing), the sources' strings, the lessons, and the WORDs
given (players' names: catalogue words too, so that a name cut without
an ellipsis is a cut word). With CUT_WORDS_CACHE set (a file's name) they
are read from that file, written there first when it is not.

A word on the screen (a run of letters: "Congo-Partien" is two, "l'aide"
two) with no ellipsis ("…" or "...") after it is cut when
  - it is the first letters of a catalogue word and no whole word at all
    ("Meldu" of "Meldungen"), or
  - it is the first letters of a catalogue word glued to the next field
    (a digit or a border's line right after it: "zoe3:00", "Wit│"), or
  - it is a whole word glued to the next field's ("ZwartAI").
And a bar (the screen's last CUT_WORDS_BARS lines, 2 unless set: the
status bar and the message line; and a line of keys anywhere, "Enter:
play   Esc: back", wrapped or not; none when CUT_WORDS_BARS is "none", a
screen of prose: then its first line, its title with its keys, is the
bar) ends at the end of an
item or message (its last two words are a message's or an item's last
two, an item of "  |  ", two spaces, ", " or "; "), or with an ellipsis
(and the log's "(m)"), or with "?" after a whole item, or with a
message's argument (a figure, a move, a WORD given); "g: gespielte" of
"g: gespielte Partien" is cut. Not words: a run of one letter (the
board's files, a piece's letter), a run after a digit (a move's
c6xc4xe4, 30s), a square's file (d2d3), a game's id (KRJHX3C2). Each cut
is printed as "line N: WORD (of CATALOGUE-WORD): the line" (or "glued
to", or "ends inside an item"). With CUT_WORDS_KEEP set (bars as the
catalogue has them, one a line: "? help  q quit", a line of keys), each
bar's first item (the screen's main key, or what the bar says) and its
last (the key that leaves: "q: quit", "Esc: back"; a title's "q or Esc
closes)") must be on the screen, whole ("missing ITEM"): a bar too long
drops the items between them first. Exit 1 when a word is cut or an item
missing, 0 when none, 2 on a bad argument.
"""

import os
import re
import sys

ELLIPSIS = ("\u2026", "...")
BORDERS = set("|\u2502\u2503\u2551\u250a\u2506\u256a\u253c\u2524\u251c")


def po_entries(path):
    """The entries of a .po file: ([msgid, msgid_plural], [msgstr...]),
    continuation lines joined; the header left out."""
    entries = []
    cur = None

    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("#"):
                continue
            m = re.match(r'(msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+"(.*)"$',
                         line)
            if m:
                if m.group(1) == "msgid":
                    entries.append(([], []))
                part = 0 if m.group(1).startswith("msgid") else 1
                entries[-1][part].append(m.group(2))
                cur = entries[-1][part]
            elif line.startswith('"') and cur is not None:
                cur[-1] += line[1:-1]
    return [e for e in entries if e[0] != [""]]


def words_of(text):
    """The letter runs of text (escapes such as \\n dropped first)."""
    text = re.sub(r"\\[ntr\"\\]", " ", text)
    text = re.sub(r"%(\d\$)?[-+ #0-9.]*[a-zA-Z]", " ", text)
    return re.findall(r"[^\W\d_]+", text)


def plain(text):
    """A message as a screen shows it: its escapes read, a newline a
    space, each conversion ("%s", "%1$d") a \x01 (any argument)."""
    text = re.sub(r"%(\d\$)?[-+ #0-9.]*(hh|h|ll|l|z|j|t)?[a-zA-Z]", "\x01",
                  text.replace("%%", "\x02"))
    text = text.replace("\\n", " ").replace("\\t", " ")
    text = text.replace('\\"', '"').replace("\\\\", "\\")
    return text.replace("\x02", "%").strip()


def ending(words):
    """A text's last two words, as one string ("is a", "variation")."""
    return " ".join(words[-2:])


# What parts a message's items (a bar's "  |  " or two spaces, a list's
# ", " or "; ", a field's forms "a|b").
ITEMS = re.compile(r"\s{2,}|\||,\s|;\s")

# A line of keys anywhere ("Enter: play   Esc: back"): a bar too.
KEYS = re.compile(r"(?:^|\s{2,})\S+ ?: \S.*\s{2,}\S+ ?: \S")

# A marked message in the sources: its strings are the catalogue's.
MARKED = re.compile(r'\b(?:N_|P_|_|ngettext)\s*\(\s*'
                    r'(?:"(?:[^"\\\n]|\\.)*"\s*,?\s*)+')


def catalogue(srcdir, lang):
    """(catalogue words, whole words, endings) for lang. The whole words
    are the catalogue's, the messages' not translated yet (English), and
    the sources' strings that are no message (a key's name, a command);
    in English every message's and the lessons'. The endings are the last
    two words of each message, lesson line and source string."""
    cat, whole, ends, msgs = set(), set(), set(), set()
    po = os.path.join(srcdir, "po", (lang if lang != "en" else "nl") + ".po")
    for ids, strs in po_entries(po):
        shown = ids if lang == "en" or not any(strs) else strs
        for s in shown:
            msgs.add(plain(s))
            w = words_of(s)
            (cat if lang == "en" or any(strs) else whole).update(w)
            for part in ITEMS.split(s):
                ends.add(ending(words_of(part)))
    lessons = "lessons.txt" if lang == "en" else "lessons.%s.txt" % lang
    path = os.path.join(srcdir, "data", lessons)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    cat.update(words_of(text))
    for line in text.split("\n"):
        for part in ITEMS.split(line):
            ends.add(ending(words_of(part)))
    for root, _dirs, files in os.walk(os.path.join(srcdir, "src")):
        for name in files:
            if name.endswith(".c"):
                with open(os.path.join(root, name), encoding="utf-8",
                          errors="replace") as f:
                    text = f.read()
                # (a comment's quotes are no string: "AI eenvoudig zoe")
                text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
                if lang != "en":
                    text = MARKED.sub("", text)
                for lit in re.findall(r'"((?:[^"\\\n]|\\.)*)"', text):
                    whole.update(words_of(lit))
                    for part in ITEMS.split(lit):
                        ends.add(ending(words_of(part)))
    whole |= cat
    ends.discard("")
    msgs.discard("")
    return cat, whole, ends, msgs


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
            cat, whole, ends, msgs = [set(part.split("\n")) for part in
                                f.read().split("\n\n")]
    else:
        cat, whole, ends, msgs = catalogue(srcdir, lang)
        if cache:
            with open(cache + ".new", "w", encoding="utf-8") as f:
                f.write("\n\n".join("\n".join(sorted(x))
                                     for x in (cat, whole, ends, msgs)))
            os.replace(cache + ".new", cache)
    for w in argv[5:]:
        # (a name is whole, and cut without an ellipsis it is cut:
        # "Bartholomew_Fitz")
        whole.update(words_of(w))
        cat.update(words_of(w))
    whole_fold = {w.casefold() for w in whole}
    cat_sorted = sorted(cat)
    bad = 0
    with open(screen, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()     # (the last line's newline)
    bars = os.environ.get("CUT_WORDS_BARS", "2")
    prose = bars == "none"      # (the help, the log: wrapped prose only)
    bars = 0 if prose else int(bars)
    names = {x.casefold() for w in argv[5:] for x in [w] + words_of(w)}
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
            if tok.casefold() not in whole_fold:
                glued = re.search(r"[^\W\d_A-Z](?=[A-Z])", tok)
                if glued and (tok[:glued.end()].casefold() in whole_fold):
                    print("line %d: %s (glued to %s): %s" % (
                        n, tok[:glued.end()], tok[glued.end():],
                        line.rstrip()))
                    bad = 1
                    continue
            of = prefix_of(tok, cat_sorted, cat)
            if of is None:
                continue
            if tok.casefold() in whole_fold:
                nxt = after[:1]
                if not (nxt.isdigit() or nxt in BORDERS):
                    continue
            print("line %d: %s (of %s): %s" % (n, tok, of, line.rstrip()))
            bad = 1
        if n == 1 and prose or n > len(lines) - bars or not prose and \
                KEYS.search(line):
            last = bar_cut(line, ends, names, msgs)
            if last is not None:
                print("line %d: ends inside an item, at %s: %s" % (
                    n, last, line.rstrip()))
                bad = 1
    for item, bar in keep_missing(lines, os.environ.get("CUT_WORDS_KEEP",
                                                        "")):
        print("missing %s (of the bar %s)" % (item, bar.strip()))
        bad = 1
    return bad


def bar_ends(bar):
    """The first and the last item of a bar ("s: seek  ...  q: quit"):
    its parts apart by two spaces ("  |  " among them; a part before a
    "|" is one item), a part's items by ", " or "; " outside parentheses;
    a last part in parentheses (a title's keys) gives its last item and
    the ")"."""
    bar = plain(bar)
    pieces = re.split(r"( {2,}(?:\| +)?)", bar)
    parts, seps = pieces[0::2], pieces[1::2]

    def items(part, whole):
        if whole:
            return [part]
        out, depth, cur = [], 0, ""
        for i, ch in enumerate(part):
            if ch == "(":
                depth += 1
            elif ch == ")" and depth > 0:
                depth -= 1
            if depth == 0 and ch in ",;" and part[i + 1:i + 2] == " ":
                out.append(cur.strip())
                cur = ""
                continue
            cur += ch
        out.append(cur.strip())
        return [x for x in out if x]

    first = items(parts[0], len(seps) > 0 and "|" in seps[0])[0]
    last = parts[-1]
    if len(parts) > 1 and last.startswith("(") and last.endswith(")"):
        last = items(last[1:-1], False)[-1] + ")"
    else:
        last = items(last, False)[-1]
    return [first] if first == last else [first, last]


def keep_missing(lines, keep):
    """The items of the bars in keep (one a line) that the screen's lines
    lack: each bar's first and last (bar_ends); an argument ("%d") is any
    text."""
    missing = []
    for bar in keep.split("\n"):
        if not bar.strip():
            continue
        for item in bar_ends(bar):
            pat = re.escape(item).replace("\x01", ".+?")
            if not any(re.search(pat, line) for line in lines):
                missing.append((item, bar))
    return missing


def item_cut(piece, msgs):
    """True when piece (a bar's last item) is shown in some message and
    always cut there: a word of that message follows it, not its end, an
    item's separator or an argument ("Entrée joue, A analyse, Échap" of
    "..., Échap quitte"); False when a message has it whole or none
    has it."""
    found = False
    for msg in msgs:
        at = msg.find(piece)
        while at >= 0:
            rest = msg[at + len(piece):]
            if at > 0 and msg[at - 1].isalnum() or rest[:1].isalnum():
                at = msg.find(piece, at + 1)
                continue    # inside a word
            found = True
            # (a key's label goes on after its ":")
            if rest == "" or rest[0] == "\x01" or ITEMS.match(rest) or \
                    not rest.startswith((" ", ":")):
                return False
            at = msg.find(piece, at + 1)
    return found


def bar_cut(line, ends, names, msgs):
    """The last word of a bar's line (the status bar, a list of keys, the
    message line) when the line ends inside an item or message, not at its
    end, a whole item's before "?" or an ellipsis; else None. A line that
    ends with a figure, a move or a name (a message's argument) is
    taken as whole."""
    t = re.sub(r"\s*\(m\)$", "", line.rstrip())    # the log's key
    if not t.strip() or t.endswith(ELLIPSIS):
        return None
    t = re.sub(r"\s+\?$", "", t)
    last = t.split()[-1]
    words = words_of(t)
    if re.search(r"\d", last) or not words:
        return None
    piece = re.split(r"\s{2,}|\s\|\s", t.strip())[-1].strip()
    # (a key's letter alone, its label gone: "t : meilleurs  g")
    if re.fullmatch(r"[^\W\d_]", piece) or item_cut(piece, msgs):
        return words[-1]
    if ending(words) in ends or words[-1].casefold() in names:
        return None
    # a last word apart from the one before it (", ) leaves"): an item of
    # one word
    m = re.search(r"([^\W\d_]+)([^\w]*)$", t)
    gap = re.search(r"([^\W\d_]+)([^\w]*)$", t[:m.start()])
    if (gap is None or gap.group(2) not in (" ", "-", "'")) and \
            words[-1] in ends:
        return None
    return words[-1]


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except (OSError, ValueError, IndexError) as e:
        # (a file missing, a bad argument: no cut, an error)
        sys.stderr.write("cut_words.py: %s\n" % e)
        sys.exit(2)
