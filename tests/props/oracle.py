#!/usr/bin/env python3
"""Property: flagrule agrees with an independent model of the language.

This file is a second implementation of flagrule-rules(5), written from the
manual page alone (DECLARATIONS for reading a config, CONDITIONS AND
EXPRESSIONS, Null, Run-time errors, MESSAGES, RESOLUTION): a small parser
of the rule text that tests/props/gen.py writes, an evaluator with the
manual's null, overflow and &/| rules, the keys' dependency graph cut into
strongly connected components resolved one after the other by plain rounds
(every declare rule of the component on the same state, laid over the
input, conflicts to the smallest value) until nothing changes or a state
comes back, then the checks judged on the result.  It shares no code with
flagrule and none of its structure (no indexes, no modes, no compiled
conditions).

For random rule sets (every other one with declarations only over keys
declared before; the others with cycles, conflicts and oscillations, and
gen.py's `rich` forms: declares of several items or of a bare enum value,
aliases standing for keys at random places, switches, flags with a second
spelling, a spelling that gives a constant and null words) and
random configs, in each of the evaluator's modes (FULL, SCAN, INCR: the test
hook FLAGRULE_EVAL_MODE), every `check --format json` record must equal the
model's:
status, the resolved and declared values, and every error, warning and info
in order, messages byte for byte.  Run-time errors, conflicts and env
fallbacks are compared by rule, key and the rules named (their texts are
flagrule's own wording); where the model oscillates, the keys of the cycle
may stay at any of its states, and only the oscillation error is compared.
Configs written as JSON objects (--input json: members by key name or dashless
spelling, typed values, null for a nullable key, strings read as command-line
words) are compared the same way.  The line configs' records are then written
as a test block (TESTS: status, first
error, each rule's messages, `not` for others that can give that kind, a few
resolved values) which `flagrule test` must pass, case by case; and one case
with its status turned around must fail.

    oracle.py [--seeds N] [--seed S] [--configs N] [--big] [--keep]

--big: sets of 20-60 keys and 200-600 rules, configs of at most 8 keys (a
few of them run by default too); a failure names its set (sN.rules or bN.rules,
--big) for --seed N.
"""
import argparse
import json
import os
import random
import re
import shlex
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen
from props import *

INT_MIN, INT_MAX = -(1 << 63), (1 << 63) - 1


class RT(Exception):
    """A run-time error of the rule being evaluated."""


class Invalid(Exception):
    """The config cannot be read."""


class Null:
    def __repr__(self):
        return "null"


NULL = Null()


# ---- the rule text -------------------------------------------------------------

TOKEN = re.compile(r"""\s*(?:
    (?P<int>\d+)
  | (?P<str>"(?:[^"\\]|\\.)*")
  | (?P<re>/(?:[^/\\]|\\.)*/[a-z]*)
  | (?P<id>[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*)
  | (?P<op>->|==|!=|<=|>=|[-+*/%<>=!&|(){},;~:])
)""", re.X)


def unescape(s):
    out, i = [], 0
    while i < len(s):
        if s[i] == "\\":
            i += 1
            out.append({"n": "\n", "t": "\t"}.get(s[i], s[i]))
        else:
            out.append(s[i])
        i += 1
    return "".join(out)


def tokenize(text):
    toks, i = [], 0
    while i < len(text):
        if text[i:].strip() == "":
            break
        m = TOKEN.match(text, i)
        if not m or m.end() == i:
            raise SyntaxError("oracle: cannot read %r" % text[i:i + 20])
        kind = m.lastgroup
        val = m.group(kind)
        # (a '/' after an operand is division; the pattern form only where
        # an operand starts: after '~')
        if kind == "re" and not (toks and toks[-1] == ("op", "~")):
            m = re.compile(r"\s*(/)").match(text, i)
            kind, val = "op", "/"
        toks.append((kind, val))
        i = m.end()
    return toks


class Parser:
    def __init__(self, toks, keys, aliases):
        self.t, self.i, self.keys, self.aliases = toks, 0, keys, aliases

    def name(self, val):
        return self.aliases.get(val, val)

    def peek(self, k=0):
        return self.t[self.i + k] if self.i + k < len(self.t) else (None, None)

    def take(self, val=None):
        tok = self.peek()
        if val is not None and tok[1] != val:
            raise SyntaxError("oracle: expected %r, got %r" % (val, tok))
        self.i += 1
        return tok

    def at(self, val):
        return self.peek()[1] == val and self.peek()[0] in ("op", "id")

    # | & ! comparisons + - * / % unary-minus atoms
    def cond(self):
        e = self.conj()
        while self.at("|"):
            self.take()
            e = ("or", e, self.conj())
        return e

    def conj(self):
        e = self.neg()
        while self.at("&"):
            self.take()
            e = ("and", e, self.neg())
        return e

    def neg(self):
        if self.at("!"):
            self.take()
            return ("not", self.neg())
        return self.cmp()

    def cmp(self):
        left = self.sum()
        tok = self.peek()
        if tok[1] in ("=", "==", "!=", "<", "<=", ">", ">="):
            self.take()
            op = "=" if tok[1] == "==" else tok[1]
            return ("cmp", op, left, self.sum())
        if tok[1] == "in" or (tok[1] == "not" and self.peek(1)[1] == "in"):
            neg = tok[1] == "not"
            self.take()
            if neg:
                self.take("in")
            self.take("{")
            members = [self.atom()]
            while self.at(","):
                self.take()
                members.append(self.atom())
            self.take("}")
            return ("in", neg, left, members)
        if tok[1] == "~":
            self.take()
            pat = self.take()[1]
            end = pat.rindex("/")
            return ("match", left, pat[1:end].replace("\\/", "/"), pat[end + 1:])
        return ("bool", left)

    def sum(self):
        e = self.prod()
        while self.peek()[1] in ("+", "-") and self.peek()[0] == "op":
            op = self.take()[1]
            e = ("arith", op, e, self.prod())
        return e

    def prod(self):
        e = self.unary()
        while self.peek()[1] in ("*", "/", "%") and self.peek()[0] == "op":
            op = self.take()[1]
            e = ("arith", op, e, self.unary())
        return e

    def unary(self):
        if self.at("-"):
            self.take()
            return ("arith", "-", ("lit", 0), self.unary())
        return self.atom()

    def atom(self):
        kind, val = self.take()
        if kind == "int":
            return ("lit", int(val))
        if kind == "str":
            return ("lit", unescape(val[1:-1]))
        if val == "(":
            e = self.cond()
            self.take(")")
            return e[1] if e[0] == "bool" else e   # (a value in parentheses)
        if val == "-" and self.peek()[0] == "int":   # a negative literal in a set
            return ("lit", -int(self.take()[1]))
        if val == "given":
            self.take("(")
            name = self.name(self.take()[1])
            self.take(")")
            return ("given", name)
        if val == "true" or val == "false":
            return ("lit", val == "true")
        if val == "null":
            return ("lit", NULL)
        if self.name(val) in self.keys:
            return ("key", self.name(val))
        return ("enumlit", val)   # an enum value (typed by the other side)


def nodes(e):
    """Every node of an expression tree, e first."""
    yield e
    for x in e[1:]:
        if isinstance(x, tuple):
            yield from nodes(x)
        elif isinstance(x, list):
            for m in x:
                yield from nodes(m)


def named_keys(e):
    """The keys a condition names (given() included), in a set."""
    return {n[1] for n in nodes(e) if n[0] in ("key", "given")}


def parse_rule(text, keys, aliases):
    """'rule NAME: COND -> ACTION;' -> (name, cond, action); a declare's
    action is ("declare", [(key, value expr)], [(severity, message)])."""
    m = re.match(r"rule (\w+): (.*);$", text, re.S)
    name, body = m.group(1), m.group(2)
    p = Parser(tokenize(body), keys, aliases)
    cond = p.cond()
    p.take("->")
    kind = p.take()[1]
    if kind == "declare":
        items = []
        while True:
            if p.peek(1)[1] == "=":
                target = p.name(p.take()[1])
                p.take("=")
                items.append((target, p.sum()))
            else:
                # a bare enum value: for the one enum key of the condition
                # that has it
                v = p.take()[1]
                ks = [k for k in sorted(named_keys(cond)) if keys[k].typ == "enum" and v in keys[k].values]
                assert len(ks) == 1, "oracle: declare %s of %s" % (v, ks)
                items.append((ks[0], ("enumlit", v)))
            if not p.at(","):
                break
            p.take()
        attached = []
        while p.peek()[1] in ("warn", "info"):
            sev = p.take()[1]
            attached.append((sev, unescape(p.take()[1][1:-1])))
        return name, cond, ("declare", items, attached)
    if kind == "require":
        c = p.cond()
        p.take("else")
        return name, cond, ("require", c, unescape(p.take()[1][1:-1]))
    return name, cond, (kind, unescape(p.take()[1][1:-1]))


# ---- values ------------------------------------------------------------------


def read_value(k, text):
    """A config word's value for key k (the manual: DECLARATIONS, Keys):
    null only for a nullable fact's null and None (gen.py's flags have no
    null words, and an env variable that is set is never null)."""
    if k.kind == "fact" and k.nullable and text in ("null", "None"):
        return NULL
    if k.typ == "bool":
        if text.lower() in ("true", "1"):
            return True
        if text.lower() in ("false", "0"):
            return False
        raise Invalid
    if k.typ == "int":
        if not re.fullmatch(r"[-+]?\d+", text.strip()):
            raise Invalid
        v = int(text)
        if not INT_MIN <= v <= INT_MAX:
            raise Invalid
        return v
    if k.typ == "string":
        return text
    if text not in k.values:
        raise Invalid
    return text


def literal_value(k, text):
    if text == "null":
        return NULL
    if k.typ == "bool":
        return text == "true"
    if k.typ == "int":
        return int(text)
    if k.typ == "string":
        return unescape(text[1:-1])
    return text


def read_config(line, keys):
    """A config line (the manual: DECLARATIONS, Keys): the input values given,
    and the env keys whose value fell back to the default.  Spellings are
    exact (gen.py writes no abbreviation)."""
    by_cli = {}
    for k in keys:
        if k.kind == "flag":
            for sp in k.spellings or [k.cli]:
                by_cli[sp] = (k, None)
            for sp, lit in k.consts.items():
                by_cli[sp] = (k, lit)
    by_name = {k.name: k for k in keys if k.kind != "flag"}
    words = shlex.split(line)
    given, fallbacks = {}, []
    i = 0
    while i < len(words):
        w = words[i]
        if w.startswith("--"):
            name, eq, val = w.partition("=")
            k, const = by_cli.get(name, (None, None))
            if not k:
                raise Invalid
            if const is not None or k.switch:
                # (a spelling that gives a constant, or a switch: no value)
                if eq:
                    raise Invalid
                given[k.name] = literal_value(k, const) if const is not None else True
                i += 1
                continue
            if not eq:
                if k.typ == "bool":
                    given[k.name] = True
                    i += 1
                    continue
                if i + 1 >= len(words):
                    raise Invalid
                val = words[i + 1]
                i += 1
            given[k.name] = NULL if val in k.nullwords else read_value(k, val)
        else:
            name, eq, val = w.partition("=")
            k = by_name.get(name)
            if not eq or not k:
                raise Invalid
            try:
                given[k.name] = read_value(k, val)
            except Invalid:
                if k.kind != "env":
                    raise
                # (an env value of the wrong type: the default, with a
                # warning of no rule)
                given.pop(k.name, None)
                fallbacks.append(k.name)
        i += 1
    return given, fallbacks


def check_int(v):
    if not INT_MIN <= v <= INT_MAX:
        raise RT
    return v


def ev(e, st, keys):
    """A value expression: an int, bool, str or NULL; RT raised."""
    kind = e[0]
    if kind == "lit":
        return e[1]
    if kind == "enumlit":
        return e[1]
    if kind == "key":
        return st.read(e[1])
    if kind == "given":
        return st.input[e[1]]
    if kind == "arith":
        a, b = ev(e[2], st, keys), ev(e[3], st, keys)
        if a is NULL or b is NULL:
            return NULL
        op = e[1]
        if op == "+":
            return check_int(a + b)
        if op == "-":
            return check_int(a - b)
        if op == "*":
            return check_int(a * b)
        if b == 0:
            raise RT
        q = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)   # toward zero
        if op == "/":
            return check_int(q)
        return a - b * q
    return cond(e, st, keys)


def cond(e, st, keys):
    """A condition: True or False; RT raised (with & and | deciding on
    a false, or true, side whatever the other)."""
    kind = e[0]
    if kind in ("and", "or"):
        stop = kind == "or"   # the value that decides
        err = False
        for side in (e[1], e[2]):
            try:
                if cond(side, st, keys) == stop:
                    return stop
            except RT:
                err = True
        if err:
            raise RT
        return not stop
    if kind == "not":
        return not cond(e[1], st, keys)
    if kind == "bool":
        v = ev(e[1], st, keys)
        return v is True
    if kind == "cmp":
        op, a, b = e[1], ev(e[2], st, keys), ev(e[3], st, keys)
        if op in ("=", "!="):
            eq = (a is NULL and b is NULL) or (a is not NULL and b is not NULL and a == b and type(a) == type(b))
            return eq if op == "=" else not eq
        if a is NULL or b is NULL:
            return False
        return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]
    if kind == "in":
        neg, a = e[1], ev(e[2], st, keys)
        members = [ev(m, st, keys) for m in e[3]]
        inside = any((a is NULL and m is NULL) or (a is not NULL and m is not NULL and a == m and type(a) == type(m))
                     for m in members)
        return inside != neg
    if kind == "match":
        a = ev(e[1], st, keys)
        if a is NULL:
            return False
        flags = re.I if "i" in e[3] else 0
        # (without the u flag PCRE2 matches bytes: compare bytes, as latin-1)
        s = a.encode("utf-8").decode("latin-1")
        pat = e[2].encode("utf-8").decode("latin-1")
        return re.search(pat, s, flags | re.ASCII) is not None
    raise AssertionError(kind)


class State:
    def __init__(self, inp, res, own=(), aliases=None):
        self.input, self.res, self.own, self.aliases = inp, res, own, aliases or {}

    def key(self, name):
        return self.aliases.get(name, name)

    def read(self, name):
        return self.input[name] if name in self.own else self.res[name]


# ---- messages ----------------------------------------------------------------


def text_of(v):
    if v is NULL:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    return str(v)


def repr_of(v):
    if v is NULL:
        return "None"
    if isinstance(v, bool):
        return "True" if v else "False"
    return repr(v)


def render(msg, st):
    def field(m):
        ref, r = m.group(1), m.group(2)
        g = re.fullmatch(r"given\((\w+)\)", ref)
        v = st.input[st.key(g.group(1))] if g else st.read(st.key(ref))
        return repr_of(v) if r else text_of(v)
    out = re.sub(r"\{\{|\}\}|\{([^{}!]+)(!r)?\}",
                 lambda m: m.group(0)[0] if m.group(0) in ("{{", "}}") else field(m), msg)
    return out.replace("\x00", "\\x00")


# ---- resolution and judging ----------------------------------------------------


def order_key(k, v):
    if v is NULL:
        return (0,)
    if k.typ == "enum":
        return (1, k.values.index(v))
    if k.typ == "string":
        return (1, v.encode("utf-8"))
    return (1, int(v))


def model(keys, rules, inp, aliases):
    """The record for input values inp: (status, errors, warnings, infos,
    resolved, declared); errors are (rule, message) with message None for a
    run-time error and ("conflict", rules) for a conflict."""
    kmap = {k.name: k for k in keys}
    decls = [(n, c, a) for n, c, a in rules if a[0] == "declare"]
    declarers = {}
    for r in decls:
        for t in dict.fromkeys(t for t, _ in r[2][1]):
            declarers.setdefault(t, []).append(r)

    def reads(e, own, out):
        out.update(n[1] for n in nodes(e) if n[0] == "key" and n[1] not in own)
        return out

    # the keys' dependency graph and its strongly connected components,
    # each after the ones it reads (Tarjan's order)
    deps = {key: set() for key in declarers}
    for key, lst in declarers.items():
        for n, c, a in lst:
            own = {t for t, _ in a[1]}
            read = reads(c, own, set())
            for _, v in a[1]:
                reads(v, own, read)
            deps[key] |= {x for x in read if x in declarers}
    comps, index, low, stack, on = [], {}, {}, [], set()

    def tarjan(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(deps[v]):
            if w not in index:
                tarjan(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            comps.append(comp)

    for v in sorted(declarers):
        if v not in index:
            tarjan(v)

    res = dict(inp)
    d, errs, oscillating = {}, set(), False
    for comp in comps:
        crules = list({id(r): r for key in comp for r in declarers[key]}.values())
        seen = set()
        while True:
            out, cerrs = {}, set()
            for n, c, a in crules:
                st = State(inp, res, own={t for t, _ in a[1]})
                try:
                    if not cond(c, st, kmap):
                        continue
                    vals = []
                    for t, e in a[1]:
                        v = ev(e, st, kmap)
                        if v is NULL and not kmap[t].nullable:
                            raise RT
                        vals.append((t, v))
                except RT:
                    cerrs.add(n)
                    continue
                for t, v in vals:
                    if t in comp:
                        out.setdefault(t, []).append((n, v))
            new = {key: inp[key] for key in comp}
            for key, lst in out.items():
                new[key] = min((v for _, v in lst), key=lambda v: order_key(kmap[key], v))
            state = tuple((key, type(new[key]).__name__, repr(new[key])) for key in comp)
            if all(new[key] == res[key] and type(new[key]) == type(res[key]) for key in comp):
                break
            # (a state that comes back, or still changing after the last
            # round: 1000, 4 more for each key and rule of the cycle)
            if state in seen or len(seen) >= 1000 + 4 * (len(comp) + len(crules)):
                oscillating = True
                break
            seen.add(state)
            res.update(new)
        d.update(out)
        errs |= cerrs
    # (the declarers of a key in rule order)
    rank = {n: i for i, (n, _, _) in enumerate(rules)}
    for lst in d.values():
        lst.sort(key=lambda x: rank[x[0]])
    enabled = {n for lst in d.values() for n, _ in lst}
    conflicts = {}
    for key, lst in d.items():
        vals = [v for _, v in lst]
        if any(not (v == vals[0] and type(v) == type(vals[0])) for v in vals):
            conflicts[key] = [n for n, _ in lst]
    errors, warnings, infos = [], [], []
    sink = {"error": errors, "warn": warnings, "info": infos}
    conflict_at = {}
    korder = {k.name: i for i, k in enumerate(keys)}
    for key, names in sorted(conflicts.items(), key=lambda x: korder[x[0]]):
        conflict_at.setdefault(names[0], []).append((key, names))
    for n, c, a in rules:
        for key, names in conflict_at.get(n, []):
            errors.append((n, ("conflict", key, tuple(names))))
        if a[0] == "declare":
            if n in errs:
                errors.append((n, None))
            elif n in enabled:
                st = State(inp, res, own={t for t, _ in a[1]}, aliases=aliases)
                for sev, msg in a[2]:
                    sink[sev].append((n, render(msg, st)))
            continue
        st = State(inp, res, aliases=aliases)
        try:
            if a[0] == "require":
                # an error rule of condition COND & !(C)
                if cond(("and", c, ("not", a[1])), st, kmap):
                    errors.append((n, render(a[2], st)))
                continue
            if cond(c, st, kmap):
                sink[a[0]].append((n, render(a[1], st)))
        except RT:
            errors.append((n, None))
    status = "error" if errors else "ok"
    declared = {key: res[key] for key in d}
    return status, errors, warnings, infos, res, declared, oscillating


# ---- the comparison ------------------------------------------------------------


def to_json_value(v):
    return None if v is NULL else v


def gen_json(rng, keys):
    """A JSON config (flagrule(1), JSON configs): (its text, its members as
    (key, JSON value) pairs).  Members by name or, for a flag, by its first
    spelling without the dashes; values of the key's type, null for a
    nullable key, or a string read as a command line word (the env
    fallback included); now and then one that does not fit, or a member that
    names no key."""
    members = []
    for k in rng.sample(keys, rng.randint(0, min(8, len(keys)))):
        name = k.name
        if k.kind == "flag" and rng.random() < 0.3:
            name = (k.spellings or [k.cli])[0][2:]
        r = rng.random()
        if k.nullable and r < 0.1:
            v = None
        elif r < 0.3 and k.typ != "string":
            v = gen.config_value(rng, k)   # (text, as on a command line)
        elif k.typ == "bool":
            v = rng.choice([True, False])
        elif k.typ == "int":
            v = rng.choice([0, 1, 2, 3, 4, 8, -1, 100, 7])
        elif k.typ == "string":
            v = rng.choice(gen.STRINGS)
        else:
            v = rng.choice(k.values)
        members.append((name, v))
    if rng.random() < 0.03:
        members.append(("no_such_key", 1))
    return json.dumps(dict(members), ensure_ascii=False), members


def read_json_config(members, keys):
    """The input values a JSON config gives (as read_config)."""
    by = {k.name: k for k in keys}
    for k in keys:
        if k.kind == "flag":
            by.setdefault((k.spellings or [k.cli])[0][2:], k)
    given, fallbacks = {}, []
    for name, v in members:
        k = by.get(name)
        if k is None:
            raise Invalid
        if v is None:
            if not k.nullable:
                raise Invalid
            given[k.name] = NULL
        elif isinstance(v, bool):
            if k.typ != "bool":
                raise Invalid
            given[k.name] = v
        elif isinstance(v, int):
            if k.typ != "int":
                raise Invalid
            given[k.name] = v
        elif k.typ == "string":
            given[k.name] = v
        else:
            # (a string for another type: read as the same word on a line)
            try:
                given[k.name] = NULL if v in k.nullwords else read_value(k, v)
            except Invalid:
                if k.kind != "env":
                    raise
                given.pop(k.name, None)
                fallbacks.append(k.name)
    return given, fallbacks


def expected_record(keys, rules, line, aliases, members=None):
    try:
        given, fallbacks = read_config(line, keys) if members is None else read_json_config(members, keys)
    except Invalid:
        return {"status": "invalid"}
    except ValueError:   # (a quote shlex cannot read: not generated)
        return None
    inp = {}
    for k in keys:
        inp[k.name] = given[k.name] if k.name in given else literal_value(k, k.default)
    status, errors, warnings, infos, res, declared, oscillating = model(keys, rules, inp, aliases)
    if oscillating:
        return {"status": "error", "oscillation": True}
    warnings = warnings + [(None, ("fallback", name)) for name in fallbacks]
    kmap = {k.name: k for k in keys}
    return {"status": status, "errors": errors, "warnings": warnings, "infos": infos,
            "resolved": {k.name: to_json_value(res[k.name]) for k in keys},
            "declared": {n: to_json_value(v) for n, v in declared.items()}}


CONFLICT_NAMES = re.compile(r"rule '([^']+)'")


def got_record(rec):
    if rec["status"] == "invalid":
        return {"status": "invalid"}
    out = {"status": rec["status"], "resolved": rec["resolved"], "declared": rec["declared"]}
    for sev in ("errors", "warnings", "infos"):
        lst = []
        for m in rec[sev]:
            msg = m["message"]
            if m["rule"] is None and sev == "warnings":
                msg = ("fallback", msg.split(" ", 1)[0])
            elif sev == "errors" and msg.startswith("run-time error: "):
                msg = None
            elif sev == "errors" and msg.startswith("conflict: "):
                key = re.search(r"declares ([^=]+)=", msg).group(1)
                msg = ("conflict", key, tuple(CONFLICT_NAMES.findall(msg)))
            lst.append((m["rule"], msg))
        out[sev] = lst
    return out


def literal_text(k, v):
    """v as a literal of key k's type in a test expectation."""
    if v is None:
        return "null"
    if v is True or v is False:
        return "true" if v else "false"
    if k.typ == "string":
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return str(v)


def gives(action, word):
    """Whether a rule of this action gives messages of kind word."""
    if action[0] == "declare":
        return any(sev == word for sev, _ in action[2])
    if action[0] == "require":
        return word == "error"
    return action[0] == word


def test_case(rng, keys, rules, line, want):
    """A test block case for a config, its expectations taken from the
    model's record (flagrule-rules(5), TESTS), or None."""
    if want is None:
        return None
    line = line if line.strip() else '""'   # (the defaults alone)
    if want["status"] == "invalid":
        return "%s => invalid" % line
    if want.get("oscillation"):
        return "%s => error" % line
    exp = [want["status"]]
    rules_of = {sev: [n for n, _ in want[sev + "s"] if n is not None] for sev in ("error", "warning", "info")}
    if rules_of["error"]:
        exp.append("first error " + rules_of["error"][0])
    for sev, word in (("error", "error"), ("warning", "warn"), ("info", "info")):
        for n in dict.fromkeys(rules_of[sev]):
            exp.append("%s %s" % (word, n))
        # (a rule that cannot give that kind makes `not KIND R` an error of
        # the test block: it always holds)
        others = [n for n, _, a in rules if n not in rules_of[sev] and gives(a, word)]
        for n in rng.sample(others, min(2, len(others))):
            exp.append("not %s %s" % (word, n))
    kmap = {k.name: k for k in keys}
    for name in rng.sample(sorted(want["resolved"]), min(3, len(want["resolved"]))):
        exp.append("%s = %s" % (name, literal_text(kmap[name], want["resolved"][name])))
    return "%s => %s" % (line, ", ".join(exp))


def mismatch(rec, want):
    """None when flagrule's record rec is the model's want, else what differs.
    Where the model oscillates, the keys of the cycle stay at one of its
    states: only the oscillation error is compared."""
    if want.get("oscillation"):
        if rec["status"] == "error" and any(m["message"].startswith("oscillation: ") for m in rec["errors"]):
            return None
        return "  the model oscillates, flagrule: %s" % json.dumps(rec)
    have, want = json_clean(got_record(rec)), json_clean(want)
    if have == want:
        return None
    return "\n".join("  %s: flagrule %s, model %s" % (f, json.dumps(have.get(f)), json.dumps(want.get(f)))
                     for f in sorted(set(have) | set(want)) if have.get(f) != want.get(f))


def json_clean(v):
    return json.loads(json.dumps(v))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=int(os.environ.get("PROPS_SEEDS", "40")) * 3)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--configs", type=int, default=40)
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--big", action="store_true", help="20-60 keys and 200-600 rules a set (INCR's tables)")
    args = ap.parse_args()
    skip_without_binary()
    if args.seed is not None:
        seeds = [(args.seed, args.big)]
    elif args.big:
        seeds = [(n, True) for n in range(1, args.seeds + 1)]
    else:
        # (and a few big sets, 2 s each: INCR's tables at some scale)
        seeds = [(n, False) for n in range(1, args.seeds + 1)] + \
            [(n, True) for n in range(1, max(1, args.seeds // 30) + 1)]
    top = tempfile.mkdtemp(prefix="flagrule-oracle-")
    failures, compared, sets, oscillations, tests = [], 0, 0, 0, 0
    for seed, big in seeds:
        rng = random.Random(seed * 7919 + 17)
        stratified = seed % 2 == 0
        if big:
            keys = gen.gen_keys(rng, nkeys=rng.randint(20, 60))
            rules = gen.gen_rules(rng, keys, stratified=stratified, rich=not stratified,
                                  nrules=rng.randint(200, 600))
        else:
            keys = gen.gen_keys(rng)
            rules = gen.gen_rules(rng, keys, stratified=stratified, rich=not stratified)
        if not stratified:
            gen.enrich_keys(rng, keys)
        aliases = {}
        if not stratified:
            # aliases, each standing for its key at some of the key's places
            for k in keys:
                if rng.random() < 0.3:
                    aliases["al_" + k.name] = k.name
            for a, name in aliases.items():
                rules = [(n, re.sub(r"\b%s\b" % name, lambda m: a if rng.random() < 0.5 else name, t))
                         for n, t in rules]
        text = "\n".join(gen.decl_text(k) for k in keys) + "\n" + \
            "".join("alias %s = %s;\n" % a for a in aliases.items()) + "\n".join(t for _, t in rules) + "\n"
        path = os.path.join(top, "%s%d.rules" % ("b" if big else "s", seed))
        with open(path, "w") as f:
            f.write(text)
        kmap = {k.name: k for k in keys}
        parsed = [parse_rule(t, kmap, aliases) for _, t in rules]
        lines = [gen.gen_config(rng, keys, 8 if big else None) for _ in range(args.configs)]
        wants = [expected_record(keys, parsed, line, aliases) for line in lines]
        # (each of the evaluator's modes: FULL walks every rule, SCAN and
        # INCR are its fast paths; FLAGRULE_EVAL_MODE is a test hook)
        for mode in ("full", "scan", "incr"):
            os.environ["FLAGRULE_EVAL_MODE"] = mode
            p = flagrule(["check", "--no-env", "--format", "json", "-r", path], ("\n".join(lines) + "\n").encode())
            if p.returncode == 2:
                break   # (a rule-file error: order.py compares those)
            sets += mode == "full"
            got = [json.loads(l) for l in p.stdout.decode().splitlines()]
            if len(got) != len(lines):
                failures.append("seed %d (%s): %d records for %d configs" % (seed, mode, len(got), len(lines)))
                continue
            for line, rec, want in zip(lines, got, wants):
                if want is None:
                    continue
                compared += 1
                oscillations += bool(want.get("oscillation"))
                diff = mismatch(rec, want)
                if diff:
                    failures.append("seed %d (%s, mode %s), config: %s\n%s" % (seed, path, mode, line, diff))
                    break
        os.environ.pop("FLAGRULE_EVAL_MODE", None)
        if p.returncode == 2:
            continue
        # the same expectations as a test block: `flagrule test` must pass
        # every case, and fail one whose expectation is turned around
        cases = [c for c in (test_case(rng, keys, parsed, l, w) for l, w in zip(lines, wants)) if c]
        tpath = os.path.join(top, "%s%d-tests.rules" % ("b" if big else "s", seed))
        with open(tpath, "w") as f:
            f.write('test "model" {\n' + "".join("    %s;\n" % c for c in cases) + "}\n")
        t = flagrule(["test", "-r", path, "-r", tpath])
        if t.returncode != 0 or not t.stdout.decode().endswith("%d passed, 0 failed\n" % len(cases)):
            failures.append("seed %d (%s): flagrule test on %s: %s%s" % (
                seed, path, tpath, t.stdout.decode()[-2000:], t.stderr.decode()[-500:]))
            continue
        tests += len(cases)
        # JSON configs (--input json), in the rule set's own mode
        jsons = [gen_json(rng, keys) for _ in range(args.configs)]
        jwants = [expected_record(keys, parsed, None, aliases, members) for _, members in jsons]
        p = flagrule(["check", "--no-env", "--input", "json", "--format", "json", "-r", path],
                     ("\n".join(t for t, _ in jsons) + "\n").encode())
        got = [json.loads(l) for l in p.stdout.decode().splitlines()]
        if len(got) != len(jsons):
            failures.append("seed %d (%s): %d records for %d JSON configs" % (seed, path, len(got), len(jsons)))
            continue
        for (text, _), rec, want in zip(jsons, got, jwants):
            compared += 1
            oscillations += bool(want.get("oscillation"))
            diff = mismatch(rec, want)
            if diff:
                failures.append("seed %d (%s), JSON config: %s\n%s" % (seed, path, text, diff))
                break
        turned = [c for c in cases if " => ok" in c or " => error" in c]
        if turned:
            c = rng.choice(turned)
            if " => ok" in c:
                c = c.replace(" => ok", " => error", 1)
            else:
                # error -> ok, without the case's "error RULE" and "first
                # error RULE": with them the case contradicts itself, which
                # the compiler refuses before any test runs
                head, items = c.split(" => ", 1)
                items = [x for x in items.split(", ")[1:] if not re.match(r"(first )?error \S+$", x)]
                c = head + " => " + ", ".join(["ok"] + items)
            with open(tpath, "w") as f:
                f.write('test "turned" {\n    %s;\n}\n' % c)
            t = flagrule(["test", "-r", path, "-r", tpath])
            if t.returncode != 1 or "0 passed, 1 failed" not in t.stdout.decode():
                failures.append("seed %d (%s): a case turned around passed: %s\n%s" % (
                    seed, path, c, t.stdout.decode()[-1000:]))
    os.environ.pop("FLAGRULE_EVAL_MODE", None)
    for f in failures[:10]:
        print("FAIL " + f)
    print("%d rule sets (half with cycles), %d configs compared in 3 modes (%d oscillating), "
          "%d test cases, %d failures" % (sets, compared, oscillations, tests, len(failures)))
    if failures or args.keep:
        print("rule sets kept in " + top)
    else:
        shutil.rmtree(top)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
