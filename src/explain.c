/* explain.c — why a key has its value in the last result, and why a rule
 * did not fire.  Text for humans (flagrule explain). */
#include <stdlib.h>
#include <string.h>

#include "eval.h"

#define XDEPTH 24   /* nesting of the explanation of declared keys */

typedef struct xctx {
    fr_eval  *ev;
    fr_buf    b;
    uint8_t  *seen;      /* keys already explained */
} xctx;

static void indent(fr_buf *b, int depth)
{
    for (int i = 0; i < depth; i++)
        fr_buf_puts(b, "  ");
}

/* An expression's text on one line, as parsed: comments dropped, runs of
 * whitespace one space (conditions may span lines). */
static void src_text(fr_buf *b, const fr_ruleset *rs, fr_span sp)
{
    size_t n;
    const char *t = fr_span_text(rs, sp, &n);
    if (!t) {
        fr_buf_puts(b, "?");
        return;
    }
    fr_src_oneline(b, t, n);
}

static void key_origin(fr_buf *b, fr_eval *ev, uint32_t k)
{
    if (ev->decl_by[k] >= 0) {
        fr_buf_printf(b, "declared by rule '%s' (", ev->rs->rules[ev->decl_by[k]].name);
        fr_rule_where(b, ev->rs, (uint32_t)ev->decl_by[k]);
        fr_buf_puts(b, ")");
    } else if (ev->given[k] == 1)
        fr_buf_puts(b, "given by the config");
    else if (ev->given[k] == 2)
        fr_buf_puts(b, "from the environment");
    else
        fr_buf_puts(b, "the default");
}

static void input_origin(fr_buf *b, fr_eval *ev, uint32_t k)
{
    if (ev->given[k] == 1)
        fr_buf_puts(b, "given by the config");
    else if (ev->given[k] == 2)
        fr_buf_puts(b, "from the environment");
    else
        fr_buf_puts(b, "the default");
}

/* The terms of a condition: its top-level conjuncts (or disjuncts). */
static void terms(xctx *x, uint32_t r, uint32_t n, int depth, int op)
{
    const fr_ruleset *rs = x->ev->rs;
    const fr_node *nd = &rs->nodes[n];
    if (nd->op == op) {
        terms(x, r, nd->a, depth, op);
        terms(x, r, nd->b, depth, op);
        return;
    }
    fr_val v;
    int rc = fr_eval_node(x->ev, n, &v);
    indent(&x->b, depth);
    src_text(&x->b, rs, fr_node_span(rs, r, n));
    if (rc)
        fr_buf_printf(&x->b, "  -> %s\n", fr_rt_text(rc));
    else
        fr_buf_printf(&x->b, "  -> %s\n", (!v.is_null && v.i) ? "true" : "false");
}

/* (cond: a node of rule r) */
static void cond_terms(xctx *x, uint32_t r, uint32_t cond, int depth)
{
    const fr_node *nd = &x->ev->rs->nodes[cond];
    if (nd->op == FR_OP_AND || nd->op == FR_OP_OR)
        terms(x, r, cond, depth, nd->op);
    else
        terms(x, r, cond, depth, -1);
}

/* Whether one of the terms terms() shows fails (op: as there). */
static int term_fails(fr_eval *ev, uint32_t n, int op)
{
    const fr_node *nd = &ev->rs->nodes[n];
    if (nd->op == op)
        return term_fails(ev, nd->a, op) || term_fails(ev, nd->b, op);
    fr_val v;
    return fr_eval_node(ev, n, &v) != 0;
}

/* Whether one of the terms cond_terms() shows for cond fails. */
static int term_failed(xctx *x, uint32_t cond)
{
    const fr_node *nd = &x->ev->rs->nodes[cond];
    return term_fails(x->ev, cond, nd->op == FR_OP_AND || nd->op == FR_OP_OR ? nd->op : -1);
}

/* The keys a condition reads, each once, in order of reading: slot 2k is
 * key k, 2k + 1 given(k).  All of them (no cap): the key that made a rule
 * fire may be the last one read. */
typedef struct readset {
    uint32_t *slots;
    uint32_t  n, cap;
    uint8_t  *mark;      /* per slot: listed already */
    int       oom;
} readset;

static void collect_reads(const fr_ruleset *rs, uint32_t n, readset *s)
{
    const fr_node *nd = &rs->nodes[n];
    switch ((fr_op)nd->op) {
    case FR_OP_CONST:
        return;
    case FR_OP_KEY:
    case FR_OP_INPUT: {
        uint32_t slot = 2 * nd->a + (nd->op == FR_OP_INPUT);
        if (s->mark[slot])
            return;
        if (s->n == s->cap) {
            uint32_t cap = s->cap ? 2 * s->cap : 16;
            uint32_t *p = realloc(s->slots, cap * sizeof *p);
            if (!p) {
                s->oom = 1;
                return;
            }
            s->slots = p;
            s->cap = cap;
        }
        s->mark[slot] = 1;
        s->slots[s->n++] = slot;
        return;
    }
    case FR_OP_IN:
    case FR_OP_NOTIN:
    case FR_OP_MATCH:
    case FR_OP_NOT:
    case FR_OP_NEG:
        collect_reads(rs, nd->a, s);
        return;
    default:
        collect_reads(rs, nd->a, s);
        collect_reads(rs, nd->b, s);
        return;
    }
}

static void explain_key_rec(xctx *x, uint32_t k, int depth);

/* "KEY = VALUE  (where it comes from)" (input: "given(KEY) = ", the input
 * value) at depth; an env value of the wrong type, the default read
 * instead: "the default", and its warning[input] line under it. */
static void key_line(xctx *x, uint32_t k, int input, int depth)
{
    const fr_key *key = &x->ev->rs->keys[k];
    indent(&x->b, depth);
    fr_buf_printf(&x->b, input ? "given(%s) = " : "%s = ", key->name);
    fr_val_repr(&x->b, x->ev->rs, key->type, input ? x->ev->input[k] : x->ev->res[k]);
    fr_buf_puts(&x->b, "  (");
    fr_buf fb = { 0 };
    bool fallback = fr_eval_env_fallback_text(x->ev, k, &fb) && !fb.oom && fb.len;
    if (fallback && (input || x->ev->decl_by[k] < 0))
        fr_buf_puts(&x->b, "the default");
    else if (input)
        input_origin(&x->b, x->ev, k);
    else
        key_origin(&x->b, x->ev, k);
    fr_buf_puts(&x->b, ")\n");
    if (fallback) {
        indent(&x->b, depth + 1);
        fr_buf_puts(&x->b, "warning[input]: ");
        fr_buf_put(&x->b, fb.p, fb.len);
        fr_buf_puts(&x->b, "\n");
    }
    if (fb.oom)
        x->b.oom = 1;
    fr_buf_free(&fb);
}

static void reads_of(xctx *x, uint32_t cond, uint32_t req, int depth, int recurse)
{
    const fr_ruleset *rs = x->ev->rs;
    readset s = { NULL, 0, 0, calloc(2 * (size_t)rs->nkeys + 1, 1), 0 };
    if (s.mark) {
        collect_reads(rs, cond, &s);
        if (req != UINT32_MAX)
            collect_reads(rs, req, &s);
    }
    int oom = !s.mark || s.oom;
    free(s.mark);
    if (oom) {
        free(s.slots);
        x->b.oom = 1;   /* (fr_buf_take returns NULL: out of memory) */
        return;
    }
    for (uint32_t i = 0; i < s.n; i++) {
        uint32_t k = s.slots[i] / 2;
        int input = s.slots[i] & 1;
        const fr_key *key = &rs->keys[k];
        key_line(x, k, input, depth);
        if (recurse && !input && x->ev->decl_by[k] >= 0 && !x->seen[k]) {
            if (depth >= XDEPTH) {
                /* long chains are cut: each key can be explained on its own */
                indent(&x->b, depth + 1);
                fr_buf_printf(&x->b, "... (flagrule explain %s goes on from here)\n", key->name);
                x->seen[k] = 1;
                continue;
            }
            explain_key_rec(x, k, depth + 1);
        }
    }
    free(s.slots);
}

/* Whether key k is one of an oscillating group's (osc_note). */
static bool key_oscillates(const fr_eval *ev, uint32_t k)
{
    const struct fr_evindex *ix = ev->ix;
    for (uint32_t i = 0; i < ev->noscs; i++)
        for (uint32_t j = ix->gk_off[ev->oscs[i].group]; j < ix->gk_off[ev->oscs[i].group + 1]; j++)
            if (ix->gk_keys[j] == k)
                return true;
    return false;
}

static void explain_key_rec(xctx *x, uint32_t k, int depth)
{
    fr_eval *ev = x->ev;
    const fr_ruleset *rs = ev->rs;
    x->seen[k] = 1;
    int32_t r = ev->decl_by[k];
    if (r < 0)
        return;
    const fr_rule *ru = &rs->rules[r];
    indent(&x->b, depth);
    fr_buf_printf(&x->b, "rule '%s' (", ru->name);
    fr_rule_where(&x->b, rs, (uint32_t)r);
    fr_buf_puts(&x->b, ") declares ");
    fr_buf_puts(&x->b, rs->keys[k].name);
    fr_buf_puts(&x->b, " = ");
    fr_val_repr(&x->b, rs, rs->keys[k].type, ev->res[k]);
    /* the value's expression, when it is not a constant: its reads too */
    uint32_t val = UINT32_MAX;
    for (uint32_t j = 0; j < ru->nitems; j++)
        if (ru->items[j].key == k && rs->nodes[ru->items[j].value].op != FR_OP_CONST)
            val = ru->items[j].value;
    if (val != UINT32_MAX) {
        fr_buf_puts(&x->b, " (");
        src_text(&x->b, rs, fr_node_span(rs, (uint32_t)r, val));
        fr_buf_puts(&x->b, ")");
    }
    if (key_oscillates(ev, k)) {
        /* the value is the last round's, computed from the state before
         * it; the condition and the reads below are of the state left,
         * which the next round would change: no "because" */
        fr_buf_puts(&x->b, " from the state before the last round (the cycle never settles);\n");
        indent(&x->b, depth);
        fr_buf_puts(&x->b, "in the state left, which the next round changes:\n");
    } else {
        fr_buf_puts(&x->b, " because\n");
    }
    cond_terms(x, (uint32_t)r, ru->cond, depth + 1);
    indent(&x->b, depth);
    fr_buf_puts(&x->b, "reading\n");
    reads_of(x, ru->cond, val, depth + 1, 1);
}

/* When the rules declaring k oscillate, says so: the value shown is only
 * the state in which the oscillation was found. */
static void osc_note(fr_buf *b, fr_eval *ev, uint32_t k)
{
    const struct fr_evindex *ix = ev->ix;
    const fr_ruleset *rs = ev->rs;
    for (uint32_t i = 0; i < ev->noscs; i++) {
        const fr_osc *o = &ev->oscs[i];
        int in = 0;
        for (uint32_t j = ix->gk_off[o->group]; j < ix->gk_off[o->group + 1] && !in; j++)
            in = ix->gk_keys[j] == k;
        if (!in)
            continue;
        fr_buf_printf(b, "  %s oscillates: the rules declaring it never settle (error of rule '%s'), so this\n"
                         "  is only the state in which the oscillation was found; the rules involved:\n",
                      rs->keys[k].name, rs->rules[ev->osc_rules[o->first]].name);
        for (uint32_t j = 0; j < o->n; j++) {
            uint32_t r = ev->osc_rules[o->first + j];
            fr_buf_printf(b, "    rule '%s' (", rs->rules[r].name);
            fr_rule_where(b, rs, r);
            fr_buf_puts(b, ")\n");
        }
    }
}

char *fr_explain_key(fr_eval *ev, size_t k)
{
    if (!ev || k >= ev->rs->nkeys)
        return NULL;
    const fr_ruleset *rs = ev->rs;
    xctx x = { ev, { 0 }, NULL };
    x.seen = calloc(rs->nkeys ? rs->nkeys : 1, 1);
    if (!x.seen)
        return NULL;
    const fr_key *key = &rs->keys[k];
    if (ev->status == FR_STATUS_INVALID) {
        const char *why = fr_eval_invalid_reason(ev);
        free(x.seen);
        if (!why) {
            fr_buf_free(&x.b);
            return NULL;
        }
        fr_buf_printf(&x.b, "the config is invalid: %s\n", why);
        return fr_buf_take(&x.b);
    }
    key_line(&x, (uint32_t)k, 0, 0);
    osc_note(&x.b, ev, (uint32_t)k);
    if (ev->decl_by[k] >= 0) {
        if (ev->given[k]) {
            fr_buf_puts(&x.b, "  input: ");
            fr_val_repr(&x.b, rs, key->type, ev->input[k]);
            fr_buf_puts(&x.b, "  (");
            input_origin(&x.b, ev, (uint32_t)k);
            fr_buf_puts(&x.b, ")\n");
        }
        explain_key_rec(&x, (uint32_t)k, 1);
        if (ev->conf_a[k] >= 0) {
            /* conf_a: the first enabled declarer, conf_b: the first that
             * disagrees with it; decl_by, the first rule declaring the
             * value kept, is one of them or declares a third value */
            int32_t other = ev->decl_by[k] == ev->conf_a[k] ? ev->conf_b[k] : ev->conf_a[k];
            fr_buf_printf(&x.b, "  conflict: rule '%s' declares another value\n", rs->rules[other].name);
        }
    } else {
        /* rules that could declare it, and why they did not */
        const struct fr_evindex *ix = ev->ix;
        for (uint32_t i = ix->kd_off[k]; i < ix->kd_off[k + 1]; i++) {
            uint32_t r = ix->kd_rule[i];
            fr_buf_printf(&x.b, "  rule '%s' (", rs->rules[r].name);
            fr_rule_where(&x.b, rs, r);
            fr_val cv;
            int crc = fr_eval_node(ev, rs->rules[r].cond, &cv);
            if (fr_rule_rt(ev, r))
                fr_buf_printf(&x.b, ") could declare it but failed: %s\n", fr_rt_text(fr_rule_rt(ev, r)));
            else if (!crc && !cv.is_null && cv.i)
                /* only in a state that is not a fixed point (an oscillation) */
                fr_buf_puts(&x.b, ") could declare it: its condition holds in this state, but not in the "
                                  "round that produced it (the rules oscillate):\n");
            else if (term_failed(&x, rs->rules[r].cond))
                fr_buf_puts(&x.b, ") could declare it, but its condition is false (a term could not be\n"
                                  "  evaluated, but '&' is false when either side is false, even if the"
                                  " other fails):\n");
            else
                fr_buf_puts(&x.b, ") could declare it, but its condition is false:\n");
            cond_terms(&x, r, rs->rules[r].cond, 2);
        }
    }
    free(x.seen);
    return fr_buf_take(&x.b);
}

static int fired(const fr_eval *ev, uint32_t r)
{
    return fr_rule_on(ev, r) && !fr_rule_rt(ev, r);
}

char *fr_explain_why_not(fr_eval *ev, size_t rr)
{
    if (!ev || rr >= ev->rs->nrules)
        return NULL;
    const fr_ruleset *rs = ev->rs;
    uint32_t r = (uint32_t)rr;
    const fr_rule *ru = &rs->rules[r];
    xctx x = { ev, { 0 }, NULL };
    x.seen = calloc(rs->nkeys ? rs->nkeys : 1, 1);
    if (!x.seen)
        return NULL;
    if (ev->status == FR_STATUS_INVALID) {
        const char *why = fr_eval_invalid_reason(ev);
        free(x.seen);
        if (!why) {
            fr_buf_free(&x.b);
            return NULL;
        }
        fr_buf_printf(&x.b, "the config is invalid: %s\n", why);
        return fr_buf_take(&x.b);
    }
    fr_buf_printf(&x.b, "rule '%s' (", ru->name);
    fr_rule_where(&x.b, rs, r);
    fr_buf_puts(&x.b, ")");
    const fr_osc *osc = NULL;
    for (uint32_t i = 0; i < ev->noscs && !osc; i++)
        for (uint32_t j = 0; j < ev->oscs[i].n; j++)
            if (ev->osc_rules[ev->oscs[i].first + j] == r)
                osc = &ev->oscs[i];
    if (osc) {
        /* its state is one of a cycle that never settles: whatever it
         * shows, the rule neither fired nor stayed off */
        fr_buf_printf(&x.b, " is caught in an oscillation (an error of the config, reported at rule '%s'):\n"
                            "  it is enabled in some rounds and not in others, so no state of its keys holds;"
                            " in the state where\n  the oscillation was found",
                      rs->rules[ev->osc_rules[osc->first]].name);
        fr_val v;
        int rc = fr_eval_node(ev, ru->cond, &v);
        fr_buf_puts(&x.b, !rc && !v.is_null && v.i ? " its condition holds:\n" : " its condition is false:\n");
    } else if (fr_rule_rt(ev, r)) {
        fr_buf_printf(&x.b, " failed: %s", fr_rt_text(fr_rule_rt(ev, r)));
        size_t n;
        if (fr_span_text(rs, fr_node_span(rs, r, ev->rt_node[r]), &n)) {
            fr_buf_puts(&x.b, " in '");
            src_text(&x.b, rs, fr_node_span(rs, r, ev->rt_node[r]));
            fr_buf_puts(&x.b, "'");
        }
        fr_buf_puts(&x.b, "\n");
    } else if (fired(ev, r)) {
        fr_buf_puts(&x.b, ru->kind == FR_RULE_DECLARE ? " is enabled (it declares" : " fired");
        if (ru->kind == FR_RULE_DECLARE) {
            for (uint32_t j = 0; j < ru->nitems; j++) {
                fr_buf_printf(&x.b, "%s %s = ", j ? "," : "", rs->keys[ru->items[j].key].name);
                fr_val_repr(&x.b, rs, rs->keys[ru->items[j].key].type,
                            ev->itemval[ev->ix->item_off[r] + j]);
            }
            fr_buf_puts(&x.b, ")");
        }
        fr_buf_puts(&x.b, "; its condition holds:\n");
    } else {
        /* a check evaluated in an earlier config keeps its state only if
         * untouched; recompute the condition here */
        fr_val v;
        int rc = fr_eval_node(ev, ru->cond, &v);
        uint32_t en = ev->err_node;
        int cond = !rc && !v.is_null && v.i;
        if (rc) {
            /* only a require rule gets here (eval_check): 'COND -> require
             * C' is 'COND & !(C)', and C holding clears COND's error, as
             * check judges it */
            fr_buf_printf(&x.b, " did not fire: its condition could not be evaluated\n  (%s in '", fr_rt_text(rc));
            src_text(&x.b, rs, fr_node_span(rs, r, en));
            fr_buf_puts(&x.b, "'), but the requirement holds, and that decides it: a require rule is\n"
                              "  'COND & !(C)', false when either side is false even if the other fails"
                              " (no error)\n");
        } else if (cond && ru->kind == FR_RULE_REQUIRE)
            fr_buf_puts(&x.b, " did not fire: its condition holds, and so does the requirement\n");
        else if (term_failed(&x, ru->cond))
            /* false, a term failing: '&' is false when one side is */
            fr_buf_puts(&x.b, " did not fire: its condition is false: a term below could not\n"
                              "  be evaluated, but '&' is false when either side is false, even if the"
                              " other fails (no error)\n");
        else
            fr_buf_puts(&x.b, " did not fire: its condition is false\n");
    }
    fr_buf_puts(&x.b, "  when: ");
    src_text(&x.b, rs, fr_node_span(rs, r, ru->cond));
    fr_buf_puts(&x.b, "\n");
    cond_terms(&x, r, ru->cond, 2);
    if (ru->kind == FR_RULE_REQUIRE) {
        fr_buf_puts(&x.b, "  requires: ");
        src_text(&x.b, rs, fr_node_span(rs, r, ru->req));
        fr_buf_puts(&x.b, "\n");
        cond_terms(&x, r, ru->req, 2);
    }
    fr_buf_puts(&x.b, "  reading\n");
    reads_of(&x, ru->cond, ru->kind == FR_RULE_REQUIRE ? ru->req : UINT32_MAX, 2, 0);
    free(x.seen);
    return fr_buf_take(&x.b);
}
