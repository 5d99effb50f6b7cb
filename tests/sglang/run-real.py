#!/usr/bin/env python3
"""Check `flagrule check` against outcomes recorded from SGLang's real method.

Usage:
    run-real.py [FLAGRULE [RULES_DIR [DATA]]]

DATA (default: real-method.jsonl next to this script) holds one JSON object
per line: a config and what SGLang's own ServerArgs._handle_a2a_moe (with
the overrides.py passes it runs first, at the versions rules.d/sglang/README
names) did with it, recorded by running that code (README.md, "Outcomes
recorded from SGLang's real method"):

    {"config": "...", "status": "ok",      "warnings": [...], "infos": [...],
                                           "resolved": {KEY: VALUE, ...}}
    {"config": "...", "status": "error",   "error": "the message raised"}
    {"config": "...", "status": "invalid"}   (argparse refused the line)

Checked for each: the status; for an error, that flagrule's FIRST error has
the text SGLang raised (flagrule reports every error, SGLang stops at the
first); for an ok config, the ordered warning and info texts (flagrule's
warnings of no rule, about its own reading of the input, are not SGLang log
lines and are left out) and the resolved value of every key listed.

FLAGRULE and RULES_DIR as in run-table.py ($FLAGRULE, $FLAGRULE_RULES, else
the build tree's binary and ../../rules.d/sglang).  All configs go to one
`flagrule check --no-env --format json` process.  Exit status (automake):
0 all agree, 1 a config disagrees, 99 harness error.  Standard library only.
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def load(path):
    cases = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                c = json.loads(line)
            except ValueError as e:
                raise SystemExit("%s:%d: not JSON: %s" % (path, n, e))
            if not isinstance(c, dict) or c.get("status") not in ("ok", "error", "invalid") or \
                    not isinstance(c.get("config"), str) or "\n" in c["config"]:
                raise SystemExit("%s:%d: bad case" % (path, n))
            if c["status"] == "error" and not isinstance(c.get("error"), str):
                raise SystemExit("%s:%d: an error case without its message" % (path, n))
            if c["status"] == "ok" and not all(k in c for k in ("warnings", "infos", "resolved")):
                raise SystemExit("%s:%d: an ok case without warnings, infos and resolved" % (path, n))
            c["where"] = "%s:%d" % (os.path.basename(path), n)
            cases.append(c)
    if not cases:
        raise SystemExit("%s: no cases" % path)
    return cases


def run(binary, rules, cases):
    env = {k: v for k, v in os.environ.items()
           if not (k.startswith("SGLANG_") or k.startswith("NCCL_") or k == "FLAGRULE_PATH")}
    stdin = "".join(c["config"] + "\n" for c in cases).encode("utf-8")
    try:
        p = subprocess.run([binary, "check", "--no-env", "--format", "json", "-r", rules],
                           input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    except OSError as e:
        print("cannot run %s: %s" % (binary, e))
        sys.exit(99)
    if p.returncode not in (0, 1):
        print("flagrule exited with %d:\n%s" % (p.returncode, p.stderr.decode("utf-8", "replace")[-2000:]))
        sys.exit(99)
    try:
        recs = [json.loads(l) for l in p.stdout.decode("utf-8").split("\n") if l]
    except ValueError as e:
        print("flagrule printed something that is not JSON lines: %s" % e)
        sys.exit(99)
    if len(recs) != len(cases):
        print("FAIL record count: %d configs, %d records" % (len(cases), len(recs)))
        sys.exit(1)
    return recs


def texts(rec, field):
    return [m["message"] for m in rec.get(field, []) if m.get("rule") is not None]


def compare(c, rec):
    diffs = []
    if rec.get("status") != c["status"]:
        why = rec.get("errors") or []
        diffs.append("status: SGLang %s, flagrule %s%s" % (
            c["status"], rec.get("status"), (" (%s)" % why[0]["message"]) if why else ""))
        return diffs
    if c["status"] == "error":
        first = rec["errors"][0]["message"] if rec.get("errors") else None
        if first != c["error"]:
            diffs.append("first error:\n    SGLang:   %r\n    flagrule: %r" % (c["error"], first))
    elif c["status"] == "ok":
        for field in ("warnings", "infos"):
            got = texts(rec, field)
            if got != c[field]:
                diffs.append("%s:\n    SGLang:   %r\n    flagrule: %r" % (field, c[field], got))
        res = rec.get("resolved", {})
        for k, v in c["resolved"].items():
            if k not in res or res[k] != v:
                diffs.append("resolved %s: SGLang %r, flagrule %r" % (k, v, res.get(k, "(absent)")))
    return diffs


def main(argv):
    binary = argv[0] if len(argv) > 0 else os.environ.get(
        "FLAGRULE", os.path.join(HERE, "..", "..", "src", "flagrule"))
    rules = argv[1] if len(argv) > 1 else os.environ.get(
        "FLAGRULE_RULES", os.path.join(HERE, "..", "..", "rules.d", "sglang"))
    data = argv[2] if len(argv) > 2 else os.path.join(HERE, "real-method.jsonl")
    cases = load(data)
    recs = run(binary, rules, cases)
    failed = 0
    counts = {"ok": 0, "error": 0, "invalid": 0}
    for c, rec in zip(cases, recs):
        counts[c["status"]] += 1
        diffs = compare(c, rec)
        if diffs:
            failed += 1
            print("FAIL %s\n  config: %s" % (c["where"], c["config"]))
            for d in diffs:
                print("  " + d)
    print("%d configs (%d ok, %d error, %d invalid): %d agree with SGLang's method, %d do not" % (
        len(cases), counts["ok"], counts["error"], counts["invalid"], len(cases) - failed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
