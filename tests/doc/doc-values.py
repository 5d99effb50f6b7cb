#!/usr/bin/env python3
"""doc-values.py — the values a generated page shows are the values the
rules mean, and its example is one a line can carry.

A rule set of awkward values: a string with a newline, invalid UTF-8, a NUL
byte; `!=` with the empty string and a value with a blank; unary minus of a
flag; a key that a message shows but no condition reads; null given by a
spelling (`"--no-x" = null`); a remainder and a bound on one key, two
regexes on one key (the search combines them).  `flagrule doc --format json` must show each in WHEN exactly ($'...'
with escapes where a line cannot show the byte, shell quotes where the value
needs them, -(--n) for minus a flag), leave out of the example search the
values no line can show (the page says so, and so does the warning), and
still solve -n; lint, which only asks whether a rule fires, takes those
values (no warning for them).

Exit status: 0 pass, 1 fail, 77 skipped (no flagrule binary).
"""
import json
import os
import subprocess
import sys
import tempfile

RULES = r'''flag s : string = "";
flag t : string = "x";
flag m : enum { a, b, "c d" } = a;
flag n : int = 0;
rule nl: s = "a\nb" -> error "newline in s";
rule hi-val: s = "\xff\x80" -> error "hi val";
rule nul-val: s = "a\0b" -> error "nul val";
rule ne: t != "" & t != "x" & t != "a b" -> error "ne";
rule neg: -n > 4 & -n < 6 -> error "minus n is 5";
flag x : bool = false;
flag y : bool = false;
rule ra: x -> error "x is set";
rule rb: y -> error "y is set (x is {x})";
flag dm : enum { prefill, decode }? = null cli null "null";
flag cnt : int? = 4 cli "--cnt", "--no-cnt" = null;
rule r-dm: dm = decode & cnt = null -> error "dm decode with null cnt";
rule r-mod: n % 7 = 3 & n > 10 -> error "mod";
rule r-mod2: n % 10 = 1 & n > 100 & n < 120 -> error "mod2";
rule r-re2: s ~ /abc/i & s ~ /^x/ -> error "re2";
'''

WHEN = {
    "nl": "`--s $'a\\nb'`",
    "hi-val": "`--s $'\\xff\\x80'`",
    "nul-val": "`--s $'a\\x00b'`",
    "ne": "`--t` other than `''` and `--t` other than `x` and `--t` other than `'a b'`",
    "neg": "`-(--n)` > `4` and `-(--n)` < `6`",
}


def main():
    flagrule = os.environ.get("FLAGRULE", "")
    if not flagrule or not os.access(flagrule, os.X_OK):
        print("doc-values: no flagrule binary ($FLAGRULE); skipped")
        return 77
    fails = []
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "values.rules")
        with open(path, "w") as f:
            f.write(RULES)
        env = {k: v for k, v in os.environ.items() if k != "FLAGRULE_PATH"}
        p = subprocess.run([flagrule, "doc", "--format", "json", "-r", path], capture_output=True, env=env)
        pages = {}
        for line in p.stdout.decode().splitlines():
            o = json.loads(line)
            if "name" in o:
                pages[o["name"]] = o
        err = p.stderr.decode()
        for rule, when in WHEN.items():
            got = pages.get(rule, {}).get("when")
            if got != when:
                fails.append("%s: when %r, want %r" % (rule, got, when))
        for rule in ("nl", "hi-val"):
            ex = pages.get(rule, {}).get("example")
            if ex:
                fails.append("%s: an example a line cannot show: %r" % (rule, ex))
            if "rule %s: no config that triggers this error was found" % rule not in err \
                    or "values that a line cannot show left out" not in err:
                fails.append("%s: the warning does not say values were left out:\n%s" % (rule, err))
        # related errors share the keys of conditions, not of messages
        rel = [r.get("name") or r.get("rule") for r in pages.get("ra", {}).get("related", [])]
        if "rb" in rel:
            fails.append("ra: rb is related, though only its message shows x: %r" % pages["ra"].get("related"))
        # null given by a spelling ("--no-cnt" = null): in the search, and no
        # lint warning (its hint said no config line gives --cnt null)
        ex = pages.get("r-dm", {}).get("example") or {}
        if ex.get("trigger") != "--dm decode --no-cnt":
            fails.append("r-dm: trigger %r, want '--dm decode --no-cnt'" % ex.get("trigger"))
        # a remainder and a bound on one key; two patterns on one key
        for rule, want in (("r-mod", "--n 17"), ("r-mod2", "--n 111"), ("r-re2", "--s xabc")):
            ex = pages.get(rule, {}).get("example") or {}
            if ex.get("trigger") != want:
                fails.append("%s: trigger %r, want %r" % (rule, ex.get("trigger"), want))
        ex = pages.get("neg", {}).get("example") or {}
        if ex.get("trigger") != "--n -5":
            fails.append("neg: trigger %r, want '--n -5' (-n = 5 solved)" % ex.get("trigger"))
        lint = subprocess.run([flagrule, "lint", "-r", path], capture_output=True, env=env)
        lerr = lint.stderr.decode()
        for rule in ("nl", "hi-val", "ne", "neg", "r-dm", "r-mod", "r-mod2", "r-re2"):
            if "rule '%s'" % rule in lerr:
                fails.append("lint warns of %s, which fires:\n%s" % (rule, lerr))
    for f in fails:
        print("FAIL " + f)
    print("doc-values: %d checks failed" % len(fails))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
