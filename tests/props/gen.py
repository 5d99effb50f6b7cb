"""gen.py — random rule sets and configs for the property tests.

Everything is driven by a random.Random(seed), so a failing seed is a
reproducer: `python3 tests/props/order.py --seed N --keep` writes the rule
files and configs of seed N to a directory and prints it.

A generated rule set has 3-9 keys (flag/env/fact; bool, int, string, enum;
some nullable) and 5-40 named rules: error/warn/info/require checks and
declare rules whose conditions use every operator of the language (=, !=,
orderings, arithmetic with possible division by zero, in/not in, ~, &, |, !,
given(), null).  Declarations may form cycles, conflicts and oscillations
unless `stratified` (declares only read keys declared earlier) or
`roundtrip` (declares only rewrite a key's own `auto`-like value).
"""
import random
import re

ENUM_POOL = ["auto", "a", "b", "c", "low_latency", "normal", "x-y", "none"]
STRINGS = ["", "foo", "bar", "a b", "it's", "q\"uote", "caf\u00e9", "back\\slash"]


class Key:
    def __init__(self, name, kind, typ, nullable, values=None):
        self.name, self.kind, self.typ, self.nullable = name, kind, typ, nullable
        self.values = values          # enum values
        self.default = None
        # (enrich_keys) a flag's cli clause: its spellings, those that give a
        # constant (spelling -> literal), its null words; a switch
        self.spellings = None
        self.consts = {}
        self.nullwords = []
        self.switch = False

    @property
    def cli(self):
        return "--" + self.name.replace("_", "-")

    def literal(self, rng, allow_null=True):
        """A literal of this key's type, as rule text."""
        if self.nullable and allow_null and rng.random() < 0.15:
            return "null"
        if self.typ == "bool":
            return rng.choice(["true", "false"])
        if self.typ == "int":
            return str(rng.choice([0, 1, 2, 3, 4, 8, -1, 100]))
        if self.typ == "string":
            return '"' + rng.choice(STRINGS).replace("\\", "\\\\").replace('"', '\\"') + '"'
        return rng.choice(self.values)

    def type_text(self):
        if self.switch:
            return "switch"
        t = self.typ
        if t == "enum":
            t = "enum { " + ", ".join(self.values) + " }"
        return t + ("?" if self.nullable else "")


def gen_keys(rng, roundtrip=False, nkeys=None):
    keys = []
    n = rng.randint(3, 9) if nkeys is None else nkeys
    for i in range(n):
        typ = rng.choice(["bool", "int", "int", "enum", "enum", "string"])
        kind = rng.choice(["flag"] * 5 + ["env", "fact"])
        name = ("k%d_%s" % (i, typ)) if kind == "flag" else ("K%d_%s" % (i, typ.upper()))
        values = None
        if typ == "enum":
            values = ["auto"] + rng.sample(ENUM_POOL[1:], rng.randint(1, 4))
        k = Key(name, kind, typ, rng.random() < 0.25, values)
        k.default = "auto" if (typ == "enum" and (roundtrip or rng.random() < 0.5)) else \
            k.literal(rng, allow_null=True)
        keys.append(k)
    return keys


def gen_expr_int(rng, keys, depth, allow_given=True):
    ints = [k for k in keys if k.typ == "int"]
    r = rng.random()
    if depth <= 0 or r < 0.4 or not ints:
        if ints and rng.random() < 0.7:
            k = rng.choice(ints)
            if allow_given and rng.random() < 0.15:
                return "given(%s)" % k.name
            return k.name
        return str(rng.choice([0, 1, 2, 3, 7, 100]))
    op = rng.choice(["+", "-", "*", "/", "%"])
    e = "%s %s %s" % (gen_expr_int(rng, keys, depth - 1, allow_given), op,
                      gen_expr_int(rng, keys, depth - 1, allow_given))
    return "(" + e + ")" if rng.random() < 0.5 else e


def gen_atom(rng, keys, depth, allow_given=True):
    k = rng.choice(keys)
    ref = k.name
    if allow_given and rng.random() < 0.1:
        ref = "given(%s)" % k.name
    if k.typ == "bool":
        c = rng.random()
        if c < 0.5:
            return ref
        return "%s %s %s" % (ref, rng.choice(["=", "!="]), k.literal(rng))
    if k.typ == "int":
        op = rng.choice(["=", "!=", "<", "<=", ">", ">="])
        if k.nullable and op in ("=", "!=") and rng.random() < 0.2:
            return "%s %s null" % (ref, op)
        if rng.random() < 0.2:
            members = sorted({rng.choice([0, 1, 2, 3, 4, 8]) for _ in range(3)})
            return "%s %s { %s }" % (ref, rng.choice(["in", "not in"]), ", ".join(map(str, members)))
        return "%s %s %s" % (gen_expr_int(rng, keys, 1, allow_given), op,
                             gen_expr_int(rng, keys, 1, allow_given))
    if k.typ == "string":
        c = rng.random()
        if c < 0.3:
            pat = rng.choice(["^f", "o+$", "a b", "[ae]", "^$", "\u00e9", "\\\\"])
            return "%s ~ /%s/%s" % (ref, pat, rng.choice(["", "i"]))
        return "%s %s %s" % (ref, rng.choice(["=", "!="]), k.literal(rng))
    # enum
    same = [j for j in keys if j.typ == "enum" and j.values == k.values and j is not k]
    if same and rng.random() < 0.2:
        return "%s %s %s" % (ref, rng.choice(["=", "!="]), rng.choice(same).name)
    if rng.random() < 0.3:
        members = sorted(set(rng.sample(k.values, rng.randint(1, len(k.values)))))
        if k.nullable and rng.random() < 0.3:
            members.append("null")
        return "%s %s { %s }" % (ref, rng.choice(["in", "not in"]), ", ".join(members))
    return "%s %s %s" % (ref, rng.choice(["=", "!="]), k.literal(rng))


def gen_cond(rng, keys, depth=2, allow_given=True):
    r = rng.random()
    if depth <= 0 or r < 0.45:
        return gen_atom(rng, keys, depth, allow_given)
    if r < 0.55:
        return "!(" + gen_cond(rng, keys, depth - 1, allow_given) + ")"
    op = rng.choice(["&", "&", "|"])
    return "(%s %s %s)" % (gen_cond(rng, keys, depth - 1, allow_given), op,
                           gen_cond(rng, keys, depth - 1, allow_given))


def gen_message(rng, keys, allow_given=True):
    parts = [rng.choice(["bad", "note", "value", "odd \\\"quoted\\\" 'text'", "{{braces}}"])]
    for _ in range(rng.randint(0, 3)):
        k = rng.choice(keys)
        ref = "given(%s)" % k.name if allow_given and rng.random() < 0.2 else k.name
        parts.append("%s={%s%s}" % (k.name, ref, rng.choice(["", "!r"])))
    return '"' + " ".join(parts) + '"'


def enum_keys_in(text, keys):
    """The enum keys a condition's text names (given() included)."""
    names = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))
    return [k for k in keys if k.typ == "enum" and k.name in names]


def rich_declare(rng, keys, cond):
    """A declare of several items, or of a bare enum value (gen_rules, rich):
    the action's text, or None when the condition allows neither."""
    targets = [k for k in keys if k.kind != "fact"]
    if rng.random() < 0.5:
        # a bare value: of exactly one enum key of the condition
        cands = []
        named = enum_keys_in(cond, keys)
        for k in named:
            if k.kind == "fact":
                continue
            others = {v for j in named if j is not k for v in j.values}
            cands += [(k, v) for v in k.values if v not in others]
        if cands:
            k, v = rng.choice(cands)
            return "declare %s" % v
        return None
    if len(targets) < 2:
        return None
    items = []
    for k in rng.sample(targets, rng.randint(2, min(3, len(targets)))):
        if k.typ == "int" and rng.random() < 0.4:
            items.append("%s = %s" % (k.name, gen_expr_int(rng, [j for j in keys if j is not k] or keys, 1)))
        else:
            items.append("%s = %s" % (k.name, k.literal(rng)))
    return "declare " + ", ".join(items)


def gen_rules(rng, keys, roundtrip=False, stratified=False, rich=False, nrules=None):
    rules = []
    n = rng.randint(5, 40) if nrules is None else nrules
    order = list(keys)
    rng.shuffle(order)
    rank = {k.name: i for i, k in enumerate(order)}
    for i in range(n):
        name = "r%d" % i
        c = rng.random()
        if c < 0.4:
            # declare
            if roundtrip:
                autos = [k for k in keys if k.typ == "enum" and "auto" in k.values and k.kind != "fact"]
                if not autos:
                    continue
                k = rng.choice(autos)
                v = rng.choice([x for x in k.values if x != "auto"])
                cond = "%s = auto" % k.name
                if rng.random() < 0.7:
                    cond += " & " + gen_cond(rng, keys, 1, allow_given=False)
                text = "%s -> declare %s = %s" % (cond, k.name, v)
            else:
                targets = [k for k in keys if k.kind != "fact"]   # facts cannot be declared
                if not targets:
                    continue
                k = rng.choice(targets)
                readable = keys
                if stratified:
                    readable = [j for j in keys if rank[j.name] < rank[k.name]] or [k]
                cond = gen_cond(rng, readable, 2)
                action = rich_declare(rng, keys, cond) if rich and not stratified and rng.random() < 0.4 else None
                if action:
                    text = "%s -> %s" % (cond, action)
                elif k.typ == "int" and rng.random() < 0.4:
                    val = gen_expr_int(rng, [j for j in readable if j is not k] or readable, 1)
                else:
                    val = k.literal(rng)
                if not action:
                    text = "%s -> declare %s = %s" % (cond, k.name, val)
            if rng.random() < 0.2:
                text += " %s %s" % (rng.choice(["warn", "info"]), gen_message(rng, keys, not roundtrip))
        elif roundtrip and c < 0.85:
            # few errors, so that many configs check ok and get round-tripped
            text = "%s -> %s %s" % (gen_cond(rng, keys, 2, False), rng.choice(["warn", "info"]),
                                    gen_message(rng, keys, False))
        elif roundtrip:
            text = "(%s) & (%s) -> error %s" % (gen_cond(rng, keys, 1, False),
                                                gen_cond(rng, keys, 1, False),
                                                gen_message(rng, keys, False))
        elif c < 0.55:
            text = "%s -> require %s else %s" % (gen_cond(rng, keys, 1, not roundtrip),
                                                 gen_cond(rng, keys, 1, not roundtrip),
                                                 gen_message(rng, keys, not roundtrip))
        else:
            sev = rng.choice(["error", "error", "warn", "info"])
            text = "%s -> %s %s" % (gen_cond(rng, keys, 2, not roundtrip), sev,
                                    gen_message(rng, keys, not roundtrip))
        rules.append((name, "rule %s: %s;" % (name, text)))
    return rules


def gen_ruleset(rng, roundtrip=False, stratified=False):
    keys = gen_keys(rng, roundtrip)
    return keys, gen_rules(rng, keys, roundtrip, stratified)


def enrich_keys(rng, keys):
    """Some flags become switches, some get a cli clause: a second spelling,
    a spelling that gives a constant, null words (flagrule-rules(5),
    DECLARATIONS)."""
    for k in keys:
        if k.kind != "flag":
            continue
        if k.typ == "bool" and not k.nullable and rng.random() < 0.3:
            k.switch = True
            k.default = "false"
            continue
        if rng.random() < 0.4:
            k.spellings = [k.cli, k.cli + "-alt"]
            if k.typ != "string" and rng.random() < 0.7:
                k.consts[k.cli + "-set"] = k.literal(rng)
            if k.nullable and k.typ != "string" and rng.random() < 0.7:
                k.nullwords = rng.sample(["nil", "unset"], rng.randint(1, 2))


def decl_text(k):
    cli = ""
    if k.spellings:
        cli = " cli " + ", ".join(['"%s"' % sp for sp in k.spellings] +
                                  ['"%s" = %s' % (sp, v) for sp, v in k.consts.items()])
        if k.nullwords:
            cli += " null " + ", ".join('"%s"' % w for w in k.nullwords)
    return "%s %s : %s = %s%s;" % (k.kind, k.name, k.type_text(), k.default, cli)


def config_value(rng, k):
    """A config word value for k (sometimes invalid)."""
    r = rng.random()
    if r < 0.03:
        return "not-a-value"
    if k.nullable and r < 0.1:
        return "null"
    if k.typ == "bool":
        return rng.choice(["true", "false", "1", "0"])
    if k.typ == "int":
        return str(rng.choice([0, 1, 2, 3, 4, 8, -1, 100, 7]))
    if k.typ == "string":
        return rng.choice(STRINGS)
    return rng.choice(k.values)


def shell_quote(s):
    if s and all(ch.isalnum() or ch in "-_=./:," for ch in s):
        return s
    return "'" + s.replace("'", "'\\''") + "'"


def gen_config(rng, keys, most=None):
    words = []
    for k in rng.sample(keys, rng.randint(0, len(keys) if most is None else min(most, len(keys)))):
        v = config_value(rng, k)
        if k.switch:
            # (a switch takes no value: --flag=VALUE is invalid)
            words.append(k.cli if rng.random() < 0.95 else k.cli + "=" + rng.choice(["true", "1"]))
            continue
        if k.spellings:
            r = rng.random()
            if k.consts and r < 0.25:
                words.append(rng.choice(list(k.consts)))
                continue
            if k.nullwords and r < 0.45:
                v = rng.choice(k.nullwords)
            sp = rng.choice(k.spellings)
            if k.typ == "bool" and v == "true" and rng.random() < 0.5:
                words.append(sp)
            elif rng.random() < 0.5:
                words.append(shell_quote(sp + "=" + v))
            else:
                words += [sp, shell_quote(v)]
            continue
        if k.kind == "flag":
            if k.typ == "bool" and v == "true" and rng.random() < 0.5:
                words.append(k.cli)
            elif rng.random() < 0.5:
                words.append(shell_quote(k.cli + "=" + v))
            else:
                words += [k.cli, shell_quote(v)]
        else:
            words.append(shell_quote(k.name + "=" + v))
    if rng.random() < 0.02:
        words.append("--no-such-flag")
    return " ".join(words)


def split_files(rng, decls, rules, nfiles):
    """Distributes declarations and rules over nfiles lists, in random order."""
    files = [[] for _ in range(nfiles)]
    for item in decls + [t for _, t in rules]:
        files[rng.randrange(nfiles)].append(item)
    for f in files:
        rng.shuffle(f)
    return files
