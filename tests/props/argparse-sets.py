#!/usr/bin/env python3
"""argparse-sets.py — flagrule reads a command line as Python's argparse does,
for random flag sets (tests/sglang/argparse-mirror.py does it for SGLang's).

Each seed makes a set of 2-7 flags (switch, int, enum, string) whose
spellings come from a small pool of words that share prefixes (`--ab`,
`--abc`, `--a-b`, ...), some with a second or third spelling, some enum and
int flags with spellings that give a constant (`"--fast" = low`), and 0-6 of
the program's other flags (`cli bool|value|optional|list|any`).  The same set
is built as an argparse parser (store_true, type=int, choices, str,
store_const; nargs None, '?', '+', '*'; allow_abbrev as by default), and
random lines are put through both: exact spellings, prefixes of them (where
the abbreviation rule decides), misspellings, `--flag=value`, values of every
shape (negative numbers, option-like words, `--`, Python int forms, enum
members and near misses).  Both must accept a line or both refuse it, and
when both accept, every flag must have argparse's value.

A line starts with a flag word (flagrule skips the program words before the
first one, on purpose); no NAME=VALUE words (the sets have no env keys), no
`--flag=--` (argparse's reading of it changed in 3.13), ints within 64 bits.

Exit status: 0 all agree; 1 a disagreement (the shortest lines shown);
77 no flagrule binary; 99 flagrule crashed.
"""
import argparse
import json
import os
import random
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import props  # noqa: E402

SEEDS = int(os.environ.get("PROPS_SEEDS", "150"))
LINES = 120                # per set
MAX_SHOWN = 12

WORDS = ["a", "ab", "abc", "a-b", "a-bc", "b", "ba", "bab", "x-y", "x-yz", "tp", "tp-size",
         "t", "low", "lo"]
ENUM_POOL = ["auto", "low", "lo", "high", "x-y", "none", "a"]


class Flag:
    def __init__(self, name, typ):
        self.name, self.typ = name, typ
        self.spellings = []
        self.consts = {}        # spelling -> constant
        self.values = None      # enum members
        self.default = None


def gen_set(rng):
    pool = ["--" + w for w in WORDS]
    rng.shuffle(pool)
    flags = []
    for i in range(rng.randint(2, 7)):
        if not pool:
            break
        f = Flag("k%d" % i, rng.choice(["switch", "int", "int", "enum", "enum", "string"]))
        for _ in range(min(len(pool), rng.choice([1, 1, 1, 2, 2, 3]))):
            f.spellings.append(pool.pop())
        if f.typ == "enum":
            f.values = ["auto"] + rng.sample(ENUM_POOL[1:], rng.randint(1, 4))
            f.default = "auto"
        elif f.typ == "int":
            f.default = rng.choice([0, 1, 8, -2])
        elif f.typ == "string":
            f.default = rng.choice(["", "m"])
        else:
            f.default = False
        if f.typ in ("enum", "int") and pool and rng.random() < 0.3:
            c = pool.pop()
            f.consts[c] = rng.choice(f.values) if f.typ == "enum" else rng.choice([3, -1])
        flags.append(f)
    program = []
    for _ in range(rng.randint(0, 6)):
        if not pool:
            break
        program.append((pool.pop(), rng.choice(["bool", "value", "optional", "list", "any"])))
    return flags, program


def rules_text(flags, program):
    out = []
    for f in flags:
        t = "enum { %s }" % ", ".join(f.values) if f.typ == "enum" else f.typ
        d = json.dumps(f.default) if f.typ != "enum" else f.default
        if f.typ == "switch":
            d = "false"
        spells = [json.dumps(s) for s in f.spellings]
        spells += ["%s = %s" % (json.dumps(s), c) for s, c in f.consts.items()]
        out.append("flag %s : %s = %s cli %s;" % (f.name, t, d, ", ".join(spells)))
    for s, kind in program:
        out.append("cli %s %s;" % (kind, json.dumps(s)))
    return "\n".join(out) + "\n"


class Refused(Exception):
    pass


class Parser(argparse.ArgumentParser):
    def error(self, message):
        raise Refused(message)


NARGS = {"value": None, "optional": "?", "list": "+", "any": "*"}


def build_parser(flags, program):
    p = Parser(prog="prog", add_help=False)
    for f in flags:
        if f.typ == "switch":
            p.add_argument(*f.spellings, dest=f.name, action="store_true")
        elif f.typ == "int":
            p.add_argument(*f.spellings, dest=f.name, type=int, default=f.default)
        elif f.typ == "enum":
            p.add_argument(*f.spellings, dest=f.name, choices=f.values, default=f.default)
        else:
            p.add_argument(*f.spellings, dest=f.name, default=f.default)
        for s, c in f.consts.items():
            p.add_argument(s, dest=f.name, action="store_const", const=c)
    for i, (s, kind) in enumerate(program):
        if kind == "bool":
            p.add_argument(s, dest="other_%d" % i, action="store_true")
        else:
            p.add_argument(s, dest="other_%d" % i, nargs=NARGS[kind])
    return p


def parse(parser, flags, argv):
    """argparse's values of the flags, or None when it refuses the line."""
    try:
        ns, extra = parser.parse_known_args(argv)
    except Refused:
        return None
    if extra:
        return None
    return {f.name: getattr(ns, f.name) for f in flags}


INTS = ["0", "5", "-3", "+2", "1_0", "07", " 7", "12345678901", "-0"]
BAD_INTS = ["x", "1.5", "5x", "", "1__0", "--5", "0x10"]
STRS = ["m", "a b", "", "-", "-5", "-x", "--x", "low", "a=b", "=", "x-y"]


def value_of(rng, f):
    """A value word for flag f (a Flag or a program flag's kind): mostly one
    its type takes, sometimes one it refuses or one that looks like an option."""
    r = rng.random()
    if isinstance(f, Flag) and f.typ == "int":
        return rng.choice(INTS) if r < 0.85 else rng.choice(BAD_INTS)
    if isinstance(f, Flag) and f.typ == "enum":
        v = rng.choice(f.values)
        return v if r < 0.85 else rng.choice([v[:-1] or "q", v.upper(), v + "x", "-" + v])
    return rng.choice(STRS) if r < 0.5 else rng.choice(WORDS)


def gen_line(rng, flags, program):
    """One command line: items of a flag (its spelling, a prefix of it, or
    with =VALUE) and the values its kind takes, and now and then a stray
    or missing word."""
    items = [("flag", f) for f in flags] + [("prog", p) for p in program]
    words = []
    for n in range(rng.randint(1, 6)):
        kind, f = rng.choice(items)
        if kind == "flag":
            consts = list(f.consts)
            spell = rng.choice(consts) if consts and rng.random() < 0.25 else rng.choice(f.spellings)
            takes = 0 if f.typ == "switch" or spell in f.consts else 1
        else:
            spell, pk = f
            takes = {"bool": 0, "value": 1, "optional": rng.randint(0, 1), "list": rng.randint(1, 3),
                     "any": rng.randint(0, 3)}[pk]
        r = rng.random()
        if r < 0.15:
            spell = spell[:rng.randint(3, len(spell))]          # a prefix
        if takes == 1 and r > 0.8:
            words.append(spell + "=" + value_of(rng, f).replace("--", "x"))
        else:
            words.append(spell)
            words.extend(value_of(rng, f) for _ in range(takes))
        if rng.random() < 0.07:
            words.append(rng.choice(["--", "-", "x", "--zz", spell + "x", "-" + spell.lstrip("-")]))
        if rng.random() < 0.05 and words:
            words.pop()                                      # a missing value
    # the first word a flag's (the program words before it are skipped)
    if not words or not words[0].startswith("--") or words[0] == "--":
        kind, f = rng.choice(items)
        words.insert(0, rng.choice(f.spellings) if kind == "flag" else f[0])
        if kind == "flag" and f.typ != "switch":
            words.insert(1, value_of(rng, f))
        elif kind == "prog" and f[1] in ("value", "list"):
            words.insert(1, value_of(rng, f))
    return words


def main():
    if not os.access(props.FLAGRULE, os.X_OK):
        print("SKIP: no flagrule binary at %s" % props.FLAGRULE)
        return 77
    tmp = os.environ.get("TMPDIR", "/tmp")
    path = os.path.join(tmp, "fr-argparse-sets-%d.rules" % os.getpid())
    compared = both_refused = 0
    bad = []
    try:
        for seed in range(SEEDS):
            rng = random.Random(seed)
            flags, program = gen_set(rng)
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(rules_text(flags, program))
            parser = build_parser(flags, program)
            lines = [gen_line(rng, flags, program) for _ in range(LINES)]
            stdin = "".join(shlex.join(w) + "\n" for w in lines).encode()
            try:
                p = props.flagrule(["check", "--no-env", "--format", "json", "-r", path], stdin)
            except props.Crash as e:
                print("FAIL: seed %d: %s" % (seed, e))
                return 99
            if p.returncode not in (0, 1):
                print("FAIL: seed %d: flagrule exit %d\n%s\n%s" % (
                    seed, p.returncode, rules_text(flags, program), p.stderr.decode()[:2000]))
                return 1
            recs = [json.loads(x) for x in p.stdout.decode().splitlines()]
            if len(recs) != len(lines):
                print("FAIL: seed %d: %d records for %d lines" % (seed, len(recs), len(lines)))
                return 1
            for argv, rec in zip(lines, recs):
                ap = parse(parser, flags, argv)
                fr = None if rec["status"] == "invalid" else rec["resolved"]
                if ap is None and fr is None:
                    both_refused += 1
                    continue
                compared += 1
                if ap is None or fr is None or any(fr[f.name] != ap[f.name] for f in flags):
                    bad.append((len(shlex.join(argv)), seed, argv, ap, fr,
                                "; ".join(e["message"] for e in rec["errors"])))
    finally:
        try:
            os.unlink(path)
        except OSError:
            pass
    print("%d sets, %d lines: %d accepted by both with the same values, %d refused by both, "
          "%d disagreements" % (SEEDS, SEEDS * LINES, compared - len(bad), both_refused, len(bad)))
    if bad:
        bad.sort(key=lambda b: b[0])
        for _, seed, argv, ap, fr, msg in bad[:MAX_SHOWN]:
            rng = random.Random(seed)
            flags, program = gen_set(rng)
            print("--- seed %d\n%s  line: %s\n  argparse: %s\n  flagrule: %s" % (
                seed, rules_text(flags, program), shlex.join(argv),
                "refused" if ap is None else ap, ("invalid: " + msg) if fr is None else fr))
        return 1
    if both_refused > compared * 3:
        print("FAIL: too few lines accepted (%d of %d): the generator broke" % (compared, SEEDS * LINES))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
