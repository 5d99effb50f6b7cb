#!/usr/bin/env python3
"""Catastrophic regexes end quickly with a clear error for that config.

PCRE2 runs with match and depth limits: `(a+)+$` against a long value is a
run-time error of that config (status error, naming the rule), reported in a
few seconds at most, and the next config of the stream is evaluated as
usual.  Bad patterns are located compile errors.
"""
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hostile import *

HEAD = "flag s : string = \"\";\nflag t : string? = null;\n"
# Patterns that do not match the value but backtrack catastrophically (no
# required literal that would let PCRE2 give up early).
EVIL = [
    ("(a+)+$", "a" * 30000 + "b"),
    ("^(a|a?)+$", "a" * 30000 + "b"),
    ("^(\\w+\\s?)*$", "word " * 6000 + "!"),
    ("^(([a-z])+.)+[A-Z]([a-z])+$", "a" * 30000 + "!"),
    ("^(a+)+$", "a" * 5000 + "!"),
    ("(a+)+$", "a" * (10 << 20) + "b"),          # 10 MB value
]

for i, (pat, val) in enumerate(EVIL):
    f = write("evil.rules", HEAD + "rule evil: s ~ /%s/ -> error \"matched\";\n"
              "rule ok-rule: s = \"fine!\" -> warn \"fine\";\n" % pat)
    stdin = b"--s '" + val.encode() + b"'\n--s 'fine!'\n"
    name = "/%s/ against %d bytes" % (pat, len(val))
    r = run(["check", "-r", f, "--format", "compact"], stdin=stdin, timeout=20)
    if not check_sane(r, name, (0, 1)):
        continue
    lines = r.out.split(b"\n")
    check(len(lines) == 3, name + ": two records", r.describe())
    if len(lines) == 3:
        check(lines[0].startswith((b"error\tevil\t", b"ok\t")),
              name + ": no match, or an error of that config naming the rule", repr(lines[0][:200]))
        check(lines[1].startswith(b"ok\t"), name + ": the next config is evaluated as usual",
              repr(lines[1][:200]))
    check(r.secs < 10 * SLOW, name + ": ends quickly (%.2fs)" % r.secs)
    # The text form: an error here is the limit, not a match, and says so.
    r = run(["check", "-r", f], stdin=stdin, timeout=20)
    if check_sane(r, name + " (text)", (0, 1)):
        first = [l for l in r.out.split(b"\n") if l.startswith(b"line 1: ")]
        check(not any(b"matched" in l for l in first),
              name + ": the value is not reported as matching", repr(first[:3]))
        if r.rc == 1:
            check(any(re.search(rb"(?i)(limit|too (complex|long)|backtrack)", l) for l in first),
                  name + ": the message says a limit was hit", repr(first[:3]))
        check(len(r.out) < 8192, name + ": the messages stay short (%d bytes)" % len(r.out))

# The same pattern against a value that matches quickly is not an error.
f = write("evil.rules", HEAD + "rule evil: s ~ /(a+)+$/ -> error \"matched\";\n")
r = run(["check", "-r", f, "--format", "compact", "--", "--s", "a" * 1000], timeout=20)
if check_sane(r, "(a+)+$ against a matching value", (1,)):
    check(r.out.startswith(b"error\tevil"), "(a+)+$ matches a run of a's", r.describe())

# Regex against null: false (the SQL rule), not a crash.
f = write("null.rules", HEAD + "rule nul: t ~ /x/ -> error \"matched\";\n")
r = run(["check", "-r", f, "--format", "compact", "--"], timeout=20)
if check_sane(r, "regex against null", (0,)):
    check(r.out.startswith(b"ok"), "regex against null does not fire", r.describe())

# Bad patterns: located compile errors.
for pat in ["(", "a{2,1}", "[z-a]", "\\", "(?<n>a)(?<n>b)", "a{99999}", "(?C1)", "\\p{NoSuchProp}",
            "(*LIMIT_MATCH=999999999)(a+)+$", "(?" + "(" * 300 + "a" + ")" * 300 + ")"]:
    f = write("bad.rules", HEAD + "rule bad: s ~ /%s/ -> error \"m\";\n" % pat)
    r = run(["lint", "-r", f], timeout=20)
    check_located_error_or_ok(r, "pattern /%s/" % pat[:40])

# An in-pattern limit override must not lift the limit: (*LIMIT_MATCH=...)
# asks for more than the compiled-in limit; PCRE2 only lets it lower it.
f = write("override.rules", HEAD + "rule evil: s ~ /(*LIMIT_MATCH=4000000000)(*LIMIT_DEPTH=4000000000)(a+)+$/ -> error \"m\";\n")
r = run(["check", "-r", f, "--format", "compact", "--", "--s", "a" * 30000 + "b"], timeout=20)
if r.rc != 2:
    check_sane(r, "in-pattern limit overrides", (1,))
    check(r.secs < 10 * SLOW, "in-pattern limit overrides do not lift the limit (%.2fs)" % r.secs)

finish()
