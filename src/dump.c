/* dump.c — a readable dump of the IR (flagrule lint --dump-ir). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile.h"

void fr_sb_put(fr_strbuf *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (fr_vec_reserve((void **)&b->p, &b->cap, b->n + n + 1, 1) < 0) {
        b->oom = true;
        return;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = '\0';
}

void fr_sb_puts(fr_strbuf *b, const char *s)
{
    fr_sb_put(b, s, strlen(s));
}

void fr_sb_printf(fr_strbuf *b, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof tmp) {
        fr_sb_put(b, tmp, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) {
        b->oom = true;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    fr_sb_put(b, big, (size_t)n);
    free(big);
}

/* ---- values and expressions ---------------------------------------------- */

static void put_cstring(fr_strbuf *b, const char *s, size_t n)
{
    fr_sb_puts(b, "\"");
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '"':  fr_sb_puts(b, "\\\""); break;
        case '\\': fr_sb_puts(b, "\\\\"); break;
        case '\n': fr_sb_puts(b, "\\n"); break;
        case '\t': fr_sb_puts(b, "\\t"); break;
        case '\r': fr_sb_puts(b, "\\r"); break;
        default:
            if (c < 0x20 || c == 0x7f)
                fr_sb_printf(b, "\\x%02x", c);
            else
                fr_sb_put(b, (const char *)&s[i], 1);
        }
    }
    fr_sb_puts(b, "\"");
}

void fr_dump_val(fr_strbuf *b, const fr_ruleset *rs, fr_type t, fr_val v)
{
    if (v.is_null) {
        fr_sb_puts(b, "null");
        return;
    }
    switch (t.kind) {
    case FR_T_BOOL:
        fr_sb_puts(b, v.i ? "true" : "false");
        break;
    case FR_T_INT:
        fr_sb_printf(b, "%lld", (long long)v.i);
        break;
    case FR_T_STRING:
        put_cstring(b, v.s ? v.s : "", v.s ? (size_t)v.i : 0);
        break;
    case FR_T_ENUM:
        if (t.enum_id < rs->nenums && (uint64_t)v.i < rs->enums[t.enum_id].nvalues)
            fr_sb_puts(b, rs->enums[t.enum_id].values[v.i]);
        else
            fr_sb_printf(b, "<enum %u value %lld>", t.enum_id, (long long)v.i);
        break;
    default:
        fr_sb_puts(b, "null");
    }
}

/* Binding strength of a node, for parentheses. */
static int prec(uint8_t op)
{
    switch (op) {
    case FR_OP_OR:  return 1;
    case FR_OP_AND: return 2;
    case FR_OP_NOT: return 3;
    case FR_OP_EQ: case FR_OP_NE: case FR_OP_LT: case FR_OP_LE: case FR_OP_GT: case FR_OP_GE:
    case FR_OP_IN: case FR_OP_NOTIN: case FR_OP_MATCH:
        return 4;
    case FR_OP_ADD: case FR_OP_SUB: return 5;
    case FR_OP_MUL: case FR_OP_DIV: case FR_OP_MOD: return 6;
    case FR_OP_NEG: return 7;
    default: return 8;
    }
}

static void node_at(fr_strbuf *b, const fr_ruleset *rs, uint32_t n, int min);

static void set_text(fr_strbuf *b, const fr_ruleset *rs, const fr_set *set)
{
    fr_sb_puts(b, "{");
    bool first = true;
    if (set->type.kind == FR_T_ENUM) {
        const fr_enum *e = &rs->enums[set->type.enum_id];
        for (uint32_t i = 0, m = 0; i < e->nvalues; i++)
            if (set->bits ? set->bits[i / 64] & (1ull << (i % 64))
                          : m < set->n && (uint32_t)set->vals[m].i == i && ++m) {
                fr_sb_printf(b, "%s%s", first ? " " : ", ", e->values[i]);
                first = false;
            }
    } else {
        fr_type t = set->type;
        t.nullable = 0;
        for (uint32_t i = 0; i < set->n; i++) {
            fr_sb_puts(b, first ? " " : ", ");
            fr_dump_val(b, rs, t, set->vals[i]);
            first = false;
        }
    }
    if (set->has_null) {
        fr_sb_puts(b, first ? " null" : ", null");
        first = false;
    }
    fr_sb_puts(b, first ? "}" : " }");
}

static void node_at(fr_strbuf *b, const fr_ruleset *rs, uint32_t n, int min)
{
    if (n >= rs->nnodes) {
        fr_sb_puts(b, "?");
        return;
    }
    const fr_node *nd = &rs->nodes[n];
    int p = prec(nd->op);
    bool paren = p < min;
    if (paren)
        fr_sb_puts(b, "(");
    switch (nd->op) {
    case FR_OP_CONST:
        fr_dump_val(b, rs, rs->const_types[nd->a], rs->consts[nd->a]);
        break;
    case FR_OP_KEY:
        fr_sb_puts(b, rs->keys[nd->a].name);
        break;
    case FR_OP_INPUT:
        fr_sb_printf(b, "given(%s)", rs->keys[nd->a].name);
        break;
    case FR_OP_NOT:
        fr_sb_puts(b, "!");
        node_at(b, rs, nd->a, p);
        break;
    case FR_OP_NEG:
        fr_sb_puts(b, "-");
        node_at(b, rs, nd->a, p);
        break;
    case FR_OP_IN:
    case FR_OP_NOTIN:
        node_at(b, rs, nd->a, p + 1);
        fr_sb_puts(b, nd->op == FR_OP_IN ? " in " : " not in ");
        set_text(b, rs, &rs->sets[nd->b]);
        break;
    case FR_OP_MATCH: {
        const fr_regex *re = &rs->regexes[nd->b];
        node_at(b, rs, nd->a, p + 1);
        char fl[6];
        fr_regex_flag_text(re->flags, fl);
        fr_sb_puts(b, " ~ /");
        /* (control characters escaped: fr_ctl_escape) */
        const char *pat = re->pattern ? re->pattern : "";
        for (size_t i = 0, len = strlen(pat); i < len; i++) {
            char esc[12];
            size_t k = fr_ctl_escape(pat + i, len - i, strchr(fl, 'u') ? 2 : 1, esc);
            if (k) {
                fr_sb_puts(b, esc);
                i += k - 1;
            } else {
                fr_sb_put(b, pat + i, 1);
            }
        }
        fr_sb_printf(b, "/%s", fl);
        break;
    }
    default:
        /* binary; comparisons are not associative, the others are left */
        node_at(b, rs, nd->a, p == 4 ? p + 1 : p);
        fr_sb_printf(b, " %s ", fr_op_text((fr_op)nd->op));
        node_at(b, rs, nd->b, p + 1);
        break;
    }
    if (paren)
        fr_sb_puts(b, ")");
}

void fr_dump_node(fr_strbuf *b, const fr_ruleset *rs, uint32_t node)
{
    node_at(b, rs, node, 0);
}

/* ---- the dump ------------------------------------------------------------------ */

static const char *kind_word(uint8_t k)
{
    return k == FR_KEY_ENV ? "env" : k == FR_KEY_FACT ? "fact" : "flag";
}

static void type_text(fr_strbuf *b, const fr_ruleset *rs, fr_type t)
{
    switch (t.kind) {
    case FR_T_BOOL:   fr_sb_puts(b, "bool"); break;
    case FR_T_INT:    fr_sb_puts(b, "int"); break;
    case FR_T_STRING: fr_sb_puts(b, "string"); break;
    case FR_T_ENUM: {
        const fr_enum *e = &rs->enums[t.enum_id];
        fr_sb_puts(b, "enum {");
        for (uint32_t i = 0; i < e->nvalues; i++)
            fr_sb_printf(b, "%s%s", i ? ", " : " ", e->values[i]);
        fr_sb_puts(b, " }");
        break;
    }
    default: fr_sb_puts(b, "null");
    }
    if (t.nullable)
        fr_sb_puts(b, "?");
}

static void where(fr_strbuf *b, const fr_ruleset *rs, fr_span sp)
{
    fr_loc l = fr_sources_loc(rs->sources, sp);
    if (l.file)
        fr_sb_printf(b, "%s:%u", l.file, l.line);
}

static void template_text(fr_strbuf *b, const fr_ruleset *rs, const fr_template *t)
{
    fr_sb_puts(b, "\"");
    for (uint32_t i = 0; i < t->nsegs; i++) {
        const fr_seg *s = &t->segs[i];
        if (s->kind == FR_SEG_TEXT) {
            for (uint32_t j = 0; j < s->len; j++) {
                char c = s->text[j];
                if (c == '{' || c == '}')
                    fr_sb_put(b, &c, 1);
                if (c == '"' || c == '\\')
                    fr_sb_puts(b, "\\");
                if (c == '\n')
                    fr_sb_puts(b, "\\n");
                else
                    fr_sb_put(b, &c, 1);
            }
        } else {
            fr_sb_printf(b, s->kind == FR_SEG_INPUT ? "{given(%s)%s}" : "{%s%s}", rs->keys[s->key].name,
                         s->repr ? "!r" : "");
        }
    }
    fr_sb_puts(b, "\"");
}

static const char *rule_kind(uint8_t k)
{
    switch (k) {
    case FR_RULE_ERROR:   return "error";
    case FR_RULE_WARN:    return "warn";
    case FR_RULE_INFO:    return "info";
    case FR_RULE_REQUIRE: return "require";
    default:              return "declare";
    }
}

static void dump_keys(fr_strbuf *b, const fr_ruleset *rs)
{
    fr_sb_printf(b, "# keys (%u)\n", rs->nkeys);
    for (uint32_t i = 0; i < rs->nkeys; i++) {
        const fr_key *k = &rs->keys[i];
        fr_sb_printf(b, "%u: %s %s : ", i, kind_word(k->kind), k->name);
        if (k->is_switch)
            fr_sb_puts(b, "switch");
        else
            type_text(b, rs, k->type);
        fr_sb_puts(b, " = ");
        fr_dump_val(b, rs, k->type, k->def);
        if (k->ncli) {
            fr_sb_puts(b, "  cli");
            for (uint32_t j = 0; j < k->ncli; j++) {
                fr_sb_printf(b, "%s %s", j ? "," : "", k->cli[j]);
                if (k->cli_const && k->cli_const[j]) {
                    fr_sb_puts(b, " = ");
                    fr_dump_val(b, rs, k->type, k->cli_val[j]);
                }
            }
        }
        if (k->nnulls) {
            fr_sb_puts(b, "  null");
            for (uint32_t j = 0; j < k->nnulls; j++)
                fr_sb_printf(b, "%s \"%s\"", j ? "," : "", k->nulls[j]);
        }
        fr_sb_printf(b, "  declarers %u, readers %u\n", k->ndeclarers, k->nreaders);
    }
    if (rs->naliases) {
        fr_sb_printf(b, "\n# aliases (%u)\n", rs->naliases);
        for (uint32_t i = 0; i < rs->naliases; i++)
            fr_sb_printf(b, "alias %s = %s\n", rs->alias_names[i],
                         rs->alias_keys[i] < rs->nkeys ? rs->keys[rs->alias_keys[i]].name : "?");
    }
}

static void dump_rule(fr_strbuf *b, const fr_ruleset *rs, uint32_t r)
{
    const fr_rule *ru = &rs->rules[r];
    fr_sb_printf(b, "%u: rule %s (%s%s) ", r, ru->name, rule_kind(ru->kind), ru->named ? "" : ", unnamed");
    where(b, rs, ru->loc);
    fr_sb_puts(b, "\n    when ");
    fr_dump_node(b, rs, ru->cond);
    fr_sb_puts(b, "\n");
    switch (ru->kind) {
    case FR_RULE_REQUIRE:
        fr_sb_puts(b, "    require ");
        fr_dump_node(b, rs, ru->req);
        fr_sb_puts(b, "\n    else ");
        template_text(b, rs, &ru->msg);
        fr_sb_puts(b, "\n");
        break;
    case FR_RULE_DECLARE:
        for (uint32_t i = 0; i < ru->nitems; i++) {
            fr_sb_printf(b, "    declare %s = ", rs->keys[ru->items[i].key].name);
            fr_dump_node(b, rs, ru->items[i].value);
            fr_sb_puts(b, "\n");
        }
        for (uint32_t i = 0; i < ru->nattached; i++) {
            fr_sb_puts(b, ru->attached[i].severity == FR_SEV_INFO ? "    info " : "    warn ");
            template_text(b, rs, &ru->attached[i].msg);
            fr_sb_puts(b, "\n");
        }
        break;
    default:
        fr_sb_printf(b, "    %s ", rule_kind(ru->kind));
        template_text(b, rs, &ru->msg);
        fr_sb_puts(b, "\n");
    }
    if (ru->nreads) {
        fr_sb_puts(b, "    reads");
        for (uint32_t i = 0; i < ru->nreads; i++)
            fr_sb_printf(b, "%s %s", i ? "," : "", rs->keys[ru->reads[i]].name);
        fr_sb_puts(b, "\n");
    }
    if (ru->doc)
        fr_sb_printf(b, "    doc: %s%u solution(s), %u situation(s), %u see\n",
                     ru->doc->summary ? "summary, " : "", ru->doc->nsolutions, ru->doc->nsituations,
                     ru->doc->nsee);
}

static void dump_plan(fr_strbuf *b, const fr_ruleset *rs)
{
    fr_sb_printf(b, "\n# plan: %u group(s) of declare rules, in evaluation order\n", rs->ngroups);
    for (uint32_t g = 0; g < rs->ngroups; g++) {
        const fr_group *gr = &rs->groups[g];
        fr_sb_printf(b, "group %u%s:", g, gr->cyclic ? " (cyclic)" : "");
        for (uint32_t i = 0; i < gr->n; i++)
            fr_sb_printf(b, " %s", rs->rules[rs->plan_rules[gr->first + i]].name);
        fr_sb_puts(b, "\n");
    }
    fr_sb_printf(b, "checks (%u):", rs->ncheck_rules);
    for (uint32_t i = 0; i < rs->ncheck_rules; i++)
        fr_sb_printf(b, " %s", rs->rules[rs->check_rules[i]].name);
    fr_sb_printf(b, "\nmax depth: %u\n", rs->max_depth);
}

char *fr_ruleset_dump(const fr_ruleset *rs)
{
    fr_strbuf b = { NULL, 0, 0, false };
    if (!rs)
        return NULL;
    dump_keys(&b, rs);
    fr_sb_printf(&b, "\n# rules (%u)\n", rs->nrules);
    for (uint32_t r = 0; r < rs->nrules; r++)
        dump_rule(&b, rs, r);
    dump_plan(&b, rs);
    if (rs->ntests) {
        fr_sb_printf(&b, "\n# tests (%u)\n", rs->ntests);
        for (uint32_t t = 0; t < rs->ntests; t++)
            fr_sb_printf(&b, "test \"%s\": %u case(s)\n", rs->tests[t].name, rs->tests[t].ncases);
    }
    fr_sb_printf(&b, "\n# %u nodes, %u constants, %u sets, %u regexes, %u cli spellings\n", rs->nnodes,
                 rs->nconsts, rs->nsets, rs->nregexes, rs->nclinames);
    if (b.oom) {
        free(b.p);
        return NULL;
    }
    return b.p ? b.p : strdup("");
}
