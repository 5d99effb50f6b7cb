#!/usr/bin/env python3
"""Output escaping: messages and values holding quotes, backslashes, control
characters, non-ASCII and invalid UTF-8 come out

- valid JSON (every line of `check --format json` parses with python3's json
  module, and the message text is the expected string),
- in roff that mandoc accepts and renders literally (`doc --format man`: a
  text line starting with '.' or '\\'' is not a macro, a backslash is shown),
- unambiguous in text: a value cannot fake a record ("line N: ...") or put
  raw control characters (terminal escapes) on the screen, and compact
  output keeps exactly three tab-separated fields on one line per config.
"""
import glob
import json
import shlex
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hostile import *

MANDOC = os.environ.get("MANDOC") or shutil.which("mandoc") or ""

RULES_TEXT = r'''
flag s : string = "";
flag t : string = "";
flag e : enum { plain, "we\"ird", "back\\slash", "sp ace", "caf\u{e9}" } = plain;
rule lit: s = "lit" -> error "literal: \"dq\" 'sq' \\ bs \t tab \x01 ctl \x1b[31m esc \x7f del caf\u{e9} \u{1F600} \xff raw \n second line";
rule val: s != "" & s != "lit" -> error "s={s} r={s!r}";
rule enum-val: e != plain -> warn "e={e} r={e!r}";
rule copy: s != "" -> declare t = s;
rule odd-doc: s = "doc" -> error "see the docs"
    doc {
        summary "summary with \"quotes\" and \\backslash and \x01";
        means ".TH injected\n'quote start\n\\fBbold\\fR \"dq\" caf\u{e9} \x1b[0m\n.SH FAKE";
        solution "- item with `backticks` and <html> & *stars* _under_ [link](x)";
        situation "\\\\ double backslash";
    };
'''
RULES_FILE = write("esc.rules", RULES_TEXT)

VALUES = [
    "plain", "it's", 'say "hi"', "back\\slash", "tab\there", "ctl\x01\x02\x1f", "esc\x1b[31mred",
    "del\x7f", "café", "emoji😀", "\u2028line-sep", "quote'and\"both", "\\x41", "{s}", "{{", "%s%n",
    "line 2: ok", "-", "", " ", "a\u0085b",
]
BYTES_VALUES = [b"bad\xffutf8", b"\xc3", b"\xed\xa0\x80"]   # invalid UTF-8


def config_line(v):
    """A config line giving s the value v (bytes), shell-quoted."""
    return b"--s '" + v.replace(b"'", b"'\\''") + b"'"


lines = [config_line(v.encode()) for v in VALUES] + [config_line(b) for b in BYTES_VALUES]
lines += [b"--s lit", b"--e 'we\"ird'", b"--e 'back\\slash'", b"--e 'sp ace'", b"--e caf\xc3\xa9"]
data = b"\n".join(lines) + b"\n"
N = len(lines)


def py_repr(v):
    return repr(v)


# ---- JSON -----------------------------------------------------------------
r = run(["check", "-r", RULES_FILE, "--format", "json"], stdin=data, timeout=30)
if check_sane(r, "json stream", (1,)):
    recs = r.out.split(b"\n")
    check(recs[-1] == b"" and len(recs) == N + 1, "json: %d records" % N, repr(r.out[-300:]))
    for i, rec in enumerate(recs[:-1]):
        try:
            obj = json.loads(rec.decode("utf-8"))          # strict: no raw controls
        except (ValueError, UnicodeDecodeError) as e:
            check(False, "json line %d parses: %s" % (i + 1, e), repr(rec[:300]))
            continue
        texts = []

        def walk(o):
            if isinstance(o, dict):
                for k, v in o.items():
                    if k in ("text", "message") and isinstance(v, str):
                        texts.append(v)
                    walk(v)
            elif isinstance(o, list):
                for v in o:
                    walk(v)
        walk(obj)
        if i < len(VALUES) and VALUES[i] not in ("", "lit"):
            v = VALUES[i]
            want = "s=%s r=%s" % (v, py_repr(v))
            check(want in texts, "json line %d: message text is exactly %r" % (i + 1, want),
                  "texts: %r" % texts)
        if lines[i] == b"--s lit":
            want = ("literal: \"dq\" 'sq' \\ bs \t tab \x01 ctl \x1b[31m esc \x7f del café 😀 ")
            check(any(t.startswith(want) for t in texts),
                  "json: a literal message with every special character survives", repr(texts))
    check(b"\x1b" not in r.out and b"\x01" not in r.out, "json: control characters are escaped")

# ---- compact ---------------------------------------------------------------
r = run(["check", "-r", RULES_FILE, "--format", "compact"], stdin=data, timeout=30)
if check_sane(r, "compact stream", (1,)):
    recs = r.out.split(b"\n")
    check(len(recs) == N + 1, "compact: %d records" % N, repr(recs[:5]))
    for i, rec in enumerate(recs[:-1]):
        check(rec.count(b"\t") == 2, "compact line %d: three fields" % (i + 1), repr(rec[:200]))
        check(re.search(rb"[\x00-\x08\x0a-\x1f\x7f]", rec) is None,
              "compact line %d: no raw control characters" % (i + 1), repr(rec[:200]))

# ---- text ------------------------------------------------------------------
r = run(["check", "-r", RULES_FILE], stdin=data, timeout=30)
if check_sane(r, "text stream", (1,)):
    starts = [int(m.group(1)) for m in re.finditer(rb"^line (\d+): ", r.out, re.M)]
    check(starts == sorted(starts) and sorted(set(starts)) == list(range(1, N + 1)),
          "text: the 'line N:' records follow the configs, none missing or extra", repr(starts))
    stray = [l for l in r.out.split(b"\n")[:-1] if not re.match(rb"line \d+: |  ", l)]
    check(not stray, "text: a message cannot start a line of its own (every line is a "
          "'line N:' record or an indented location)", repr([l[:80] for l in stray[:5]]))
    bad = re.findall(rb"[\x00-\x08\x0b-\x1f\x7f]", r.out)
    check(not bad, "text: no raw control characters (terminal escapes) in the output", repr(bad[:10]))
# A newline inside an argv value.
r = run(["check", "-r", RULES_FILE, "--", "--s", "x\nline 2: ok\nerror[fake]: injected"], timeout=30)
if check_sane(r, "text with a newline in an argv value", (1,)):
    check(re.search(rb"^(line 2: ok|error\[fake\])", r.out, re.M) is None,
          "text: a value with newlines cannot fake a record or a message", repr(r.out))

# ---- resolve: shell-quoted flags and kv/json ----------------------------------
for v in VALUES + ["x\ny", "tab\t"]:
    if v in ("", "lit", "doc"):
        continue
    r = run(["resolve", "-r", RULES_FILE, "--", "--s", v], timeout=30)
    if not check_sane(r, "resolve --s %r" % v, (0, 1)):
        continue
    try:
        words = shlex.split(r.out.decode("utf-8"))
    except ValueError as e:
        check(False, "resolve --s %r: the output is valid sh words (%s)" % (v, e), repr(r.out))
        continue
    check(v in words, "resolve --s %r: the value survives shell quoting" % v, repr(r.out))
    r = run(["resolve", "-r", RULES_FILE, "--format", "json", "--", "--s", v], timeout=30)
    if check_sane(r, "resolve json --s %r" % v, (0, 1)):
        try:
            obj = json.loads(r.out.decode("utf-8"))
            check(obj.get("s") == v and obj.get("t") == v,
                  "resolve json --s %r: s and t come back exactly" % v, repr(obj))
        except (ValueError, UnicodeDecodeError) as e:
            check(False, "resolve json --s %r parses (%s)" % (v, e), repr(r.out))

# ---- invalid JSON input: the text quoted from it --------------------------------
# The JSON reader quotes the input near an error: a control byte there (ESC,
# an 8-bit CSI) comes out escaped from every command that reports it.
for bad in (b'{"s": \x1b[31mRED}\n', b'{"s": \xc2\x9b31mRED}\n'):
    for cmd in (["check"], ["resolve"], ["explain", "s"]):
        r = run(cmd + ["-r", RULES_FILE, "--input", "json"], stdin=bad, timeout=30)
        if check_sane(r, "%s --input json %r" % (cmd[0], bad), (1, 2)):
            both = r.out + r.err
            check(b"\x1b" not in both and b"\xc2\x9b" not in both,
                  "%s --input json %r: no raw control in the output" % (cmd[0], bad), repr(both[:300]))
            check(b"not a JSON config" in both, "%s --input json %r: says why" % (cmd[0], bad), repr(both[:300]))

# ---- docs: roff, json, markdown ----------------------------------------------------
out = path("docs")
os.makedirs(out, exist_ok=True)
r = run(["doc", "-r", RULES_FILE, "--format", "man", "-o", out], timeout=30)
if check_sane(r, "doc --format man", (0,)):
    pages = sorted(glob.glob(os.path.join(out, "*.[1-9]")))
    check(pages != [], "doc --format man writes pages", repr(os.listdir(out)))
    for p in pages:
        with open(p, "rb") as f:
            src = f.read()
        name = os.path.basename(p)
        check(re.search(rb"[\x00-\x08\x0b-\x1f\x7f]", src) is None,
              "%s: no raw control characters in the roff" % name)
        check(re.search(rb"^\.(TH injected|SH FAKE)", src, re.M) is None,
              "%s: text lines starting with '.' are escaped" % name)
        check(re.search(rb"^'quote", src, re.M) is None,
              "%s: text lines starting with an apostrophe are escaped" % name)
        if MANDOC:
            lint = subprocess.run([MANDOC, "-Tlint", "-W", "warning", p], capture_output=True)
            check(lint.returncode == 0, "%s: mandoc -Tlint is clean" % name,
                  (lint.stdout + lint.stderr).decode("utf-8", "replace")[:1000])
            if "odd-doc" in name:
                txt = subprocess.run([MANDOC, "-Tutf8", p], capture_output=True).stdout
                txt = re.sub(rb".\x08", b"", txt).decode("utf-8", "replace")
                for lit in (".TH injected", "'quote start", "\\fBbold\\fR", ".SH FAKE", "café"):
                    check(lit in txt, "%s renders %r literally" % (name, lit), txt[:2000])

r = run(["doc", "-r", RULES_FILE, "--format", "json"], timeout=30)
if check_sane(r, "doc --format json", (0,)):
    found = False
    for i, line in enumerate(r.out.split(b"\n")):
        if not line.strip():
            continue
        try:
            obj = json.loads(line.decode("utf-8"))
        except (ValueError, UnicodeDecodeError) as e:
            check(False, "doc json line %d parses (%s)" % (i + 1, e), repr(line[:300]))
            continue
        if json.dumps(obj).find("quote start") >= 0:
            found = True
            check(".TH injected\n'quote start\n\\fBbold\\fR \"dq\" café \x1b[0m\n.SH FAKE"
                  in json.dumps(obj, ensure_ascii=False) or
                  any(v == ".TH injected\n'quote start\n\\fBbold\\fR \"dq\" café \x1b[0m\n.SH FAKE"
                      for v in obj.values() if isinstance(v, str)),
                  "doc json: 'means' comes back exactly", json.dumps(obj)[:1000])
    check(found, "doc json: the odd-doc page is there")

r = run(["doc", "-r", RULES_FILE, "--format", "md", "-o", out], timeout=30)
if check_sane(r, "doc --format md", (0,)):
    for p in glob.glob(os.path.join(out, "*.md")):
        with open(p, "rb") as f:
            src = f.read()
        check(re.search(rb"[\x00-\x08\x0b-\x1f\x7f]", src) is None,
              "%s: no raw control characters in the Markdown" % os.path.basename(p))

finish()
