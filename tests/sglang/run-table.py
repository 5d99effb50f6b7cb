#!/usr/bin/env python3
"""Run the SGLang MoE A2A config table (cases.txt) through `flagrule check`.

Usage:
    run-table.py [FLAGRULE [RULES_DIR [TABLE]]]
    run-table.py --check [TABLE]        parse the table and messages only

FLAGRULE   the flagrule binary (else $FLAGRULE, else ../../src/flagrule
           relative to this script)
RULES_DIR  passed as `-r RULES_DIR` (else $FLAGRULE_RULES, else
           ../../rules.d/sglang relative to this script)
TABLE      the case table (default: cases.txt next to this script);
           messages.txt is always read from next to this script.

All cases go to ONE `flagrule check --format json -r RULES_DIR` process, one
config per stdin line; records are matched to cases by their "line" field.
The child runs with SGLANG_*, NCCL_* and FLAGRULE_PATH removed from its
environment, so only the table supplies env keys and only RULES_DIR is loaded.

Exit status (automake convention): 0 all passed, 1 a case failed or the
record count is wrong, 99 harness error (bad table, missing binary, crash,
unparsable output).  Python 3 standard library only.
"""

import difflib
import json
import os
import re
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


class HarnessError(Exception):
    pass


# --------------------------------------------------------------------------
# the ten keys whose declared / resolved values are compared

# short name -> (SGLang key, type, input default)
KEYS = {
    "a2a": ("moe_a2a_backend", str, "none"),
    "ep": ("ep_size", int, 1),
    "dsf": ("disable_shared_experts_fusion", bool, False),
    "esf": ("enforce_shared_experts_fusion", bool, False),
    "mode": ("deepep_mode", str, "auto"),
    "runner": ("moe_runner_backend", str, "auto"),
    "cgd": ("cuda_graph_decode_backend", str, "full"),
    "cgp": ("cuda_graph_prefill_backend", str, "breakable"),
    "nccl": ("NCCL_CUMEM_ENABLE", str, None),
    "nvfp4": ("SGLANG_MOE_NVFP4_DISPATCH", str, None),
}
FULL = {v[0]: k for k, v in KEYS.items()}

# CLI spellings that the table uses: spelling -> (key or None, takes a value)
VALUE_FLAGS = {
    "--moe-a2a-backend": "moe_a2a_backend",
    "--tp-size": None, "--tensor-parallel-size": None,
    "--ep-size": "ep_size", "--expert-parallel-size": "ep_size", "--ep": "ep_size",
    "--dp-size": None, "--data-parallel-size": None,
    "--moe-runner-backend": "moe_runner_backend",
    "--deepep-mode": "deepep_mode",
    "--deepep-v2-mode": None,
    "--quantization": None,
    "--chunked-prefill-size": None,
    "--disaggregation-mode": None,
    "--cuda-graph-max-bs-decode": None, "--cuda-graph-max-bs": None,
    "--model-path": None, "--model": None,
    "--cuda-graph-backend-decode": "cuda_graph_decode_backend",
    "--cuda-graph-backend-prefill": "cuda_graph_prefill_backend",
}
# SGLang's deprecated switches that store a prefill backend (no value)
CONST_FLAGS = {
    "--enable-breakable-cuda-graph": ("cuda_graph_prefill_backend", "breakable"),
    "--disable-piecewise-cuda-graph": ("cuda_graph_prefill_backend", "disabled"),
    "--enforce-piecewise-cuda-graph": ("cuda_graph_prefill_backend", "tc_piecewise"),
}
BOOL_FLAGS = {
    "--enable-waterfill": None,
    "--disable-shared-experts-fusion": "disable_shared_experts_fusion",
    "--enforce-shared-experts-fusion": "enforce_shared_experts_fusion",
    "--enable-dp-attention": None,
    "--enable-deterministic-inference": None,
    "--enable-two-batch-overlap": None,
    "--enable-single-batch-overlap": None,
}
ASSIGN_RE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=(.*)$", re.S)


def typed(key, text):
    """Convert table/config text to the JSON value type of a compared key."""
    typ = KEYS[FULL[key]][1]
    if text == "null":
        return None
    if typ is int:
        if not re.fullmatch(r"-?[0-9]+", text):
            raise ValueError("not an int: %r" % text)
        return int(text)
    if typ is bool:
        if text not in ("true", "false"):
            raise ValueError("not a bool: %r" % text)
        return text == "true"
    if len(text) >= 2 and text[0] == text[-1] == '"':
        text = text[1:-1]
    return text


def input_values(config):
    """The input values (config, else default) of the compared keys, and the
    --moe-a2a-backend given (for the per-backend counts)."""
    vals = {full: default for full, _, default in KEYS.values()}
    words = shlex.split(config)
    seen_flag = False
    i = 0
    while i < len(words):
        w = words[i]
        i += 1
        if w.startswith("--"):
            seen_flag = True
            name, eq, val = w.partition("=")
            if name in CONST_FLAGS:
                if eq:
                    raise ValueError("switch with a value: %r" % w)
                key, const = CONST_FLAGS[name]
                vals[key] = const
                continue
            if name in BOOL_FLAGS:
                if eq:
                    raise ValueError("bool flag with a value: %r" % w)
                if BOOL_FLAGS[name]:
                    vals[BOOL_FLAGS[name]] = True
                continue
            if name not in VALUE_FLAGS:
                raise ValueError("flag unknown to the runner: %r" % name)
            if not eq:
                if i >= len(words):
                    raise ValueError("missing value for %r" % name)
                val = words[i]
                i += 1
            key = VALUE_FLAGS[name]
            if key:
                vals[key] = typed(key, val)
            continue
        m = ASSIGN_RE.match(w)
        if m:
            if m.group(1) in vals:
                vals[m.group(1)] = typed(m.group(1), m.group(2))
            continue
        if seen_flag:
            raise ValueError("stray word after the flags: %r" % w)
        # leading program words (python -m sglang.launch_server) are skipped
    return vals


def backend_of(config):
    backend = "none"
    try:
        words = shlex.split(config)
    except ValueError:
        return "?"
    for i, w in enumerate(words):
        if w == "--moe-a2a-backend" and i + 1 < len(words):
            backend = words[i + 1]
        elif w.startswith("--moe-a2a-backend="):
            backend = w.split("=", 1)[1]
    return backend


# --------------------------------------------------------------------------
# messages.txt

PLACEHOLDER_RE = re.compile(r"\{[^{}]*\}|%s")


def load_messages(path):
    msgs, consts = {}, {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            parts = line.split("\t")
            if len(parts) != 3:
                raise HarnessError("%s:%d: expected 3 TAB-separated fields" % (path, n))
            a, b, c = parts
            if a == "const":
                consts[b] = c
            elif re.fullmatch(r"[EWI][0-9]+", a):
                if a in msgs:
                    raise HarnessError("%s:%d: duplicate id %s" % (path, n, a))
                if a[0] == "E" and b == "-":
                    raise HarnessError("%s:%d: error %s needs a rule name" % (path, n, a))
                msgs[a] = (None if b == "-" else b, c)
            else:
                raise HarnessError("%s:%d: bad id %r" % (path, n, a))
    want = (["E%d" % i for i in range(1, 15)] + ["W%d" % i for i in range(1, 14)]
            + ["I1", "I2"])
    missing = [i for i in want if i not in msgs]
    if missing:
        raise HarnessError("%s: missing ids %s" % (path, " ".join(missing)))
    return msgs, consts


def render(msgs, consts, mid, args):
    rule, template = msgs[mid]
    args = list(args)
    out, pos = [], 0
    for m in PLACEHOLDER_RE.finditer(template):
        out.append(template[pos:m.start()])
        ph = m.group(0)
        if ph in consts:
            out.append(consts[ph])
        else:
            if not args:
                raise ValueError("%s needs more arguments (placeholder %s)" % (mid, ph))
            out.append(args.pop(0))
        pos = m.end()
    out.append(template[pos:])
    if args:
        raise ValueError("%s: too many arguments %r" % (mid, args))
    return "".join(out)


# --------------------------------------------------------------------------
# cases.txt

MSG_RE = re.compile(r"^([EWI][0-9]+)(?:\((.*)\))?$")
OK_RE = re.compile(r"^ok\s+\{([^{}]*)\}\s+warn\[([^\[\]]*)\]\s+info\[([^\[\]]*)\]$")


class Case:
    pass


def parse_msgs(text, kind, msgs, consts):
    out = []
    for tok in text.split():
        m = MSG_RE.match(tok)
        if not m or m.group(1)[0] != kind:
            raise ValueError("bad %s item %r" % (kind, tok))
        mid = m.group(1)
        if mid not in msgs:
            raise ValueError("unknown message id %s" % mid)
        args = m.group(2).split(",") if m.group(2) is not None else []
        out.append((tok, render(msgs, consts, mid, args)))
    return out


def load_cases(path, msgs, consts):
    cases = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            where = "%s:%d" % (os.path.basename(path), n)
            if "=>" not in line:
                raise HarnessError("%s: no '=>'" % where)
            config, _, exp = line.rpartition("=>")
            c = Case()
            c.where, c.lineno = where, n
            c.config, exp = config.strip(), exp.strip()
            if "\n" in c.config or "\r" in c.config:
                raise HarnessError("%s: config has a line break" % where)
            try:
                if exp == "invalid":
                    c.status = "invalid"
                elif exp.startswith("error "):
                    c.status = "error"
                    (tok, text), = parse_msgs(exp[6:], "E", msgs, consts)
                    c.error_id = MSG_RE.match(tok).group(1)
                    c.error_rule, c.error_text = msgs[c.error_id][0], text
                else:
                    m = OK_RE.match(exp)
                    if not m:
                        raise ValueError("cannot parse expectation %r" % exp)
                    c.status = "ok"
                    c.declared = {}
                    for item in m.group(1).split():
                        k, eq, v = item.partition("=")
                        if not eq or k not in KEYS:
                            raise ValueError("bad declared item %r" % item)
                        full = KEYS[k][0]
                        if full in c.declared:
                            raise ValueError("declared twice: %s" % k)
                        c.declared[full] = typed(full, v)
                    c.warnings = parse_msgs(m.group(2), "W", msgs, consts)
                    c.infos = parse_msgs(m.group(3), "I", msgs, consts)
                    c.resolved = input_values(c.config)
                    c.resolved.update(c.declared)
                shlex.split(c.config)
            except ValueError as e:
                raise HarnessError("%s: %s" % (where, e))
            c.backend = "invalid" if c.status == "invalid" else backend_of(c.config)
            cases.append(c)
    if not cases:
        raise HarnessError("%s: no cases" % path)
    return cases


# --------------------------------------------------------------------------
# comparison


def show(v):
    return "(absent)" if v is _ABSENT else json.dumps(v)


_ABSENT = object()


def same(a, b):
    return type(a) is type(b) and a == b


def texts(items, key="message"):
    out = []
    for it in items:
        out.append(it.get(key) if isinstance(it, dict) else it)
    return out


def compare(c, rec):
    """Return a list of difference lines (empty if the case passed)."""
    diffs = []
    if not isinstance(rec, dict):
        return ["record is not a JSON object: %r" % (rec,)]
    status = rec.get("status")
    errors = rec.get("errors")
    if not isinstance(errors, list):
        errors = []
        diffs.append("\"errors\" is missing or not a list")
    if status != c.status:
        diffs.append("status: expected %s, got %s" % (json.dumps(c.status), json.dumps(status)))
        for e in errors[:3]:
            if isinstance(e, dict):
                diffs.append("  got error [%s] %s" % (e.get("rule"), e.get("message")))
        return diffs
    if c.status == "invalid":
        return diffs
    if c.status == "error":
        if not errors:
            return diffs + ["status error but no errors listed"]
        e0 = errors[0] if isinstance(errors[0], dict) else {}
        if e0.get("rule") != c.error_rule:
            diffs.append("first error rule: expected %s (%s), got %s"
                         % (json.dumps(c.error_rule), c.error_id, json.dumps(e0.get("rule"))))
        if e0.get("message") != c.error_text:
            diffs.append("first error message (%s):" % c.error_id)
            diffs.append("  expected: %s" % c.error_text)
            diffs.append("  got:      %s" % e0.get("message"))
        return diffs
    # ok
    if errors:
        diffs.append("status ok but errors listed: %s" % texts(errors))
    declared = rec.get("declared")
    resolved = rec.get("resolved")
    if not isinstance(declared, dict):
        diffs.append("\"declared\" is missing or not an object")
        declared = {}
    if not isinstance(resolved, dict):
        diffs.append("\"resolved\" is missing or not an object")
        resolved = {}
    for short, (full, _, _) in KEYS.items():
        want = c.declared.get(full, _ABSENT)
        got = declared.get(full, _ABSENT)
        if not (want is got is _ABSENT or (want is not _ABSENT and got is not _ABSENT
                                             and same(want, got))):
            diffs.append("declared.%s: expected %s, got %s" % (full, show(want), show(got)))
        want = c.resolved[full]
        got = resolved.get(full, _ABSENT)
        if got is _ABSENT or not same(want, got):
            diffs.append("resolved.%s: expected %s, got %s" % (full, show(want), show(got)))
    for label, want, got in (("warnings", c.warnings, rec.get("warnings")),
                             ("infos", c.infos, rec.get("infos"))):
        if not isinstance(got, list):
            diffs.append("\"%s\" is missing or not a list" % label)
            continue
        want_t = [t for _, t in want]
        got_t = texts(got)
        if want_t != got_t:
            diffs.append("%s differ (expected %s):" % (label, " ".join(tok for tok, _ in want) or "none"))
            for d in difflib.unified_diff(want_t, [str(t) for t in got_t],
                                          "expected", "got", lineterm="", n=len(want_t) + len(got_t)):
                diffs.append("  " + d)
    return diffs


# --------------------------------------------------------------------------


def child_env():
    env = {}
    for k, v in os.environ.items():
        if k.startswith("SGLANG_") or k.startswith("NCCL_") or k == "FLAGRULE_PATH":
            continue
        env[k] = v
    return env


def run_flagrule(binary, rules, cases):
    if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
        raise HarnessError("flagrule binary not found or not executable: %s" % binary)
    if not os.path.exists(rules):
        raise HarnessError("rules directory not found: %s" % rules)
    cmd = [binary, "check", "--format", "json", "-r", rules]
    stdin = "".join(c.config + "\n" for c in cases)
    try:
        p = subprocess.run(cmd, input=stdin.encode("utf-8"), stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, env=child_env(), timeout=600)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise HarnessError("cannot run %s: %s" % (" ".join(cmd), e))
    err = p.stderr.decode("utf-8", "replace")
    if p.returncode < 0:
        raise HarnessError("%s died with signal %d\n%s" % (binary, -p.returncode, err[-2000:]))
    if p.returncode not in (0, 1, 2):
        raise HarnessError("%s exited %d\n%s" % (binary, p.returncode, err[-2000:]))
    out = p.stdout.decode("utf-8", "replace")
    if p.returncode == 2 and not out.strip():
        raise HarnessError("%s exited 2 with no output (usage or rule-file error):\n%s"
                           % (" ".join(cmd), err[-4000:]))
    records = []
    for n, line in enumerate(out.split("\n"), 1):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except ValueError as e:
            raise HarnessError("output line %d is not JSON (%s): %s" % (n, e, line[:300]))
    return records, err


def main(argv):
    check_only = False
    if argv and argv[0] == "--check":
        check_only = True
        argv = argv[1:]
    if check_only:
        table = argv[0] if argv else os.path.join(HERE, "cases.txt")
    else:
        binary = argv[0] if len(argv) > 0 else os.environ.get(
            "FLAGRULE", os.path.join(HERE, "..", "..", "src", "flagrule"))
        rules = argv[1] if len(argv) > 1 else os.environ.get(
            "FLAGRULE_RULES", os.path.join(HERE, "..", "..", "rules.d", "sglang"))
        table = argv[2] if len(argv) > 2 else os.path.join(HERE, "cases.txt")
    msgs, consts = load_messages(os.path.join(HERE, "messages.txt"))
    cases = load_cases(table, msgs, consts)

    if check_only:
        counts = {}
        for c in cases:
            counts.setdefault(c.backend, {"ok": 0, "error": 0, "invalid": 0})[c.status] += 1
        print("%-14s %5s %5s %5s %5s" % ("backend", "total", "ok", "error", "inv"))
        for b in sorted(counts):
            d = counts[b]
            print("%-14s %5d %5d %5d %5d" % (b, sum(d.values()), d["ok"], d["error"], d["invalid"]))
        print("%-14s %5d" % ("all", len(cases)))
        return 0

    records, err = run_flagrule(binary, rules, cases)
    by_line = {}
    extra = []
    for r in records:
        ln = r.get("line") if isinstance(r, dict) else None
        if not isinstance(ln, int) or isinstance(ln, bool) or ln in by_line:
            extra.append(r)
        else:
            by_line[ln] = r
    passed = failed = 0
    for i, c in enumerate(cases, 1):
        rec = by_line.get(i)
        diffs = ["no output record for stdin line %d" % i] if rec is None else compare(c, rec)
        if diffs:
            failed += 1
            print("FAIL %s (stdin line %d)" % (c.where, i))
            print("  config: %s" % c.config)
            for d in diffs:
                print("  " + d)
        else:
            passed += 1
    count_ok = len(records) == len(cases) and not extra
    if not count_ok:
        print("FAIL record count: %d cases, %d output records (%d without a valid, unique "
              "\"line\")" % (len(cases), len(records), len(extra)))
        for r in extra[:5]:
            print("  stray record: %s" % json.dumps(r)[:300])
        if err.strip():
            print("  flagrule stderr (tail):")
            for l in err.strip().split("\n")[-10:]:
                print("    " + l)
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 and count_ok else 1


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except HarnessError as e:
        print("run-table.py: harness error: %s" % e, file=sys.stderr)
        sys.exit(99)
