"""props.py — running flagrule for the property tests (shared by order.py and
roundtrip.py)."""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP_SRC = os.environ.get("top_srcdir") or os.path.join(HERE, "..", "..")
TOP_BUILD = os.environ.get("top_builddir") or TOP_SRC
FLAGRULE = os.environ.get("FLAGRULE") or os.path.join(TOP_BUILD, "src", "flagrule")
RULES = os.environ.get("FLAGRULE_RULES") or os.path.join(TOP_SRC, "rules.d", "sglang")


def env():
    e = {k: v for k, v in os.environ.items()
         if not k.startswith(("SGLANG_", "NCCL_", "K")) and k != "FLAGRULE_PATH"}
    return e


class Crash(Exception):
    pass


def flagrule(args, stdin=b"", timeout=120):
    p = subprocess.run([FLAGRULE] + args, input=stdin, capture_output=True, timeout=timeout,
                       env=env())
    if p.returncode < 0 or re.search(rb"(AddressSanitizer|LeakSanitizer|runtime error:)", p.stderr):
        raise Crash("`flagrule %s` crashed (status %d):\n%s" % (
            " ".join(args), p.returncode, p.stderr.decode("utf-8", "replace")[:3000]))
    return p


LOC_RE = re.compile(r"[^\s:'\"()]*\.rules:\d+(:\d+)?")
CONFLICT_RE = re.compile(r"^conflict: rule '([^']+)' \(.*?\) declares ([^=]+)=")
RULE_NAME_RE = re.compile(r"rule '([^']+)'")


def normalize(rec):
    """A `check --format json` record without what legitimately depends on
    file names and order: locations (the messages' "line"), the order of the
    message lists (rule order), and which rule a conflict or oscillation is
    attributed to.  Conflicts become (key, every rule named for that key),
    oscillations the set of rules named.  What stays must not change."""
    out = {k: v for k, v in rec.items() if k not in ("errors", "warnings", "infos")}
    conflicts = {}
    for sev in ("errors", "warnings", "infos"):
        msgs = []
        for m in rec.get(sev, []):
            text = m.get("message", m.get("text", ""))
            c = CONFLICT_RE.match(text)
            if c:
                conflicts.setdefault(c.group(2), set()).update(RULE_NAME_RE.findall(text))
                continue
            if text.startswith("oscillation:"):
                msgs.append(("oscillation", sorted(set(RULE_NAME_RE.findall(text)))))
                continue
            mm = {k: v for k, v in m.items() if k not in ("line", "file", "loc", "location", "col")}
            msgs.append(json.dumps(mm, sort_keys=True, ensure_ascii=False))
        out[sev] = sorted(set(map(str, msgs)))
    out["conflicts"] = {k: sorted(v) for k, v in sorted(conflicts.items())}
    return out


def json_records(out):
    recs = []
    for line in out.decode("utf-8").split("\n"):
        if line:
            recs.append(json.loads(line))
    return recs


def compact_records(out):
    """(status, declared) of each `check --format compact` line; the errors
    field names the rule a conflict is attributed to (compared through the
    json records instead)."""
    recs = []
    for line in out.decode("utf-8", "surrogateescape").split("\n")[:-1]:
        f = line.split("\t")
        if len(f) != 3:
            recs.append(("BAD", line))
            continue
        recs.append((f[0], sorted(f[2].split(" "))))
    return recs


def skip_without_binary():
    if not os.access(FLAGRULE, os.X_OK):
        print("SKIP: no flagrule binary at %s" % FLAGRULE)
        sys.exit(77)
