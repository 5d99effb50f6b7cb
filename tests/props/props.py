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


DROP = {"file", "loc", "location", "col", "column", "span", "source", "end_line", "end_col"}
LOC_RE = re.compile(r"[^\s:'\"()]*\.rules:\d+(:\d+)?")


def normalize(obj, kind=None):
    """Removes what legitimately depends on file names and order: locations,
    the order of lists (messages are reported in file order), and the order
    in which a conflict/oscillation message names its rules."""
    if isinstance(obj, dict):
        k = obj.get("kind")
        out = {}
        for key, v in obj.items():
            if key in DROP:
                continue
            if key in ("text", "message") and isinstance(v, str) and k in ("conflict", "oscillation"):
                out[key] = sorted(set(re.findall(r"\br\d+\b", v)))
                continue
            out[key] = normalize(v)
        return out
    if isinstance(obj, list):
        items = [normalize(v) for v in obj]
        return sorted(items, key=lambda x: json.dumps(x, sort_keys=True))
    if isinstance(obj, str):
        return LOC_RE.sub("<loc>", obj)
    return obj


def json_records(out):
    recs = []
    for line in out.decode("utf-8").split("\n"):
        if line:
            recs.append(json.loads(line))
    return recs


def compact_records(out):
    recs = []
    for line in out.decode("utf-8", "surrogateescape").split("\n")[:-1]:
        f = line.split("\t")
        if len(f) != 3:
            recs.append(("BAD", line))
            continue
        recs.append((f[0], sorted(f[1].split(",")), sorted(f[2].split(" "))))
    return recs


def skip_without_binary():
    if not os.access(FLAGRULE, os.X_OK):
        print("SKIP: no flagrule binary at %s" % FLAGRULE)
        sys.exit(77)
