#!/usr/bin/env python3
"""Config streams: one record per input line, in order, nothing dropped.

Lines with NUL bytes, invalid UTF-8, CRLF endings, empty lines, a last line
without a newline, a 10 MB line, lines over the length cap, an unterminated quote or a trailing
backslash (which must not join the next line) — in text, json and compact
formats.  A CRLF line reads like the same line without the CR.  check -j N
prints the same bytes, also with tiny chunks.  The same for --input json
streams (JSON that is not a config, NULs, bad UTF-8, deep nesting, a 10 MB
string).
"""
import json
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hostile import *

MB = 1 << 20
OK = b"--tp-size 2"
BAD = b"--moe-a2a-backend pplx --deepep-mode normal"
LINES = [
    (OK, "ok"),
    (b"", "ok"),
    (BAD, "error"),
    (OK + b"\r", "ok"),                       # CRLF
    (b"\r", "ok"),                            # an empty CRLF line
    (b"--tp-size \x00 2", None),              # NUL byte: any status, one record
    (b"\x00", None),
    (b"--model-path \xff\xfe\xc3(", None),    # invalid UTF-8
    (b"--model-path '\xed\xa0\x80'", None),   # a UTF-16 surrogate in UTF-8
    (b"--model-path 'unterminated", "invalid"),
    (b"--model-path trailing\\", None),       # must not join the next line
    (OK, "ok"),
    (b"--model-path \"a b\\\"c\" " + b"--tp-size 2", "ok"),
    (b"--model-path " + b"m" * (10 * MB), "ok"),   # a 10 MB line
    (b"   \t  ", "ok"),
    (b"--tp-size", "invalid"),                # missing argument
    (b"#--tp-size x", None),
    (BAD, "error"),                           # last line, no newline
]
data = b"\n".join(l for l, _ in LINES)
N = len(LINES)


def compact_status(line):
    return line.split(b"\t", 1)[0].decode("ascii", "replace")


for fmt in ("compact", "json", "text"):
    r = run(["check", "-r", RULES, "--format", fmt], stdin=data, timeout=60)
    if not check_sane(r, "stream (%s)" % fmt, (1,)):
        continue
    out = r.out
    check(out.endswith(b"\n"), "stream (%s): output ends with a newline" % fmt)
    if fmt == "compact":
        recs = out.split(b"\n")[:-1]
        check(len(recs) == N, "compact: %d records for %d lines" % (len(recs), N),
              repr([x[:60] for x in recs]))
        for i, ((line, want), rec) in enumerate(zip(LINES, recs)):
            st = compact_status(rec)
            check(st in ("ok", "error", "invalid"), "compact line %d: a status (%r)" % (i + 1, rec[:60]))
            if want:
                check(st == want, "compact line %d (%r): %s, got %s" % (i + 1, line[:40], want, st))
        if len(recs) == N:
            check(recs[3] == recs[0], "a CRLF line reads like the same line without CR",
                  "%r vs %r" % (recs[3], recs[0]))
    elif fmt == "json":
        recs = out.split(b"\n")[:-1]
        check(len(recs) == N, "json: %d records for %d lines" % (len(recs), N))
        objs = []
        for i, rec in enumerate(recs):
            try:
                objs.append(json.loads(rec.decode("utf-8")))
            except (ValueError, UnicodeDecodeError) as e:
                check(False, "json line %d parses (%s)" % (i + 1, e), repr(rec[:200]))
                objs.append(None)
        for i, o in enumerate(objs):
            if isinstance(o, dict) and "line" in o:
                check(o["line"] == i + 1, "json record %d has line %r" % (i + 1, o.get("line")))
            if isinstance(o, dict) and LINES[i][1] and "status" in o:
                check(o["status"] == LINES[i][1], "json line %d: status %s, got %s"
                      % (i + 1, LINES[i][1], o["status"]))
    else:
        # Every message line of record N starts with "line N: "; other lines
        # (the "  --> FILE:LINE" locations) are indented.
        starts = [int(m.group(1)) for m in re.finditer(rb"^line (\d+): ", out, re.M)]
        check(starts == sorted(starts) and sorted(set(starts)) == list(range(1, N + 1)),
              "text: records for lines 1..%d, in order, none missing" % N, repr(starts))
        stray = [l for l in out.split(b"\n")[:-1] if not re.match(rb"line \d+: |  ", l)]
        check(not stray, "text: every line is a record line or an indented location",
              repr([l[:80] for l in stray[:5]]))

# check -j N prints the same bytes as -j 1 (stdout, stderr, status) on the
# hostile stream: the default chunks, and tiny ones (FLAGRULE_CHUNK_SIZE, a
# test hook) that put a chunk boundary in every line and make the 10 MB line
# many times longer than a chunk.
for fmt in ("compact", "json", "text"):
    ref = run(["check", "-r", RULES, "--format", fmt], stdin=data, timeout=60)
    for jobs, chunk in (("2", None), ("4", "1"), ("3", "1000")):
        r = run(["check", "-r", RULES, "--format", fmt, "-j", jobs], stdin=data, timeout=60,
                env={"FLAGRULE_CHUNK_SIZE": chunk} if chunk else None)
        what = "stream (%s) -j %s%s" % (fmt, jobs, ", %s-byte chunks" % chunk if chunk else "")
        if check_sane(r, what, (1,)):
            check((r.out, r.err, r.rc) == (ref.out, ref.err, ref.rc), what + ": the bytes of -j 1",
                  "%d vs %d bytes" % (len(r.out), len(ref.out)))

# Edge streams.
for name, data, n in [
        ("empty input", b"", 0),
        ("one line without newline", OK, 1),
        ("one newline", b"\n", 1),
        ("1000 empty lines", b"\n" * 1000, 1000),
        ("1000 CRLF empty lines", b"\r\n" * 1000, 1000),
        ("only NULs, no newline", b"\x00" * 100, 1),
        ("trailing backslashes", b"--tp-size 2 \\\n--tp-size 3\n", 2),
        ("open quotes", b"'\n\"\n'\"\n", 3),
        ("CR only (old Mac) is not a line end", b"--tp-size 2\r--tp-size 3\r", 1)]:
    r = run(["check", "-r", RULES, "--format", "compact"], stdin=data, timeout=30)
    if check_sane(r, name, (0, 1)):
        got = r.out.count(b"\n")
        check(got == n, "%s: %d records, got %d" % (name, n, got), repr(r.out[:300]))
        if n == 0:
            check(r.rc == 0 and r.err == b"", "empty input: status 0, nothing on stderr", r.describe())
    rj = run(["check", "-r", RULES, "--format", "compact", "-j", "2"], stdin=data, timeout=30,
             env={"FLAGRULE_CHUNK_SIZE": "3"})
    if check_sane(rj, name + " (-j 2)", (0, 1)):
        check((rj.out, rj.err, rj.rc) == (r.out, r.err, r.rc), name + ": -j 2 prints what -j 1 prints",
              rj.describe())

# A line of FLAGRULE_MAX_LINE bytes or more (16 MiB by default; a test hook
# makes it small here) is one invalid record, its bytes read and dropped:
# memory stays bounded (`check < /dev/zero`), and the lines around it are
# read as ever.  One byte less is read.  The same with -j N, tiny chunks,
# --input json, and a last line without a newline.
MAXL = 4096
for name, lines, want in [
        ("lines around a long one", [OK, b"--model-path " + b"m" * MAXL, BAD], ["ok", "invalid", "error"]),
        ("one byte under the cap", [b"--model-path " + b"m" * (MAXL - 14), OK], ["ok", "ok"]),
        ("exactly the cap", [b"--model-path " + b"m" * (MAXL - 13), OK], ["invalid", "ok"]),
        ("long lines in a row", [b"x" * (3 * MAXL), b"y" * MAXL, b"", OK], ["invalid", "invalid", "ok", "ok"]),
        ("a long last line without newline", [OK, b"z" * (5 * MAXL) + b"\x00"], ["ok", "invalid"]),
        ("long json", [b'{"model_path": "' + b"m" * MAXL + b'"}', b'{"tp_size": 2}'], ["invalid", "ok"]),
        # longer than the read buffer (128 KiB) and a first chunk: dropped as it is read
        ("a line past the read buffer", [OK, b"q" * 300000, BAD, b"r" * 140000], ["ok", "invalid", "error", "invalid"]),
        ("a line past the read buffer without newline", [OK, b"q" * 300000], ["ok", "invalid"])]:
    data = b"\n".join(lines) + (b"" if "without newline" in name else b"\n")
    args = ["check", "-r", RULES] + (["--input", "json"] if "json" in name else [])
    env = {"FLAGRULE_MAX_LINE": str(MAXL)}
    ref = run(args + ["--format", "compact"], stdin=data, timeout=30, env=env)
    status = (1,) if "invalid" in want or "error" in want else (0,)
    if check_sane(ref, name, status):
        got = [compact_status(x) for x in ref.out.split(b"\n")[:-1]]
        check(got == want, "%s: %s, got %s" % (name, want, got))
    for fmt in ("compact", "text"):
        ref = run(args + ["--format", fmt], stdin=data, timeout=30, env=env)
        for jobs, chunk in (("2", None), ("3", "100"), ("2", "5000")):
            e = dict(env)
            if chunk:
                e["FLAGRULE_CHUNK_SIZE"] = chunk
            r = run(args + ["--format", fmt, "-j", jobs], stdin=data, timeout=30, env=e)
            what = "%s (%s) -j %s%s" % (name, fmt, jobs, ", %s-byte chunks" % chunk if chunk else "")
            if check_sane(r, what, status):
                check((r.out, r.err, r.rc) == (ref.out, ref.err, ref.rc), what + ": the bytes of -j 1",
                      "%r vs %r" % (r.out[:300], ref.out[:300]))
r = run(["check", "-r", RULES, "--format", "text"], stdin=b"x" * (2 * MAXL) + b"\n", timeout=30,
        env={"FLAGRULE_MAX_LINE": str(MAXL)})
check(r.out == b"line 1: invalid: the line is 4096 bytes or more; a config is one line, at most 4095 "
      b"bytes (its bytes were skipped)\n", "a long line's reason", repr(r.out))
# Memory: a 40 MB line with the cap at 4096 leaves the read buffer as it is
# (before the cap, it grew to twice the line).
r = run(["check", "-r", RULES, "--format", "compact"], stdin=b"\x00" * (40 << 20), timeout=60,
        env={"FLAGRULE_MAX_LINE": str(MAXL)}, use_valgrind=False, measure_rss=True)
if check_sane(r, "a 40 MB line", (1,)):
    check(r.out == b"invalid\t-\t-\n", "a 40 MB line: one invalid record", repr(r.out[:100]))
    check(r.maxrss_kb < 20 << 10, "a 40 MB line: peak RSS under 20 MB (%d KB)" % r.maxrss_kb)
# resolve and explain read one config from standard input: one that large is refused
r = run(["resolve", "-r", RULES], stdin=b"--tp-size 2 " * 1000, timeout=30, env={"FLAGRULE_MAX_LINE": str(MAXL)})
check(r.rc == 2 and b"standard input is 4096 bytes or more" in r.err, "resolve: a stdin over the cap",
      r.describe() if hasattr(r, "describe") else repr(r.err))

# argv configs with the same hostile bytes.
for name, words in [("NUL-free invalid UTF-8 word", [b"--model-path", b"\xff\xfe"]),
                    ("100 KB argv word", [b"--model-path", b"m" * (100 << 10)]),
                    ("empty word", [b""]),
                    ("word with newline", [b"--model-path", b"a\nline 2: ok"])]:
    r = run(["check", "-r", RULES, "--format", "compact", "--"] + [w.decode("utf-8", "surrogateescape") for w in words], timeout=30)
    if check_sane(r, "argv: " + name, (0, 1)):
        check(r.out.count(b"\n") == 1, "argv: %s: one record" % name, repr(r.out[:300]))

# --input json: one record per line whatever the line holds (not JSON,
# NULs, invalid UTF-8, deep nesting, a 10 MB string, many members), in
# order, and -j N prints the bytes of -j 1.
JLINES = [
    (b'{"tp_size": 2}', "ok"),
    (b'', "ok"),
    (b'{"moe_a2a_backend": "pplx", "deepep_mode": "normal"}', "error"),
    (b'{"tp_size": 2}\r', "ok"),
    (b'{"tp_size": 2, "tp_size": 3}', "invalid"),
    (b'{"model_path": "a\x00b"}', "invalid"),
    (b'{"model_path": "a\\u0000b"}', "invalid"),
    (b'{"model_path": "\xff\xfe"}', "invalid"),
    (b'{"model_path": "\\udc00"}', "invalid"),
    (b'[' * 100000 + b']' * 100000, "invalid"),
    (b'{"a": ' * 5000 + b'1' + b'}' * 5000, "invalid"),
    (b'{"model_path": "' + b"m" * (10 * MB) + b'"}', "ok"),
    (b'{' + b", ".join(b'"tp_size": %d' % i for i in range(2)) + b'}', "invalid"),
    (b'{"tp_size": 1e400}', "invalid"),
    (b'{"tp_size": -9223372036854775808}', None),
    (b'{"tp_size": 9223372036854775807}', None),
    (b'--tp-size 2', "invalid"),
    (b'{"tp_size": 2}   {"tp_size": 3}', "invalid"),
    (b'{"tp_size": 2', "invalid"),
]
jdata = b"\n".join(l for l, _ in JLINES)
r = run(["check", "-r", RULES, "--input", "json", "--format", "compact"], stdin=jdata, timeout=60)
if check_sane(r, "json stream", (1,)):
    recs = r.out.split(b"\n")[:-1]
    check(len(recs) == len(JLINES), "json input: %d records for %d lines" % (len(recs), len(JLINES)),
          repr([x[:60] for x in recs]))
    for i, ((line, want), rec) in enumerate(zip(JLINES, recs)):
        if want:
            st = compact_status(rec)
            check(st == want, "json input line %d (%r): %s, got %s" % (i + 1, line[:40], want, st))
ref = run(["check", "-r", RULES, "--input", "json", "--format", "json"], stdin=jdata, timeout=60)
if check_sane(ref, "json stream (json output)", (1,)):
    for i, rec in enumerate(ref.out.split(b"\n")[:-1]):
        try:
            o = json.loads(rec)
            check(o["line"] == i + 1, "json input, json record %d has line %r" % (i + 1, o.get("line")))
        except ValueError as e:
            check(False, "json input, json record %d parses (%s)" % (i + 1, e), repr(rec[:200]))
    for jobs, chunk in (("2", None), ("3", "7")):
        rj = run(["check", "-r", RULES, "--input", "json", "--format", "json", "-j", jobs], stdin=jdata,
                 timeout=60, env={"FLAGRULE_CHUNK_SIZE": chunk} if chunk else None)
        what = "json input -j %s%s" % (jobs, ", %s-byte chunks" % chunk if chunk else "")
        if check_sane(rj, what, (1,)):
            check((rj.out, rj.err, rj.rc) == (ref.out, ref.err, ref.rc), what + ": the bytes of -j 1",
                  "%d vs %d bytes" % (len(rj.out), len(ref.out)))

finish()
