#!/usr/bin/env python3
"""help-agrees.py — `flagrule --help` and `flagrule CMD --help` agree with
flagrule(1): every command of `flagrule --help` has a subsection in
COMMANDS; every option in a command's SYNOPSIS is in its --help; every
option its --help lists is documented in the page.

Usage: help-agrees.py [PAGE]  (default $top_builddir/man/flagrule.1)
Exit status: 0 agree, 1 not, 77 skipped (no flagrule binary).
"""
import os
import re
import subprocess
import sys

OPT = re.compile(r"(?<![\w-])(--?[a-z][a-z0-9-]*)")


def plain(line):
    """A roff line without requests' names and escapes (enough for options)."""
    line = re.sub(r"^\.[A-Za-z]+\s*", "", line)
    line = line.replace("\\-", "-").replace("\\&", "")
    line = re.sub(r"\\f[BIRP]", "", line)
    line = re.sub(r"\\\(..", " ", line)
    return line.replace('"', " ")


def main(argv):
    flagrule = os.environ.get("FLAGRULE", "")
    if not flagrule or not os.access(flagrule, os.X_OK):
        print("help-agrees: no flagrule binary ($FLAGRULE); skipped")
        return 77
    page = argv[1] if len(argv) > 1 else os.path.join(
        os.environ.get("top_builddir", "."), "man", "flagrule.1")
    with open(page, encoding="utf-8") as f:
        src = f.read().split("\n")
    text = " ".join(plain(l) for l in src if not l.startswith('.\\"'))
    page_opts = set(OPT.findall(text))
    # SYNOPSIS: blocks separated by .br, each starting with ".B flagrule CMD"
    syn = src[src.index(".SH SYNOPSIS") + 1:src.index(".SH DESCRIPTION")]
    synopsis = {}
    cmd = None
    for l in syn:
        m = re.match(r"^\.B flagrule (\w+)", l)
        if m:
            cmd = m.group(1)
            synopsis.setdefault(cmd, set())
            continue
        if l == ".br":
            cmd = None
        elif cmd:
            synopsis[cmd] |= set(OPT.findall(plain(l)))
    sections = {m.group(1) for l in src for m in [re.match(r"^\.SS (\w+)$", l)] if m}
    fails = []
    main_help = subprocess.run([flagrule, "--help"], stdout=subprocess.PIPE).stdout.decode()
    commands = re.findall(r"^  (\w+)\s{2,}", main_help, re.M)
    if not commands:
        fails.append("flagrule --help lists no command")
    for c in commands:
        if c not in sections:
            fails.append("command %s of flagrule --help has no subsection in COMMANDS" % c)
        if c not in synopsis:
            fails.append("command %s of flagrule --help is not in SYNOPSIS" % c)
    for c in sorted(synopsis):
        p = subprocess.run([flagrule, c, "--help"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if p.returncode != 0:
            fails.append("flagrule %s --help exits %d" % (c, p.returncode))
            continue
        help_opts = set()
        for l in p.stdout.decode().split("\n"):
            if l.startswith("usage:") or l.startswith("       flagrule") or re.match(r"^\s+[\[-]", l):
                # the option column only, not the descriptions
                col = re.split(r"(?<=\S)\s{2,}", l.strip(), maxsplit=1)[0] if re.match(r"^\s+-", l) else l
                help_opts |= set(OPT.findall(col))
        for o in sorted(synopsis[c] - help_opts - {"--"}):
            fails.append("flagrule(1) SYNOPSIS of %s has %s, its --help does not" % (c, o))
        for o in sorted(help_opts - {"-h", "--help", "--"}):
            if o not in synopsis[c] and o not in page_opts:
                fails.append("flagrule %s --help has %s, flagrule(1) does not document it" % (c, o))
    for f in fails:
        print("FAIL " + f)
    print("help-agrees: %d commands, %d disagreements" % (len(synopsis), len(fails)))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
