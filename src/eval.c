/* eval.c — fixed-point resolution and judging on the IR.
 *
 * Resolution (see flagrule-rules(5), RESOLUTION): input = defaults overridden
 * by the config; resolved = fixed point of S = input (+) declarations(S).
 * The declare rules are evaluated group by group in the plan's topological
 * order; a cyclic group is iterated on snapshots until its keys stop
 * changing (a repeated state is an oscillation).  Checks are judged on the
 * resolved state.  Messages are reported in rule order.
 *
 * Cost.  fr_eval_index_build() resolves the empty config once (the
 * baseline) and builds, per key, the list of rules to re-examine when the
 * key's value differs from its baseline value.  A rule whose condition has a
 * guard conjunct (KEY = CONST, KEY in {...}, a bool KEY, ...) that fails at
 * the baseline is left out of those lists and is found through the guard
 * table of its guard key instead.  A config therefore only touches the rules
 * that read a key it changed and whose guard can pass; everything else keeps
 * its baseline outcome.  Per-config state changes are undone through lists
 * of touched keys and rules, so an evaluation allocates nothing in the steady
 * state (message texts go to an arena that is reset per config).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "eval.h"
#include "prefault.h"
#include "interp.h"
#include "cpu.h"
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

#define NONE32 UINT32_MAX
#define CYCLE_CAP 1000u          /* rounds before a cyclic group is declared oscillating
                                    (more for a large group) */
#define CYCLE_WORK 50000000u     /* ... but at most this many rule evaluations */
#define MATCH_LIMIT 1000000u
#define DEPTH_LIMIT 10000u

/* ==== node evaluation ===================================================== */

static inline int truthy(fr_val v)
{
    return !v.is_null && v.i != 0;
}

static int ev_cond(fr_eval *ev, uint32_t id);

static int ev_val(fr_eval *ev, uint32_t id, fr_val *o)
{
    const fr_ruleset *rs = ev->rs;
    const fr_node *n = &rs->nodes[id];
    fr_val a, b;
    int rc;
    switch ((fr_op)n->op) {
    case FR_OP_CONST:
        *o = rs->consts[n->a];
        return 0;
    case FR_OP_KEY:
        *o = ev->res[n->a];
        return 0;
    case FR_OP_INPUT:
        *o = ev->input[n->a];
        return 0;
    case FR_OP_ADD:
    case FR_OP_SUB:
    case FR_OP_MUL:
    case FR_OP_DIV:
    case FR_OP_MOD:
        if ((rc = ev_val(ev, n->a, &a)) || (rc = ev_val(ev, n->b, &b)))
            return rc;
        o->s = NULL;
        o->i = 0;
        o->is_null = 0;
        if (a.is_null || b.is_null) {
            o->is_null = 1;
            return 0;
        }
        switch ((fr_op)n->op) {
        case FR_OP_ADD:
            if (__builtin_add_overflow(a.i, b.i, &o->i))
                goto overflow;
            return 0;
        case FR_OP_SUB:
            if (__builtin_sub_overflow(a.i, b.i, &o->i))
                goto overflow;
            return 0;
        case FR_OP_MUL:
            if (__builtin_mul_overflow(a.i, b.i, &o->i))
                goto overflow;
            return 0;
        case FR_OP_DIV:
            if (b.i == 0) {
                ev->err_node = id;
                return FR_RT_DIV0;
            }
            if (a.i == INT64_MIN && b.i == -1)
                goto overflow;
            o->i = a.i / b.i;
            return 0;
        default:
            if (b.i == 0) {
                ev->err_node = id;
                return FR_RT_MOD0;
            }
            o->i = (b.i == -1) ? 0 : a.i % b.i;
            return 0;
        }
    case FR_OP_NEG:
        if ((rc = ev_val(ev, n->a, &a)))
            return rc;
        *o = a;
        if (a.is_null)
            return 0;
        if (a.i == INT64_MIN)
            goto overflow;
        o->i = -a.i;
        return 0;
    default:
        rc = ev_cond(ev, id);
        if (rc < 0)
            return -rc;
        o->i = rc;
        o->s = NULL;
        o->is_null = 0;
        return 0;
    }
overflow:
    ev->err_node = id;
    return FR_RT_OVERFLOW;
}

/* The value of a leaf (CONST/KEY/INPUT) without a call, or NULL. */
static inline const fr_val *leaf(const fr_eval *ev, const fr_node *n)
{
    switch (n->op) {
    case FR_OP_KEY:
        return &ev->res[n->a];
    case FR_OP_INPUT:
        return &ev->input[n->a];
    case FR_OP_CONST:
        return &ev->rs->consts[n->a];
    default:
        return NULL;
    }
}

/* Makes the evaluator's JIT-compiled copy of regex i (fr_eval.re_code);
 * when that cannot be done (no JIT, out of memory) the regex is matched by
 * pcre2_match, with the same result. */
static __attribute__((noinline, cold)) void regex_jit_make(fr_eval *ev, uint32_t i)
{
    pcre2_code *c = pcre2_code_copy((const pcre2_code *)ev->rs->regexes[i].code);
    size_t jit = 0;
    if (c && pcre2_jit_compile(c, PCRE2_JIT_COMPLETE) == 0 && pcre2_pattern_info(c, PCRE2_INFO_JITSIZE, &jit) == 0
        && jit != 0) {
        ev->re_code[i] = c;
        ev->re_state[i] = RE_JIT;
        return;
    }
    if (c)
        pcre2_code_free(c);
    ev->re_state[i] = RE_NOJIT;
}

/* The code to give pcre2_jit_match for regex i, or NULL (pcre2_match). */
static inline const pcre2_code *regex_jit(fr_eval *ev, uint32_t i)
{
    if (!ev->ix->re_jit || !ev->ix->re_jit[i] || !ev->re_state)
        return NULL;
    uint32_t st = ev->re_state[i];
    if (st < REGEX_WARM) {
        ev->re_state[i] = st + 1;   /* (this match: pcre2_match) */
        return NULL;
    }
    if (st == REGEX_WARM)
        regex_jit_make(ev, i);
    return ev->re_state[i] == RE_JIT ? (const pcre2_code *)ev->re_code[i] : NULL;
}

static int regex_match(fr_eval *ev, uint32_t id, const fr_node *n, fr_val s)
{
    const fr_regex *re = &ev->rs->regexes[n->b];
    if (!re->code)
        return 0;
    if (ev->ix->re_pre) {
        const struct fr_repre *pr = &ev->ix->re_pre[n->b];
        if ((uint64_t)s.i < pr->minlen)
            return 0;
        if (pr->has_first) {
            unsigned c = (unsigned char)s.s[0];   /* (s.i >= minlen >= 1) */
            if (c < 0x80 && (pr->fold ? (c | 0x20) : c) != pr->first)
                return 0;
        }
    }
    const pcre2_code *jc = regex_jit(ev, n->b);
    int mrc = jc ? pcre2_jit_match(jc, (PCRE2_SPTR)(s.s ? s.s : ""),
                                    (PCRE2_SIZE)s.i, 0, 0, (pcre2_match_data *)ev->match_data,
                                    (pcre2_match_context *)ev->match_ctx)
                  : pcre2_match((const pcre2_code *)re->code, (PCRE2_SPTR)(s.s ? s.s : ""),
                                (PCRE2_SIZE)s.i, 0, 0, (pcre2_match_data *)ev->match_data,
                                (pcre2_match_context *)ev->match_ctx);
    if (mrc >= 0)
        return 1;
    if (mrc == PCRE2_ERROR_NOMATCH || mrc == PCRE2_ERROR_PARTIAL)
        return 0;
    ev->err_node = id;
    if (mrc == PCRE2_ERROR_MATCHLIMIT || mrc == PCRE2_ERROR_DEPTHLIMIT ||
        mrc == PCRE2_ERROR_HEAPLIMIT || mrc == PCRE2_ERROR_JIT_STACKLIMIT)
        return -FR_RT_REGEX_LIMIT;
    if (mrc <= PCRE2_ERROR_UTF8_ERR1 && mrc >= PCRE2_ERROR_UTF8_ERR21)
        return -FR_RT_REGEX_UTF;
    return -FR_RT_REGEX_ERROR;
}

/* A fast test (fr_fast): 1 or 0. */
static inline int fast_test(const fr_eval *ev, const fr_fast *f)
{
    const fr_val *v = &ev->res[f->vidx];   /* res and input are one array */
    if (f->kind == FR_FAST_BITS) {
        uint32_t d = v->is_null ? 0 : (uint32_t)v->i + 1;
        return (int)((f->bits >> d) & 1);
    }
    if (f->kind == FR_FAST_RANGE) {
        /* lo <= i <= lo + bits, or its complement (`neg` in op); null: neg */
        int in = !v->is_null && (uint64_t)v->i - (uint64_t)f->c <= f->bits;
        return in ^ f->op;
    }
    if (v->is_null)
        return f->op == FR_OP_NE;   /* null: only != holds */
    switch (f->op) {
    case FR_OP_EQ: return v->i == f->c;
    case FR_OP_NE: return v->i != f->c;
    case FR_OP_LT: return v->i < f->c;
    case FR_OP_LE: return v->i <= f->c;
    case FR_OP_GT: return v->i > f->c;
    default:       return v->i >= f->c;
    }
}

/* A test of a conjunct list: 1 or 0 (as fast_test on the fr_fast it
 * comes from). */
static inline int ctest_in(const fr_val *res, const fr_ctest *t)
{
    const fr_val *v = &res[t->vidx];   /* res and input are one array */
    if (t->kind == FR_FAST_BITS) {
        uint32_t d = v->is_null ? 0 : (uint32_t)v->i + 1;
        return (int)((t->x >> d) & 1);
    }
    if (v->is_null)
        return t->op == FR_OP_NE;   /* null: only != holds */
    int64_t c = (int64_t)t->x;
    switch (t->op) {
    case FR_OP_EQ: return v->i == c;
    case FR_OP_NE: return v->i != c;
    case FR_OP_LT: return v->i < c;
    case FR_OP_LE: return v->i <= c;
    case FR_OP_GT: return v->i > c;
    default:       return v->i >= c;
    }
}

static inline int ctest(const fr_eval *ev, const fr_ctest *t)
{
    return ctest_in(ev->res, t);
}

/* A rule condition: its conjunct list when it has one (every conjunct a
 * fast test, the most selective first), else the tree. */
static inline int rule_cond(fr_eval *ev, uint32_t r, uint32_t cond);

/* A bool-typed node: 1, 0, or -rt on a run-time error. */
static int ev_cond(fr_eval *ev, uint32_t id)
{
    const fr_ruleset *rs = ev->rs;
    const fr_fast *fast = ev->ix->fast;
    const uint32_t *fast_id = ev->ix->fast_id;
    for (;;) {
        /* a test of one bool/enum key against constants: a bit lookup */
        const fr_fast *f = &fast[fast_id[id]];
        if (f->kind)
            return fast_test(ev, f);
        const fr_node *n = &rs->nodes[id];
        switch ((fr_op)n->op) {
        case FR_OP_KEY:
            return truthy(ev->res[n->a]);
        case FR_OP_INPUT:
            return truthy(ev->input[n->a]);
        case FR_OP_CONST:
            return truthy(rs->consts[n->a]);
        /* `a & b` is false when either side is false, even if the other
         * fails with a run-time error (and `a | b` true when either is
         * true): the result does not depend on the order of the operands,
         * and a false guard conjunct decides without evaluating the rest. */
        case FR_OP_AND: {
            int l = ev_cond(ev, n->a);
            if (l == 0)
                return 0;
            if (l > 0) {
                id = n->b;
                continue;
            }
            int r = ev_cond(ev, n->b);
            return r == 0 ? 0 : l;
        }
        case FR_OP_OR: {
            int l = ev_cond(ev, n->a);
            if (l == 1)
                return 1;
            if (l == 0) {
                id = n->b;
                continue;
            }
            int r = ev_cond(ev, n->b);
            return r == 1 ? 1 : l;
        }
        case FR_OP_NOT: {
            int l = ev_cond(ev, n->a);
            return l < 0 ? l : !l;
        }
        case FR_OP_EQ:
        case FR_OP_NE: {
            const fr_node *na = &rs->nodes[n->a], *nb = &rs->nodes[n->b];
            const fr_val *pa = leaf(ev, na), *pb = leaf(ev, nb);
            fr_val a, b;
            int rc;
            if (!pa) {
                if ((rc = ev_val(ev, n->a, &a)))
                    return -rc;
                pa = &a;
            }
            if (!pb) {
                if ((rc = ev_val(ev, n->b, &b)))
                    return -rc;
                pb = &b;
            }
            fr_type t = na->kind == FR_T_NULL ? fr_node_type(nb) : fr_node_type(na);
            int eq = fr_val_eq(t, *pa, *pb);
            return n->op == FR_OP_EQ ? eq : !eq;
        }
        case FR_OP_LT:
        case FR_OP_LE:
        case FR_OP_GT:
        case FR_OP_GE: {
            const fr_val *pa = leaf(ev, &rs->nodes[n->a]), *pb = leaf(ev, &rs->nodes[n->b]);
            fr_val a, b;
            int rc;
            if (!pa) {
                if ((rc = ev_val(ev, n->a, &a)))
                    return -rc;
                pa = &a;
            }
            if (!pb) {
                if ((rc = ev_val(ev, n->b, &b)))
                    return -rc;
                pb = &b;
            }
            if (pa->is_null || pb->is_null)
                return 0;
            switch ((fr_op)n->op) {
            case FR_OP_LT: return pa->i < pb->i;
            case FR_OP_LE: return pa->i <= pb->i;
            case FR_OP_GT: return pa->i > pb->i;
            default:       return pa->i >= pb->i;
            }
        }
        case FR_OP_IN:
        case FR_OP_NOTIN: {
            const fr_val *pa = leaf(ev, &rs->nodes[n->a]);
            fr_val a;
            if (!pa) {
                int rc = ev_val(ev, n->a, &a);
                if (rc)
                    return -rc;
                pa = &a;
            }
            int in = fr_set_contains(&rs->sets[n->b], *pa);
            return n->op == FR_OP_IN ? in : !in;
        }
        case FR_OP_MATCH: {
            const fr_val *pa = leaf(ev, &rs->nodes[n->a]);
            fr_val a;
            if (!pa) {
                int rc = ev_val(ev, n->a, &a);
                if (rc)
                    return -rc;
                pa = &a;
            }
            if (pa->is_null)
                return 0;
            return regex_match(ev, id, n, *pa);
        }
        default: {
            /* arithmetic in a bool position cannot type-check; be safe */
            fr_val v;
            int rc = ev_val(ev, id, &v);
            return rc ? -rc : truthy(v);
        }
        }
    }
}

/* The conjunct list of rule r (which has one). */
static inline int list_cond(const fr_eval *ev, uint32_t r)
{
    const struct fr_evindex *ix = ev->ix;
    const fr_rflat *rf = &ix->rflat[r];
    const fr_ctest *t = ix->cl_test + rf->cl, *e = t + rf->ncl;
    for (; t < e; t++)
        if (!ctest(ev, t))
            return 0;
    return 1;
}

static inline int rule_cond(fr_eval *ev, uint32_t r, uint32_t cond)
{
    const struct fr_evindex *ix = ev->ix;
    uint32_t a = ix->rflat[r].cl, b = a + ix->rflat[r].ncl;
    if (a == b)
        return ev_cond(ev, cond);
    for (; a < b; a++)
        if (!ctest(ev, &ix->cl_test[a]))
            return 0;
    return 1;
}

/* A value of a flat program (fr_sins): a value index or a constant. */
static inline const fr_val *sp_ref(const fr_eval *ev, uint32_t ref)
{
    return (ref & FR_SP_CONST) ? &ev->rs->consts[ref & ~FR_SP_CONST] : &ev->res[ref];
}

/* Runs a flat program: 1, 0, or -1 when a test failed with a run-time error
 * (the caller evaluates the tree instead). */
static inline __attribute__((always_inline)) int sp_run(fr_eval *ev, const fr_sins *prog)
{
    uint32_t pc = 0;
    for (;;) {
        const fr_sins *in = &prog[pc];
        int c;
        if (__builtin_expect(in->kind == FR_SP_BITS, 1)) {
            const fr_val *v = &ev->res[in->a];
            uint32_t d = v->is_null ? 0 : (uint32_t)v->i + 1;
            c = (int)((in->x >> d) & 1);
        } else switch (in->kind) {
        case FR_SP_FAST:
            c = fast_test(ev, &ev->ix->fast[in->a]);
            break;
        case FR_SP_EQ: {
            const fr_val *a = sp_ref(ev, in->a), *b = sp_ref(ev, in->b);
            int eq;
            if (a->is_null | b->is_null)
                eq = a->is_null == b->is_null;
            else if (in->str)
                eq = a->i == b->i && (a->i == 0 || memcmp(a->s, b->s, (size_t)a->i) == 0);
            else
                eq = a->i == b->i;
            c = in->op == FR_OP_EQ ? eq : !eq;
            break;
        }
        case FR_SP_CMP: {
            const fr_val *a = sp_ref(ev, in->a), *b = sp_ref(ev, in->b);
            if (a->is_null | b->is_null)
                c = 0;
            else
                switch (in->op) {
                case FR_OP_LT: c = a->i < b->i; break;
                case FR_OP_LE: c = a->i <= b->i; break;
                case FR_OP_GT: c = a->i > b->i; break;
                default:       c = a->i >= b->i; break;
                }
            break;
        }
        case FR_SP_TRUTHY:
            c = truthy(*sp_ref(ev, in->a));
            break;
        default:
            c = ev_cond(ev, in->a);
            if (c < 0)
                return -1;
            break;
        }
        pc = c ? in->t : in->f;
        if (pc >= FR_SP_FALSE)
            return pc == FR_SP_TRUE;
    }
}

int fr_eval_node(fr_eval *ev, uint32_t n, fr_val *out)
{
    return ev_val(ev, n, out);
}

const char *fr_rt_text(int rt)
{
    switch (rt) {
    case FR_RT_DIV0: return "division by zero";
    case FR_RT_MOD0: return "remainder by zero";
    case FR_RT_OVERFLOW: return "integer overflow";
    case FR_RT_REGEX_LIMIT: return "regular expression match limit exceeded";
    case FR_RT_REGEX_ERROR: return "regular expression match failed";
    case FR_RT_REGEX_UTF: return "the value is not valid UTF-8 (the regular expression has the u flag)";
    case FR_RT_NULL: return "the value is null, and the key is not nullable";
    default: return "run-time error";
    }
}

/* ==== rules ================================================================= */

/* Rule r stops on a run-time error (code rc, at ev->err_node): off. */
static inline void rule_rt(fr_eval *ev, uint32_t r, int rc)
{
    ev->rst[r].on = 0;
    ev->rst[r].rt = (uint8_t)rc;
    ev->rt_node[r] = ev->err_node;
}

/* Item j of declare rule ru has a null value: a run-time error when its key
 * is not nullable (it would hold a value no config can give it), at the
 * value's node; else 0. */
static int null_item(fr_eval *ev, const fr_rule *ru, uint32_t j)
{
    if (ev->rs->keys[ru->items[j].key].type.nullable)
        return 0;
    ev->err_node = ru->items[j].value;
    return FR_RT_NULL;
}

static void eval_declare(fr_eval *ev, uint32_t r)
{
    const fr_rule *ru = &ev->rs->rules[r];
    ev->rst[r].rt = 0;
    int c = rule_cond(ev, r, ru->cond);
    if (c <= 0) {
        ev->rst[r].on = 0;
        if (c < 0)
            rule_rt(ev, r, -c);
        return;
    }
    uint32_t base = ev->ix->item_off[r];
    for (uint32_t j = 0; j < ru->nitems; j++) {
        int rc = ev_val(ev, ru->items[j].value, &ev->itemval[base + j]);
        if (!rc && __builtin_expect(ev->itemval[base + j].is_null, 0))
            rc = null_item(ev, ru, j);
        if (rc) {
            rule_rt(ev, r, rc);
            return;
        }
    }
    ev->rst[r].on = 1;
}

static void eval_check(fr_eval *ev, uint32_t r)
{
    const fr_rule *ru = &ev->rs->rules[r];
    ev->rst[r].rt = 0;
    int c = rule_cond(ev, r, ru->cond);
    if (ru->kind == FR_RULE_REQUIRE) {
        if (c > 0) {
            int q = ev_cond(ev, ru->req);
            c = q < 0 ? q : !q;
        } else if (c < 0) {
            /* `COND -> require C` is `COND & !(C)`, and '&' is false when
             * one side is, the other failing or not: C holding clears a
             * run-time error of COND (the error node is COND's otherwise) */
            uint32_t en = ev->err_node;
            int q = ev_cond(ev, ru->req);
            if (q > 0)
                c = 0;
            else
                ev->err_node = en;
        }
    }
    if (c < 0) {
        rule_rt(ev, r, -c);
        return;
    }
    ev->rst[r].on = (uint8_t)c;
}

/* Whether rule r's guard pre-check rules it out (exact: its guard conjunct
 * is false, so its condition is). */
static inline int guard_fails(const fr_eval *ev, uint32_t r)
{
    const struct fr_evindex *ix = ev->ix;
    uint32_t x = ix->pvidx[r];
    if (x == NONE32)
        return 0;
    const fr_val *v = &ev->res[x];   /* res and input are one array */
    uint32_t d = v->is_null ? 0 : (uint32_t)v->i + 1;
    return !((ix->pbits[r] >> d) & 1);
}

/* Whether the rule's condition is false before any call: its conjunct list
 * when it has one, else its guard pre-check. */
static inline int quick_false(const fr_eval *ev, uint32_t r)
{
    const struct fr_evindex *ix = ev->ix;
    if (guard_fails(ev, r))
        return 1;
    return ix->rflat[r].ncl && !list_cond(ev, r);
}

static inline void eval_declare_g(fr_eval *ev, uint32_t r)
{
    if (quick_false(ev, r)) {
        ev->rst[r].on = 0;
        ev->rst[r].rt = 0;
    } else
        eval_declare(ev, r);
}

static inline void eval_check_g(fr_eval *ev, uint32_t r)
{
    const fr_rule *ru = &ev->rs->rules[r];
    /* (in the incremental mode a list starts with the pre-check anyway) */
    if (ev->mode != FR_MODE_INCR && guard_fails(ev, r)) {
        ev->rst[r].on = 0;
        ev->rst[r].rt = 0;
        return;
    }
    if (ru->kind != FR_RULE_REQUIRE && ev->ix->rflat[r].ncl) {
        /* the whole condition is the list */
        ev->rst[r].on = (uint8_t)list_cond(ev, r);
        ev->rst[r].rt = 0;
        return;
    }
    if (quick_false(ev, r)) {
        ev->rst[r].on = 0;
        ev->rst[r].rt = 0;
    } else
        eval_check(ev, r);
}

/* A check whose pre-check is known to pass. */
static inline void eval_check_ng(fr_eval *ev, uint32_t r)
{
    const fr_rule *ru = &ev->rs->rules[r];
    const struct fr_evindex *ix = ev->ix;
    if (ix->rflat[r].ncl) {
        int c = list_cond(ev, r);
        if (!c || ru->kind != FR_RULE_REQUIRE) {
            ev->rst[r].on = (uint8_t)c;
            ev->rst[r].rt = 0;
            return;
        }
    }
    eval_check(ev, r);
}

/* ==== per-config bookkeeping ================================================ */

static inline void touch_key(fr_eval *ev, uint32_t k)
{
    if (ev->kmark[k] != ev->epoch) {
        ev->kmark[k] = ev->epoch;
        ev->touched_keys[ev->ntouched_keys++] = k;
    }
}

static inline void set_dirty(fr_eval *ev, uint32_t g)
{
    ev->dirty[g >> 6] |= 1ull << (g & 63);
    ev->dirtysum[g >> 12] |= 1ull << ((g >> 6) & 63);   /* the word is in use */
}

/* INCR, FULL: rule r was judged on or with a run-time error and may have
 * messages: collect() takes it from this bit set, in rule order (rule_recs
 * looks at its final state, so a stale bit is harmless). */
static inline void note_emit(fr_eval *ev, uint32_t r)
{
    ev->emitbits[r >> 6] |= 1ull << (r & 63);
    ev->emitsum[r >> 12] |= 1ull << ((r >> 6) & 63);
}

/* Marks rule r for re-examination in this config (FULL; INCR: a declare
 * rule). */
static inline __attribute__((always_inline)) void mark_rule(fr_eval *ev, uint32_t r)
{
    fr_rstate *st = &ev->rst[r];
    if (st->mark == ev->epoch)
        return;
    st->mark = ev->epoch;
    ev->touched_rules[ev->ntouched_rules++] = r;
    if (st->flags & FR_RF_DECL)
        set_dirty(ev, ev->ix->rflat[r].group);
    else
        ev->check_list[ev->ncheck_list++] = r;
}

/* INCR: the declare rule at position q (ix->qrule) is marked (its group
 * runs). */
static inline __attribute__((always_inline)) void mark_decl(fr_eval *ev, uint32_t q)
{
    uint32_t r = ev->ix->qrule[q];
    fr_rstate *st = &ev->rst[r];
    if (st->mark == ev->epoch)
        return;
    st->mark = ev->epoch;
    ev->touched_rules[ev->ntouched_rules++] = r;
    set_dirty(ev, ev->rcl[q].aux);
}

/* INCR: the rule at position q reads a slot whose value changed.  A check
 * is queued for judge_checks() through a bit set, without reading its
 * state (a cache miss in a big rule set, which judging then takes once); a
 * declare rule is marked (its group runs). */
static inline __attribute__((always_inline)) void queue_rule(fr_eval *ev, uint32_t q)
{
    uint32_t w = q >> 6;
    uint64_t bit = 1ull << (q & 63);
    if (ev->declmask[w] & bit)
        mark_decl(ev, q);
    else if (!(ev->queued[w] & bit)) {
        ev->queued[w] |= bit;
        ev->check_list[ev->ncheck_list++] = q;
    }
}

/* queue_rule over a list of positions, with the counters in registers. */
static inline __attribute__((always_inline)) void mark_list_in(fr_eval *ev, const uint32_t *rules, uint32_t n)
{
    const uint64_t *dm = ev->declmask;
    uint64_t *qd = ev->queued;
    uint32_t *cl = ev->check_list, nc = ev->ncheck_list;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t q = rules[i], w = q >> 6;
        uint64_t bit = 1ull << (q & 63);
        if (dm[w] & bit)
            mark_decl(ev, q);
        else if (!(qd[w] & bit)) {
            qd[w] |= bit;
            cl[nc++] = q;
        }
    }
    ev->ncheck_list = nc;
}

static void mark_list_(fr_eval *ev, const uint32_t *rules, uint32_t n)
{
    mark_list_in(ev, rules, n);
}

static inline void mark_list(fr_eval *ev, const uint32_t *rules, uint32_t n)
{
    if (n)   /* (empty lists are common: no set-up) */
        mark_list_(ev, rules, n);
}

/* Slot s's guard table (the empty gtab[0] when no rule is guarded on it). */
static inline fr_gtable *gtab_at(const struct fr_evindex *ix, uint32_t s)
{
    return &ix->gtab[ix->gtab_of[s]];
}

static void gtable_mark(fr_eval *ev, const fr_ruleset *rs, uint32_t k, const fr_gtable *gt, fr_val v)
{
    if (gt->ndom) {
        uint32_t d;
        if (v.is_null)
            d = 0;
        else if (rs->keys[k].type.kind == FR_T_BOOL)
            d = v.i ? 2 : 1;
        else
            d = (uint32_t)v.i + 1;
        if (d < gt->ndom)
            mark_list(ev, gt->rules + gt->off[d], gt->off[d + 1] - gt->off[d]);
        return;
    }
    if (v.is_null) {
        mark_list(ev, gt->nullrules, gt->nnull);
        return;
    }
    fr_type t = rs->keys[k].type;
    size_t lo = 0, hi = gt->nents;
    if (gt->hslot) {
        /* (an int table: see build_ghash) */
        for (uint32_t h = fr_int_hash(v.i) & gt->hmask;; h = (h + 1) & gt->hmask) {
            const fr_hslot *hs = &gt->hslot[h];
            uint32_t p = hs->x;
            if (p == NONE32)
                return;
            if (hs->v == v.i) {
                if (hs->run) {
                    for (uint32_t e = p + hs->run; p < e; p++)
                        queue_rule(ev, p);
                    return;
                }
                for (; p < gt->nents && gt->ents[p].v.i == v.i; p++)
                    queue_rule(ev, gt->ents[p].rule);
                return;
            }
        }
    }
    if (t.kind == FR_T_INT) {
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (gt->ents[mid].v.i < v.i)
                lo = mid + 1;
            else
                hi = mid;
        }
        for (; lo < gt->nents && gt->ents[lo].v.i == v.i; lo++)
            queue_rule(ev, gt->ents[lo].rule);
        return;
    }
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (fr_val_cmp(t, gt->ents[mid].v, v) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (; lo < gt->nents && fr_val_eq(t, gt->ents[lo].v, v); lo++)
        queue_rule(ev, gt->ents[lo].rule);
}

/* Slot s (key k, input or resolved) now holds v, which differs from its
 * baseline value: mark the rules that may change their outcome. */
static void notify(fr_eval *ev, uint32_t k, int input, fr_val v)
{
    if (ev->mode != FR_MODE_INCR)
        return;
    const struct fr_evindex *ix = ev->ix;
    uint32_t s = 2 * k + (uint32_t)input;
    mark_list(ev, ix->open_rules + ix->open_off[s], ix->open_off[s + 1] - ix->open_off[s]);
    const fr_gtable *gt = gtab_at(ix, s);
    if (gt->ndom || gt->nents || gt->nnull) {
        gtable_mark(ev, ev->rs, k, gt, v);
        mark_list(ev, gt->base, gt->nbase);   /* those passing at the baseline value */
    }
}

/* Key k must be resolved again: at the last group that declares it (its
 * readers all come after that group). */
static inline void need_key(fr_eval *ev, uint32_t k)
{
    ev->kneed[k] = ev->epoch;
    set_dirty(ev, ev->ix->klast[k]);
}

static inline void set_declbit(fr_eval *ev, uint32_t k, int on)
{
    if (on)
        ev->declbits[k >> 6] |= 1ull << (k & 63);
    else
        ev->declbits[k >> 6] &= ~(1ull << (k & 63));
}

/* Resolved value of key k from its declarers' current state: the declarers
 * at positions pos[0..n) of kd_* (ascending), or all of them (pos NULL). */
static inline __attribute__((always_inline)) void compute_key_at(const fr_eval *ev, uint32_t k, const uint32_t *pos, uint32_t n, fr_val *val,
                           int32_t *by, int32_t *ca, int32_t *cb)
{
    const struct fr_evindex *ix = ev->ix;
    fr_type t = ev->rs->keys[k].type;
    uint32_t lo = ix->kd_off[k];
    if (!pos)
        n = ix->kd_off[k + 1] - lo;
    *val = ev->input[k];
    *by = -1;
    *ca = *cb = -1;
    /* The value: the one declaration, or with a conflict the smallest value
     * (so that the state, and everything after it, does not depend on the
     * order of the rules).  `by`: the first rule declaring that value.  A
     * conflict names the first enabled declarer and the first one that
     * disagrees with it. */
    const fr_val *first = NULL;
    for (uint32_t q = 0; q < n; q++) {
        uint32_t i = pos ? pos[q] : lo + q;
        uint32_t r = ix->kd_rule[i];
        if (!ev->rst[r].on)
            continue;
        const fr_val *v = &ev->itemval[ix->kd_item[i]];
        if (!first) {
            first = v;
            *by = (int32_t)r;
            *val = *v;
            continue;
        }
        if (fr_val_eq(t, *first, *v))
            continue;
        if (*ca < 0) {
            *ca = *by;
            *cb = (int32_t)r;
        }
        if (fr_val_cmp(t, *v, *val) < 0) {
            *val = *v;
            *by = (int32_t)r;
        }
    }
    if (*ca >= 0) {
        /* `by` must be the first rule (in rule order) declaring the value */
        for (uint32_t q = 0; q < n; q++) {
            uint32_t i = pos ? pos[q] : lo + q;
            uint32_t r = ix->kd_rule[i];
            if (ev->rst[r].on && fr_val_eq(t, ev->itemval[ix->kd_item[i]], *val)) {
                *by = (int32_t)r;
                break;
            }
        }
    }
}

static void compute_key(const fr_eval *ev, uint32_t k, fr_val *val, int32_t *by, int32_t *ca, int32_t *cb)
{
    compute_key_at(ev, k, NULL, 0, val, by, ca, cb);
}

/* Declarer rule r was (re-)evaluated in this config: note its items in
 * their keys' lists, so that a key is resolved from the declarers that can
 * be enabled (enabled at the baseline, or evaluated now) instead of all of
 * them (thousands per key in a big rule set). */
static void note_declarer(fr_eval *ev, uint32_t r)
{
    const struct fr_evindex *ix = ev->ix;
    const fr_rule *ru = &ev->rs->rules[r];
    for (uint32_t j = 0; j < ru->nitems; j++) {
        if (ev->nkl >= ev->capkl) {
            ev->kl_full = 1;   /* cannot happen; resolve from all declarers */
            return;
        }
        uint32_t k = ru->items[j].key, e = ev->nkl++;
        ev->kl_pos[e] = ix->item_kd[ix->item_off[r] + j];
        ev->kl_next[e] = ev->kl_stamp[k] == ev->epoch ? ev->kl_head[k] : NONE32;
        ev->kl_head[k] = e;
        ev->kl_stamp[k] = ev->epoch;
    }
}

/* The kd positions noted for key k in this config (nnew of them, the list
 * newest first), in ascending order into out; scratch holds nnew more.
 * Usually the list is in reverse kd order (declarers are noted in plan
 * order, which mostly follows rule order) and is reversed; otherwise a few
 * are sorted by insertion and many (thousands in a big rule set, where
 * insertion would be quadratic) by a radix sort, as sort_ents_int does. */
static void sort_noted(const fr_eval *ev, uint32_t k, uint32_t *out, uint32_t nnew, uint32_t *scratch)
{
    uint32_t m = 0, asc = 1, desc = 1, max = 0;
    for (uint32_t e = ev->kl_head[k]; e != NONE32; e = ev->kl_next[e]) {
        uint32_t x = ev->kl_pos[e];
        if (m) {
            asc &= out[m - 1] <= x;
            desc &= out[m - 1] >= x;
        }
        max |= x;
        out[m++] = x;
    }
    if (asc)
        return;
    if (desc) {
        for (uint32_t i = 0, j = nnew - 1; i < j; i++, j--) {
            uint32_t t = out[i];
            out[i] = out[j];
            out[j] = t;
        }
        return;
    }
    if (nnew <= 32) {
        for (uint32_t i = 1; i < nnew; i++) {
            uint32_t x = out[i], j = i;
            for (; j > 0 && out[j - 1] > x; j--)
                out[j] = out[j - 1];
            out[j] = x;
        }
        return;
    }
    /* LSD radix sort, 11 bits a pass (stable), as many passes as max needs */
    uint32_t cnt[2048];
    uint32_t *src = out, *dst = scratch;
    for (unsigned shift = 0; shift < 32 && (max >> shift); shift += 11) {
        memset(cnt, 0, sizeof cnt);
        for (uint32_t i = 0; i < nnew; i++)
            cnt[(src[i] >> shift) & 2047]++;
        for (uint32_t d = 0, sum = 0; d < 2048; d++) {
            uint32_t c = cnt[d];
            cnt[d] = sum;
            sum += c;
        }
        for (uint32_t i = 0; i < nnew; i++)
            dst[cnt[(src[i] >> shift) & 2047]++] = src[i];
        uint32_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != out)
        memcpy(out, src, nnew * sizeof *out);
}

/* compute_key in the incremental mode: from the baseline's enabled
 * declarers and the ones noted in this config, merged in kd order. */
static inline __attribute__((always_inline)) void compute_key_incr(fr_eval *ev, uint32_t k, fr_val *val, int32_t *by, int32_t *ca, int32_t *cb)
{
    const struct fr_evindex *ix = ev->ix;
    if (ev->mode != FR_MODE_INCR || ev->kl_full || !ix->kdb_off) {
        compute_key(ev, k, val, by, ca, cb);
        return;
    }
    const uint32_t *bp = ix->kdb_pos + ix->kdb_off[k];
    uint32_t nbp = ix->kdb_off[k + 1] - ix->kdb_off[k], nnew = 0;
    if (ev->kl_stamp[k] == ev->epoch)
        for (uint32_t e = ev->kl_head[k]; e != NONE32; e = ev->kl_next[e])
            nnew++;
    if (nbp + 2 * nnew > ev->capkcand) {
        size_t cap = ev->capkcand;
        if (fr_vec_reserve((void **)&ev->kcand, &cap, nbp + 2 * nnew, sizeof *ev->kcand) < 0) {
            compute_key(ev, k, val, by, ca, cb);   /* out of memory: the long way */
            return;
        }
        ev->capkcand = (uint32_t)cap;
    }
    /* the new ones sorted at the end of the buffer (its start is the
     * sort's scratch), then merged */
    uint32_t *nw = ev->kcand ? ev->kcand + nbp + nnew : NULL;   /* (NULL: nothing to merge) */
    if (nnew)
        sort_noted(ev, k, nw, nnew, ev->kcand);
    uint32_t a = 0, b = 0, n = 0;
    while (a < nbp || b < nnew) {
        uint32_t x;
        if (b >= nnew || (a < nbp && bp[a] <= nw[b]))
            x = bp[a++];
        else
            x = nw[b++];
        if (n == 0 || ev->kcand[n - 1] != x)
            ev->kcand[n++] = x;
    }
    compute_key_at(ev, k, ev->kcand, n, val, by, ca, cb);
}

static void recompute_key(fr_eval *ev, uint32_t k)
{
    fr_val v;
    int32_t by, ca, cb;
    compute_key_incr(ev, k, &v, &by, &ca, &cb);
    touch_key(ev, k);
    ev->res[k] = v;
    ev->decl_by[k] = by;
    ev->conf_a[k] = ca;
    ev->conf_b[k] = cb;
    set_declbit(ev, k, by >= 0);
    if (!fr_val_eq(ev->rs->keys[k].type, v, ev->ix->base_res[k]))
        notify(ev, k, 0, v);
}

/* ==== groups ================================================================= */

static uint64_t state_hash(const fr_eval *ev, const uint32_t *keys, uint32_t n)
{
    uint64_t h = 0x84222325cbf29ce4ull;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t k = keys[i];
        h ^= fr_val_hash(ev->rs->keys[k].type, ev->res[k]);
        h *= 0x100000001b3ull;
        h ^= h >> 31;
    }
    return h;
}

/* One round of a cyclic group: evaluate all its rules on the current
 * snapshot, then lay their declarations over the input.  Returns whether a
 * key changed. */
static int cyclic_round(fr_eval *ev, const fr_group *g, const uint32_t *keys, uint32_t nk)
{
    const struct fr_evindex *ix = ev->ix;
    for (uint32_t i = 0; i < g->n; i++)
        eval_declare(ev, ix->plan_rules[g->first + i]);
    int changed = 0;
    for (uint32_t i = 0; i < nk; i++) {
        uint32_t k = keys[i];
        fr_val v;
        int32_t by, ca, cb;
        compute_key(ev, k, &v, &by, &ca, &cb);
        if (!fr_val_eq(ev->rs->keys[k].type, v, ev->res[k]))
            changed = 1;
        ev->res[k] = v;
        ev->decl_by[k] = by;
        ev->conf_a[k] = ca;
        ev->conf_b[k] = cb;
    }
    return changed;
}

static void run_cyclic(fr_eval *ev, uint32_t gi)
{
    const struct fr_evindex *ix = ev->ix;
    const fr_group *g = &ix->groups[gi];
    const uint32_t *keys = ix->gk_keys + ix->gk_off[gi];
    uint32_t nk = ix->gk_off[gi + 1] - ix->gk_off[gi];

    for (uint32_t i = 0; i < g->n; i++) {
        uint32_t r = ix->plan_rules[g->first + i];
        if (ev->rst[r].mark != ev->epoch) {
            ev->rst[r].mark = ev->epoch;
            ev->touched_rules[ev->ntouched_rules++] = r;
        }
        note_declarer(ev, r);
    }
    for (uint32_t i = 0; i < nk; i++) {
        touch_key(ev, keys[i]);
        ev->res[keys[i]] = ev->input[keys[i]];
    }
    /* A state that comes back is an oscillation: found by Brent's method
     * (the state of round 2^i kept, compared with the later ones), which
     * needs no history and O(rounds) time.  A group still changing after
     * its cap (CYCLE_CAP, more for a large group: a ring of N keys that
     * each turn the next one on takes N rounds) is taken for one too. */
    uint64_t cap = CYCLE_CAP + 4 * ((uint64_t)nk + g->n);
    uint64_t work = CYCLE_WORK / ((uint64_t)g->n + 1);   /* (a round evaluates every rule of the group) */
    if (cap > work)
        cap = work > CYCLE_CAP ? work : CYCLE_CAP;
    uint64_t kept = state_hash(ev, keys, nk), power = 1, lam = 0;
    uint32_t len = 0, capped = 0;
    for (uint64_t round = 1;; round++) {
        if (!cyclic_round(ev, g, keys, nk))
            break;   /* converged */
        uint64_t h = state_hash(ev, keys, nk);
        lam++;
        if (h == kept) {
            len = (uint32_t)(lam < 64 ? lam : 64);
            break;
        }
        if (round >= cap) {
            len = 64;
            capped = (uint32_t)round;
            break;
        }
        if (lam == power) {
            kept = h;
            power *= 2;
            lam = 0;
        }
    }
    if (len) {
        /* Oscillation: replay the cycle once and note the rules whose
         * outcome changes along it. */
        uint32_t nitems = 0;
        for (uint32_t i = 0; i < g->n; i++) {
            uint32_t r = ix->plan_rules[g->first + i];
            ev->scr_on[i] = ev->rst[r].on;
            ev->scr_flag[i] = 0;
            for (uint32_t j = ix->item_off[r]; j < ix->item_off[r + 1]; j++)
                ev->scr_item[nitems++] = ev->itemval[j];
        }
        for (uint32_t step = 0; step < len; step++) {
            cyclic_round(ev, g, keys, nk);
            nitems = 0;
            for (uint32_t i = 0; i < g->n; i++) {
                uint32_t r = ix->plan_rules[g->first + i];
                if (ev->rst[r].on != ev->scr_on[i])
                    ev->scr_flag[i] = 1;
                const fr_rule *ru = &ev->rs->rules[r];
                for (uint32_t j = 0; j < ru->nitems; j++, nitems++) {
                    fr_type t = ev->rs->keys[ru->items[j].key].type;
                    if (ev->rst[r].on && ev->scr_on[i] &&
                        !fr_val_eq(t, ev->itemval[ix->item_off[r] + j], ev->scr_item[nitems]))
                        ev->scr_flag[i] = 1;
                }
            }
        }
        fr_osc *o = &ev->oscs[ev->noscs++];
        o->group = gi;
        o->capped = capped ? capped + len : 0;   /* (every round run: the replay's too) */
        o->first = ev->nosc_rules;
        o->n = 0;
        for (uint32_t i = 0; i < g->n; i++)
            if (ev->scr_flag[i]) {
                ev->osc_rules[ev->nosc_rules++] = ix->plan_rules[g->first + i];
                o->n++;
            }
        if (o->n == 0)
            for (uint32_t i = 0; i < g->n; i++) {
                ev->osc_rules[ev->nosc_rules++] = ix->plan_rules[g->first + i];
                o->n++;
            }
        /* sort the involved rules into rule order */
        uint32_t *ro = ev->osc_rules + o->first;
        for (uint32_t i = 1; i < o->n; i++)
            for (uint32_t j = i; j > 0 && ro[j - 1] > ro[j]; j--) {
                uint32_t t = ro[j];
                ro[j] = ro[j - 1];
                ro[j - 1] = t;
            }
        for (uint32_t i = 0; i < nk; i++)
            ev->conf_a[keys[i]] = ev->conf_b[keys[i]] = -1;   /* the oscillation says it */
    }
    if (ev->mode != FR_MODE_SCAN)   /* (the scan collects from its touched rules) */
        for (uint32_t i = 0; i < g->n; i++) {
            uint32_t r = ix->plan_rules[g->first + i];
            if (ev->rst[r].on | ev->rst[r].rt)
                note_emit(ev, r);
        }
    for (uint32_t i = 0; i < nk; i++) {
        uint32_t k = keys[i];
        set_declbit(ev, k, ev->decl_by[k] >= 0);
        if (ix->klast[k] != gi)
            need_key(ev, k);   /* declared in a later group too */
        if (!fr_val_eq(ev->rs->keys[k].type, ev->res[k], ix->base_res[k]))
            notify(ev, k, 0, ev->res[k]);
    }
}

/* INCR: a marked simple declare rule (fr_dplan, FR_DP_SIMPLE) of an
 * acyclic group, as the general path of run_group does it: its condition
 * is its conjunct list (no run-time error), its values constants (so they
 * change only when its outcome does). */
static inline __attribute__((always_inline)) void run_simple(fr_eval *ev, const fr_dplan *d)
{
    const struct fr_evindex *ix = ev->ix;
    uint32_t r = d->rule;
    fr_rstate *st = &ev->rst[r];
    const fr_ctest *t = ix->cl_test + d->cl, *e = t + d->ncl;
    uint32_t c = 1;
    for (; t < e; t++)
        if (!ctest_in(ev->res, t)) {
            c = 0;
            break;
        }
    uint8_t was_on = st->on;
    const fr_ditem *di = ix->ditems + d->ditem;
    uint32_t n = d->nitems;
    st->rt = 0;
    st->on = (uint8_t)c;
    if (c)
        for (uint32_t j = 0; j < n; j++)
            ev->itemval[d->item + j] = di[j].val;
    /* note_declarer */
    for (uint32_t j = 0; j < n; j++) {
        if (ev->nkl >= ev->capkl) {
            ev->kl_full = 1;   /* cannot happen; resolve from all declarers */
            break;
        }
        uint32_t k = di[j].key, x = ev->nkl++;
        ev->kl_pos[x] = di[j].kd;
        ev->kl_next[x] = ev->kl_stamp[k] == ev->epoch ? ev->kl_head[k] : NONE32;
        ev->kl_head[k] = x;
        ev->kl_stamp[k] = ev->epoch;
    }
    if (c && (d->flags & FR_DP_ATT))
        note_emit(ev, r);
    if (was_on != c || (was_on && n > 4))
        for (uint32_t j = 0; j < n; j++)
            need_key(ev, di[j].key);
}

static inline __attribute__((always_inline)) void run_group(fr_eval *ev, uint32_t gi)
{
    const struct fr_evindex *ix = ev->ix;
    const fr_group *g = &ix->groups[gi];
    if (g->cyclic) {
        run_cyclic(ev, gi);
        return;
    }
    const fr_dplan *dp = ev->mode == FR_MODE_INCR ? ix->dplan : NULL;
    for (uint32_t i = 0; i < g->n; i++) {
        uint32_t r = dp ? dp[g->first + i].rule : ix->plan_rules[g->first + i];
        if (ev->rst[r].mark != ev->epoch)
            continue;
        if (dp && (dp[g->first + i].flags & FR_DP_SIMPLE)) {
            run_simple(ev, &dp[g->first + i]);
            continue;
        }
        const fr_rule *ru = &ev->rs->rules[r];
        uint32_t base = ix->item_off[r];
        uint8_t was_on = ev->rst[r].on;
        fr_val old[4];
        uint32_t nold = ru->nitems < 4 ? ru->nitems : 4;
        if (was_on)
            for (uint32_t j = 0; j < nold; j++)
                old[j] = ev->itemval[base + j];
        if (ev->mode == FR_MODE_FULL)
            eval_declare(ev, r);
        else
            eval_declare_g(ev, r);
        note_declarer(ev, r);
        if (ev->rst[r].rt || (ev->rst[r].on && (ev->rst[r].flags & FR_RF_ATT)))
            note_emit(ev, r);
        /* the declared keys change only if the rule's outcome does */
        int changed = was_on != ev->rst[r].on || (was_on && ru->nitems > 4);
        for (uint32_t j = 0; !changed && was_on && j < nold; j++)
            changed = !fr_val_eq(ev->rs->keys[ru->items[j].key].type, old[j], ev->itemval[base + j]);
        if (changed)
            for (uint32_t j = 0; j < ru->nitems; j++)
                need_key(ev, ru->items[j].key);
    }
    for (uint32_t i = ix->gk_off[gi]; i < ix->gk_off[gi + 1]; i++) {
        uint32_t k = ix->gk_keys[i];
        if (ix->klast[k] == gi && ev->kneed[k] == ev->epoch)
            recompute_key(ev, k);
    }
}

/* ==== undo ==================================================================== */

static void restore(fr_eval *ev)
{
    const struct fr_evindex *ix = ev->ix;
    const fr_ruleset *rs = ev->rs;
    if (ev->mode == FR_MODE_SCAN) {
        /* back to the empty state: every key its default, undeclared;
         * every rule off.  The keys given (by the config or the
         * environment: the reader's list) changed only their input and
         * resolved values; the touched keys (resolved from declarers, or
         * touched otherwise) everything; the rules evaluated are on
         * sc_touch (and on touched_rules when a cyclic group ran). */
        {
            const fr_val *def = ix->sc_def;
            fr_val *in = ev->input, *res = ev->res;
            uint8_t *given = ev->given;
            const uint32_t *gk = ev->cfg.given_keys;
            for (uint32_t i = 0, n = ev->cfg.ngiven; i < n; i++) {
                uint32_t k = gk[i];
                /* (whole 24 bytes, padding too: two moves, not three) */
                fr_val d;
                memcpy(&d, &def[k], sizeof d);
                memcpy(&in[k], &d, sizeof d);
                memcpy(&res[k], &d, sizeof d);
                given[k] = 0;
            }
        }
        if (ev->nwrules == 1) {
            /* few rules: all of them (marks are < epoch) */
            if (ev->sc_touch[0] | ev->ntouched_rules)
                memset(ev->rst, 0, rs->nrules * sizeof *ev->rst);
            ev->sc_touch[0] = ev->sc_err[0] = 0;
        } else
            for (uint32_t w = 0; w < ev->nwrules; w++) {
                for (uint64_t b = ev->sc_touch[w]; b; b &= b - 1) {
                    uint32_t r = w * 64 + (uint32_t)__builtin_ctzll(b);
                    ev->rst[r].on = ev->rst[r].rt = 0;
                }
                ev->sc_touch[w] = ev->sc_err[w] = 0;
            }
        for (uint64_t b = ev->sc_rkeys; b; b &= b - 1) {
            uint32_t k = (uint32_t)__builtin_ctzll(b);
            ev->res[k] = ix->sc_def[k];
            ev->decl_by[k] = -1;
        }
        if (ev->sc_rkeys) {
            ev->declbits[0] &= ~ev->sc_rkeys;
            ev->sc_rkeys = 0;
        }
        /* (the touched keys changed only their resolved state: their input
         * values changed only when given, undone above; conf_a/conf_b only
         * when scan_conf) */
        {
            const fr_val *def = ix->sc_def;
            fr_val *res = ev->res;
            int32_t *by = ev->decl_by;
            uint64_t *db = ev->declbits;
            const uint32_t *tk = ev->touched_keys;
            for (uint32_t i = 0, n = ev->ntouched_keys; i < n; i++) {
                uint32_t k = tk[i];
                res[k] = def[k];
                by[k] = -1;
                db[k >> 6] &= ~(1ull << (k & 63));
            }
            if (ev->scan_conf)
                for (uint32_t i = 0, n = ev->ntouched_keys; i < n; i++)
                    ev->conf_a[tk[i]] = ev->conf_b[tk[i]] = -1;
        }
        for (uint32_t i = 0; i < ev->ntouched_rules; i++) {
            uint32_t r = ev->touched_rules[i];
            ev->rst[r].on = ev->rst[r].rt = 0;
        }
        ev->ntouched_keys = ev->ntouched_rules = 0;
    }
    {
        /* (the arrays in locals: a store to given[] could alias ev) */
        const uint32_t *tk = ev->touched_keys;
        fr_val *in = ev->input, *res = ev->res;
        uint8_t *given = ev->given;
        int32_t *decl_by = ev->decl_by, *ca = ev->conf_a, *cb = ev->conf_b;
        uint64_t *db = ev->declbits;
        const fr_val *bres = ix->base_res;
        const int32_t *bdecl = ix->base_decl_by;
        const fr_key *keys = rs->keys;
        for (uint32_t i = 0, n = ev->ntouched_keys; i < n; i++) {
            uint32_t k = tk[i];
            in[k] = keys[k].def;
            res[k] = bres[k];
            given[k] = 0;
            decl_by[k] = bdecl[k];
            ca[k] = cb[k] = -1;
            uint64_t bit = 1ull << (k & 63);
            db[k >> 6] = bdecl[k] >= 0 ? db[k >> 6] | bit : db[k >> 6] & ~bit;
        }
    }
    {
        fr_rstate *rst = ev->rst;
        const uint32_t *tr = ev->touched_rules, *io = ix->item_off;
        fr_val *iv = ev->itemval;
        const fr_val *bi = ix->base_item;
        for (uint32_t i = 0, n = ev->ntouched_rules; i < n; i++) {
            uint32_t r = tr[i];
            fr_rstate *st = &rst[r];
            st->on = st->base_on;
            st->rt = 0;
            /* (a declare rule's values are read only while it is on:
             * those of a rule off at the baseline may stay stale) */
            if ((st->flags & FR_RF_DECL) && st->base_on)
                for (uint32_t j = io[r]; j < io[r + 1]; j++)
                    iv[j] = bi[j];
        }
    }
    ev->ntouched_keys = ev->ntouched_rules = ev->ncheck_list = 0;
    ev->noscs = ev->nosc_rules = 0;
    ev->nkl = 0;
    ev->kl_full = 0;
    if (ev->mode != FR_MODE_SCAN) {   /* (the scan marks no group dirty) */
        for (uint32_t i = 0; i < ev->ndirtysum; i++)
            for (uint64_t b = ev->dirtysum[i]; b; b &= b - 1)
                ev->dirty[i * 64 + (uint32_t)__builtin_ctzll(b)] = 0;
        memset(ev->dirtysum, 0, ev->ndirtysum * sizeof *ev->dirtysum);
    }
    for (int s = 0; s < 3; s++)
        ev->nmsgs[s] = 0;
    ev->nrecs = 0;
    ev->msgs_ready = 0;
    ev->recs_ready = 1;
    ev->invalid_reason = NULL;
    if (++ev->epoch == 0) {
        for (uint32_t r = 0; r < rs->nrules; r++)
            ev->rst[r].mark = 0;
        memset(ev->kmark, 0, rs->nkeys * sizeof *ev->kmark);
        memset(ev->kneed, 0, rs->nkeys * sizeof *ev->kneed);
        memset(ev->kl_stamp, 0, rs->nkeys * sizeof *ev->kl_stamp);
        ev->epoch = 1;
    }
    if (ev->arena_used) {
        fr_arena_reset(ev->arena);
        ev->arena_used = 0;
    }
}

/* ==== messages ================================================================= */

const char *fr_span_text(const fr_ruleset *rs, fr_span sp, size_t *len)
{
    if (!rs->sources || sp.file == FR_NO_FILE || sp.file >= fr_sources_count(rs->sources))
        return NULL;
    size_t n;
    const char *t = fr_sources_text(rs->sources, sp.file, &n);
    if (!t || sp.start > sp.end || sp.end > n)
        return NULL;
    *len = sp.end - sp.start;
    return t + sp.start;
}

void fr_rule_where(fr_buf *b, const fr_ruleset *rs, uint32_t r)
{
    fr_loc l = { 0 };
    if (rs->sources && rs->rules[r].loc.file != FR_NO_FILE)
        l = fr_sources_loc(rs->sources, rs->rules[r].loc);
    if (l.file) {
        fr_buf_puts(b, l.file);
        fr_buf_printf(b, ":%u", l.line);
    } else
        fr_buf_puts(b, "?");
}

/* Records being added by collect(): in locals (a store through ev could
 * alias its other fields), written back at the end. */
typedef struct recsink {
    fr_emit *recs;
    uint32_t n, cap;
    uint32_t nm[3];
} recsink;

static inline __attribute__((always_inline)) void sink_add(recsink *k, uint32_t rule, uint32_t cls, uint32_t idx,
                                                           uint8_t sev)
{
    if (k->n >= k->cap)
        return;   /* cannot happen: sized for the worst case */
    fr_emit *e = &k->recs[k->n++];
    e->rule = rule;
    e->cls = cls;
    e->idx = idx;
    e->sev = sev;
    k->nm[sev]++;
}

/* The records of rule r.  scan: a SCAN evaluator, whose rst[r].flags may
 * be cleared. */
static inline __attribute__((always_inline)) void rule_recs_(const fr_eval *ev, recsink *k, uint32_t r, int scan,
                                                             int base)
{
    const fr_rstate *st = &ev->rst[r];
    if (!base && st->rt) {
        sink_add(k, r, 0, 0, FR_SEV_ERROR);
        return;
    }
    if (!(base ? st->base_on : st->on))
        return;
    uint8_t fl = scan ? ev->ix->rflat[r].flags : st->flags;
    if (!(fl & FR_RF_DECL)) {
        sink_add(k, r, 0, 0, (uint8_t)((fl >> FR_RF_SEVSH) & 3));
        return;
    }
    if (!(fl & FR_RF_ATT))
        return;
    const fr_rule *ru = &ev->rs->rules[r];
    for (uint32_t j = 0; j < ru->nattached; j++)
        sink_add(k, r, 3, j, ru->attached[j].severity == FR_SEV_INFO ? FR_SEV_INFO : FR_SEV_WARNING);
}

static inline __attribute__((always_inline)) void rule_recs(const fr_eval *ev, recsink *k, uint32_t r, int scan)
{
    rule_recs_(ev, k, r, scan, 0);
}

/* INCR: the records of rule r at its baseline state (not marked in this
 * config: a check's on and rt may be stale, see fr_rstate). */
static inline __attribute__((always_inline)) void rule_recs_base(const fr_eval *ev, recsink *k, uint32_t r)
{
    rule_recs_(ev, k, r, 0, 1);
}

/* collect(): the records of the rules noted in emitbits (words lo >> 6 ..
 * hi >> 6, through emitsum), merged with the baseline emitters bi..nb
 * that were not touched; clears the bits. */
static inline __attribute__((always_inline)) void emit_recs(fr_eval *ev, recsink *k, uint32_t lo, uint32_t hi,
                                                            uint32_t nb, int scan)
{
    const struct fr_evindex *ix = ev->ix;
    const uint32_t *be = ix->base_emit;
    const fr_rstate *rst = ev->rst;
    uint64_t *eb = ev->emitbits, *es = ev->emitsum;
    uint32_t bi = 0, epoch = ev->epoch;
    /* (the words in use through their summary bits, as the dirty
     * groups: touched rules far apart would make a scan of lo..hi cost
     * O(rules / 64)) */
    if (lo != UINT32_MAX)
        for (uint32_t sw = lo >> 12; sw <= (hi >> 12); sw++) {
            for (uint64_t sb = es[sw]; sb; sb &= sb - 1) {
                uint32_t w = sw * 64 + (uint32_t)__builtin_ctzll(sb);
                uint64_t bits = eb[w];
                eb[w] = 0;
                while (bits) {
                    uint32_t r = w * 64 + (uint32_t)__builtin_ctzll(bits);
                    bits &= bits - 1;
                    for (; bi < nb && be[bi] < r; bi++)
                        if (rst[be[bi]].mark != epoch)
                            rule_recs_base(ev, k, be[bi]);
                    rule_recs(ev, k, r, scan);
                }
            }
            es[sw] = 0;
        }
    for (; bi < nb; bi++)
        if (rst[be[bi]].mark != epoch)
            rule_recs_base(ev, k, be[bi]);
}

/* The warnings of env values of the wrong type: those of the config's
 * NAME=VALUE words, then those of the process environment for the keys the
 * config does not give. */
static void env_fallback_recs(const fr_eval *ev, recsink *k)
{
    for (uint32_t i = 0; i < ev->cfg.nfb; i++)
        sink_add(k, FR_NORULE, 4, i, FR_SEV_WARNING);
    for (uint32_t i = 0; i < ev->nenv_fb; i++)
        if (!ev->given[ev->env_fb[i]])
            sink_add(k, FR_NORULE, 4, ev->cfg.nfb + i, FR_SEV_WARNING);
}

static int rec_less(const fr_emit *a, const fr_emit *b)
{
    if (a->rule != b->rule)
        return a->rule < b->rule;
    if (a->cls != b->cls)
        return a->cls < b->cls;
    return a->idx < b->idx;
}

static void sort_recs(fr_emit *r, uint32_t n)
{
    for (uint32_t i = 1; i < n; i++) {
        fr_emit t = r[i];
        uint32_t j = i;
        for (; j > 0 && rec_less(&t, &r[j - 1]); j--)
            r[j] = r[j - 1];
        r[j] = t;
    }
}

static void val_text(fr_eval *ev, fr_buf *b, uint32_t k, fr_val v)
{
    fr_val_text(b, ev->rs, ev->rs->keys[k].type, v);
}

static void rec_text(fr_eval *ev, const fr_emit *e, fr_buf *b, const char **kind);

/* Key k's env value of the wrong type, if the config or the environment
 * gave one: the text of its warning into b, and 1; else 0. */
int fr_eval_env_fallback_text(fr_eval *ev, uint32_t k, fr_buf *b)
{
    uint32_t n = 0, idx = 0;
    for (uint32_t i = 0; i < ev->cfg.nfb; i++)
        if (ev->cfg.fb_key[i] == k) {
            idx = i;
            n = 1;
        }
    for (uint32_t i = 0; !n && i < ev->nenv_fb; i++)
        if (ev->env_fb[i] == k && !ev->given[k]) {
            idx = ev->cfg.nfb + i;
            n = 1;
        }
    if (!n)
        return 0;
    fr_emit e = { 0 };
    e.cls = 4;
    e.idx = idx;
    const char *kind;
    rec_text(ev, &e, b, &kind);
    return 1;
}

/* Why text is no value of key's, as fr_config_value says, then `from`
 * (" in the environment") before its "did you mean", which goes in
 * parentheses: "M expects one of a, b, got 'c' in the environment (did you
 * mean 'a'?)". */
static void bad_value_from(const fr_ruleset *rs, uint32_t key, const char *text, size_t len, const char *from,
                           fr_buf *b)
{
    fr_buf t = { 0 };
    fr_val dummy;
    fr_config_value(rs, key, rs->keys[key].name, text, len, &dummy, &t);
    if (t.oom) {
        b->oom = 1;
        return;
    }
    const char *why = t.p ? t.p : "";
    size_t n = t.len;
    const char *dym = NULL;
    for (size_t i = 0; i + 15 <= n && !dym; i++)
        if (memcmp(why + i, "; did you mean ", 15) == 0)
            dym = why + i;
    if (!dym) {
        fr_buf_put(b, why, n);
        fr_buf_puts(b, from);
    } else {
        fr_buf_put(b, why, (size_t)(dym - why));
        fr_buf_puts(b, from);
        fr_buf_puts(b, " (");
        fr_buf_put(b, dym + 2, n - (size_t)(dym + 2 - why));
        fr_buf_puts(b, ")");
    }
    fr_buf_free(&t);
}

static void rec_text(fr_eval *ev, const fr_emit *e, fr_buf *b, const char **kind)
{
    const fr_ruleset *rs = ev->rs;
    if (e->cls == 4) {
        /* an env value of the wrong type: why, then the default used */
        *kind = "input";
        uint32_t key, len;
        const char *text, *from = "";
        if (e->idx < ev->cfg.nfb) {
            key = ev->cfg.fb_key[e->idx];
            text = ev->cfg.store.p + ev->cfg.fb_off[e->idx];
            len = ev->cfg.fb_len[e->idx];
        } else {
            key = ev->env_fb[e->idx - ev->cfg.nfb];
            text = ev->env_copies[key];
            len = (uint32_t)strlen(text);
            from = " in the environment";
        }
        bad_value_from(rs, key, text, len, from, b);
        fr_buf_puts(b, "; its default ");
        val_text(ev, b, key, rs->keys[key].def);
        fr_buf_puts(b, " is used, as the program falls back to it");
        return;
    }
    const fr_rule *ru = &rs->rules[e->rule];
    *kind = "rule";
    switch (e->cls) {
    case 0:
        if (fr_rule_rt(ev, e->rule)) {
            *kind = "runtime";
            fr_buf_puts(b, "run-time error: ");
            size_t n;
            const char *t = fr_span_text(rs, fr_node_span(rs, e->rule, ev->rt_node[e->rule]), &n);
            if (fr_rule_rt(ev, e->rule) == FR_RT_NULL && t) {
                /* "'limit' is null, and 'size' is not nullable" */
                for (uint32_t j = 0; j < ru->nitems; j++)
                    if (ru->items[j].value == ev->rt_node[e->rule]) {
                        fr_buf_puts(b, "'");
                        fr_src_oneline(b, t, n);
                        fr_buf_printf(b, "' is null, and '%s' is not nullable", rs->keys[ru->items[j].key].name);
                        return;
                    }
            }
            fr_buf_puts(b, fr_rt_text(fr_rule_rt(ev, e->rule)));
            if (t) {
                fr_buf_puts(b, " in '");
                fr_src_oneline(b, t, n);   /* (as parsed: no comments, on one line) */
                fr_buf_puts(b, "'");
            }
            return;
        }
        fr_interp(b, rs, &ru->msg, ev->res, ev->input);
        return;
    case 1: {
        /* every enabled declarer of the key, in rule order (the set does
         * not depend on the order of the rules) */
        *kind = "conflict";
        uint32_t k = e->idx;
        const struct fr_evindex *ix = ev->ix;
        uint32_t n = 0, total = 0;
        for (uint32_t i = ix->kd_off[k]; i < ix->kd_off[k + 1]; i++)
            total += ev->rst[ix->kd_rule[i]].on;
        fr_buf_puts(b, "conflict: ");
        /* ("but" before the first value that differs from the first one:
         * "A declares m=q, B declares m=q but C declares m=r") */
        const fr_val *first = NULL;
        bool differed = false;
        for (uint32_t i = ix->kd_off[k]; i < ix->kd_off[k + 1]; i++) {
            uint32_t r = ix->kd_rule[i];
            if (!ev->rst[r].on)
                continue;
            const fr_val *v = &ev->itemval[ix->kd_item[i]];
            if (!first)
                first = v;
            else if (!differed && !fr_val_eq(rs->keys[k].type, *first, *v)) {
                differed = true;
                fr_buf_puts(b, " but ");
            } else
                fr_buf_puts(b, n + 1 == total ? " and " : ", ");
            n++;
            fr_buf_puts(b, "rule '");
            fr_buf_puts(b, rs->rules[r].name);
            fr_buf_puts(b, "' (");
            fr_rule_where(b, rs, r);
            fr_buf_puts(b, ") declares ");
            fr_buf_puts(b, rs->keys[k].name);
            fr_buf_puts(b, "=");
            val_text(ev, b, k, ev->itemval[ix->kd_item[i]]);
        }
        return;
    }
    case 2: {
        *kind = "oscillation";
        const fr_osc *o = &ev->oscs[e->idx];
        const struct fr_evindex *ix = ev->ix;
        fr_buf_puts(b, "oscillation: rule");
        if (o->n > 1)
            fr_buf_puts(b, "s");
        for (uint32_t i = 0; i < o->n; i++) {
            uint32_t r = ev->osc_rules[o->first + i];
            fr_buf_puts(b, i == 0 ? " '" : (i + 1 == o->n ? " and '" : ", '"));
            fr_buf_puts(b, rs->rules[r].name);
            fr_buf_puts(b, "' (");
            fr_rule_where(b, rs, r);
            fr_buf_puts(b, ")");
        }
        fr_buf_puts(b, " keep changing ");
        uint32_t gi = o->group;
        for (uint32_t i = ix->gk_off[gi]; i < ix->gk_off[gi + 1]; i++) {
            if (i > ix->gk_off[gi])
                fr_buf_puts(b, i + 1 == ix->gk_off[gi + 1] ? " and " : ", ");
            fr_buf_puts(b, rs->keys[ix->gk_keys[i]].name);
        }
        if (o->capped)
            fr_buf_printf(b, "; they did not settle within %u rounds", (unsigned)o->capped);
        else
            fr_buf_puts(b, "; they never settle");
        return;
    }
    default:
        fr_interp(b, rs, &ru->attached[e->idx].msg, ev->res, ev->input);
        return;
    }
}

/* Collects and renders the messages of the current evaluation.  0 or -1. */
static __attribute__((noinline)) int collect(fr_eval *ev)
{
    const struct fr_evindex *ix = ev->ix;
    ev->nrecs = 0;
    ev->conflicts = 0;
    recsink k = { ev->recs, 0, ev->caprecs, { 0, 0, 0 } };   /* (restore() zeroed nmsgs) */
    {
        /* The rules with messages in rule order: the touched ones through
         * a bit set (sorting them costs more), merged with the baseline
         * emitters that were not touched (already in order). */
        uint32_t lo = UINT32_MAX, hi = 0;
        if (ev->mode != FR_MODE_SCAN) {
            /* (INCR, FULL: the bits were set as the rules were judged) */
            if (ev->rs->nrules) {
                lo = 0;
                hi = ev->rs->nrules - 1;
            }
        } else {
            for (uint32_t i = 0; i < ev->ntouched_rules; i++) {
                uint32_t r = ev->touched_rules[i];
                if (!(ev->rst[r].on | ev->rst[r].rt))
                    continue;
                if (!ev->rst[r].rt && (ix->rflat[r].flags & (FR_RF_DECL | FR_RF_ATT)) == FR_RF_DECL)
                    continue;   /* a declare without messages */
                ev->emitbits[r >> 6] |= 1ull << (r & 63);
                ev->emitsum[r >> 12] |= 1ull << ((r >> 6) & 63);
                if (r < lo)
                    lo = r;
                if (r > hi)
                    hi = r;
            }
        }
        uint32_t nb = ev->mode == FR_MODE_INCR ? ix->nbase_emit : 0;
        if (ev->mode == FR_MODE_SCAN)
            emit_recs(ev, &k, lo, hi, nb, 1);
        else
            emit_recs(ev, &k, lo, hi, nb, 0);
        uint32_t ntk = ev->mode == FR_MODE_SCAN && !ev->scan_conf ? 0 : ev->ntouched_keys;
        for (uint32_t i = 0; i < ntk; i++) {
            uint32_t key = ev->touched_keys[i];
            if (ev->conf_a[key] >= 0) {
                sink_add(&k, (uint32_t)ev->conf_a[key], 1, key, FR_SEV_ERROR);
                ev->conflicts = 1;
            }
        }
    }
    uint32_t nrules_recs = k.n;
    for (uint32_t i = 0; i < ev->noscs; i++)
        sink_add(&k, ev->osc_rules[ev->oscs[i].first], 2, i, FR_SEV_ERROR);
    if (ev->cfg.nfb | ev->nenv_fb)
        env_fallback_recs(ev, &k);
    ev->nrecs = k.n;
    for (int sv = 0; sv < 3; sv++)
        ev->nmsgs[sv] = k.nm[sv];
    /* the records are in order but for conflicts and oscillations at the
     * end: an insertion sort moves those few into place */
    if (ev->nrecs != nrules_recs || ev->conflicts)
        sort_recs(ev->recs, ev->nrecs);

    /* The message lists are built when first asked for, and their texts
     * rendered then (fr_result_message): the compact format needs neither. */
    ev->msgs_ready = 0;
    ev->recs_ready = 1;
    ev->status = ev->nmsgs[FR_SEV_ERROR] ? FR_STATUS_ERROR : FR_STATUS_OK;
    return 0;
}

/* SCAN mode: the status of the current evaluation; the records are built
 * when asked for (fr_eval_recs).  0. */
static int collect_scan(fr_eval *ev)
{
    ev->conflicts = 0;
    /* the rules of a cyclic group that ran are on touched_rules */
    for (uint32_t i = 0; i < ev->ntouched_rules; i++) {
        uint32_t r = ev->touched_rules[i];
        ev->sc_touch[r >> 6] |= 1ull << (r & 63);
        if (ev->rst[r].rt)
            ev->sc_err[r >> 6] |= 1ull << (r & 63);
    }
    if (ev->scan_conf)
        for (uint32_t i = 0; i < ev->ntouched_keys; i++)
            if (ev->conf_a[ev->touched_keys[i]] >= 0)
                ev->conflicts = 1;
    uint64_t e = 0;
    for (uint32_t w = 0; w < ev->nwrules; w++)
        e |= ev->sc_err[w];
    ev->nrecs = 0;
    ev->recs_ready = 0;
    ev->msgs_ready = 0;
    ev->status = (e || ev->conflicts || ev->noscs) ? FR_STATUS_ERROR : FR_STATUS_OK;
    return 0;
}

void fr_eval_recs(fr_eval *ev)
{
    if (ev->recs_ready)
        return;
    /* SCAN mode: the evaluated rules in rule order, then the conflicts and
     * oscillations (as collect()) */
    recsink k = { ev->recs, 0, ev->caprecs, { 0, 0, 0 } };
    for (uint32_t w = 0; w < ev->nwrules; w++)
        for (uint64_t b = ev->sc_touch[w]; b; b &= b - 1)
            rule_recs(ev, &k, w * 64 + (uint32_t)__builtin_ctzll(b), 1);
    uint32_t nrules_recs = k.n;
    if (ev->conflicts)
        for (uint32_t i = 0; i < ev->ntouched_keys; i++) {
            uint32_t key = ev->touched_keys[i];
            if (ev->conf_a[key] >= 0)
                sink_add(&k, (uint32_t)ev->conf_a[key], 1, key, FR_SEV_ERROR);
        }
    for (uint32_t i = 0; i < ev->noscs; i++)
        sink_add(&k, ev->osc_rules[ev->oscs[i].first], 2, i, FR_SEV_ERROR);
    if (ev->cfg.nfb | ev->nenv_fb)
        env_fallback_recs(ev, &k);
    ev->nrecs = k.n;
    for (int sv = 0; sv < 3; sv++)
        ev->nmsgs[sv] = k.nm[sv];
    if (ev->nrecs != nrules_recs)
        sort_recs(ev->recs, ev->nrecs);
    ev->recs_ready = 1;
}

void fr_eval_build_messages(fr_eval *ev)
{
    fr_eval_recs(ev);
    if (ev->msgs_ready)
        return;
    uint32_t at[3] = { 0, 0, 0 };
    for (uint32_t i = 0; i < ev->nrecs; i++) {
        const fr_emit *e = &ev->recs[i];
        uint32_t j = at[e->sev]++;
        fr_message *m = &ev->msgs[e->sev][j];
        ev->msg_rec[e->sev][j] = i;
        m->severity = (fr_severity)e->sev;
        m->rule = e->rule == FR_NORULE ? -1 : (long)e->rule;
        m->text = NULL;
        m->kind = e->cls == 1 ? "conflict" : e->cls == 2 ? "oscillation" : e->cls == 4 ? "input"
                  : (e->cls == 0 && fr_rule_rt(ev, e->rule)) ? "runtime" : "rule";
    }
    ev->msgs_ready = 1;
}

/* The text of a message, rendered into the per-config arena; NULL when out
 * of memory (a later call tries again). */
static const char *render(fr_eval *ev, int sev, size_t i)
{
    const fr_emit *e = &ev->recs[ev->msg_rec[sev][i]];
    fr_buf *b = &ev->scratch;
    b->len = 0;
    const char *kind;
    rec_text(ev, e, b, &kind);
    if (b->oom) {
        fr_buf_free(b);
        return NULL;
    }
    ev->arena_used = 1;
    return fr_arena_strndup(ev->arena, b->p ? b->p : "", b->len);
}

/* ==== one config ================================================================ */

static void apply_environ(fr_eval *ev)
{
    for (uint32_t i = 0; i < ev->nenv_keys; i++) {
        uint32_t k = ev->env_keys[i];
        if (ev->given[k])
            continue;
        ev->input[k] = ev->env_val[k];
        ev->given[k] = 2;
        ev->cfg.given_keys[ev->cfg.ngiven++] = k;
    }
}

/* SCAN mode: the candidates of a filter table (ix->sc_*): the positions
 * whose rules are not ruled out by the values of the filter slots. */
static inline void scan_filter(const fr_eval *ev, uint64_t *cand, const uint64_t *all, uint32_t nw,
                               uint32_t nf, const uint32_t *vidx, const uint64_t *rows)
{
    if (nw == 1) {
        /* (a filter slot is dense: bool, or enum of at most 63 values, so
         * d < 64) */
        uint64_t c = all[0];
        const fr_val *res = ev->res;
        for (uint32_t f = 0; f < nf; f++, rows += 64) {
            const fr_val *v = &res[vidx[f]];
            uint32_t d = v->is_null ? 0 : (uint32_t)v->i + 1;
            c &= rows[d & 63];
        }
        cand[0] = c;
        return;
    }
    memcpy(cand, all, nw * sizeof *cand);
    for (uint32_t f = 0; f < nf; f++) {
        const fr_val *v = &ev->res[vidx[f]];   /* res and input are one array */
        uint32_t d = v->is_null ? 0 : (uint32_t)v->i + 1;
        if (d >= 64)
            continue;
        const uint64_t *row = rows + ((size_t)f * 64 + d) * nw;
        for (uint32_t w = 0; w < nw; w++)
            cand[w] &= row[w];
    }
}

/* SCAN mode: resolves key k from its declarers. */
static void scan_resolve(fr_eval *ev, uint32_t k)
{
    touch_key(ev, k);
    if (ev->kcount[k] == 1) {
        /* one enabled declarer: its value, no conflict */
        uint32_t i = ev->kitem[k];
        ev->res[k] = ev->itemval[i];
        ev->decl_by[k] = (int32_t)ev->krule[k];
        ev->declbits[k >> 6] |= 1ull << (k & 63);
        return;
    }
    fr_val v;
    int32_t by, ca, cb;
    compute_key(ev, k, &v, &by, &ca, &cb);
    if (ca >= 0)
        ev->scan_conf = 1;
    ev->res[k] = v;
    ev->decl_by[k] = by;
    ev->conf_a[k] = ca;
    ev->conf_b[k] = cb;
    set_declbit(ev, k, by >= 0);
}

/* SCAN mode: resolves the pending keys whose last declaring group comes
 * before group gi (all of them for NONE32); returns how many stay pending
 * and sets *min to the smallest last group among them.  A key whose last
 * group is cyclic was resolved by run_cyclic. */
static uint32_t scan_pending(fr_eval *ev, uint32_t npend, uint32_t gi, uint32_t *min)
{
    const struct fr_evindex *ix = ev->ix;
    uint32_t keep = 0, m = NONE32;
    for (uint32_t i = 0; i < npend; i++) {
        uint32_t k = ev->kpend[i], g = ix->klast[k];
        if (g >= gi && gi != NONE32) {
            ev->kpend[keep++] = k;
            if (g < m)
                m = g;
        } else if (!ix->groups[g].cyclic)
            scan_resolve(ev, k);
    }
    *min = m;
    return keep;
}

/* SCAN mode, keys as a bit set (ix->sc_before): resolves the keys of
 * `todo` (as scan_pending; sc_before leaves out the keys whose last group
 * is cyclic). */
static inline void scan_resolve_set(fr_eval *ev, uint64_t todo)
{
    for (; todo; todo &= todo - 1) {
        uint32_t k = (uint32_t)__builtin_ctzll(todo);
        if (ev->kcount[k] == 1) {
            /* one enabled declarer (as scan_resolve; no conflict, so the
             * key goes on sc_rkeys instead of the touched list) */
            ev->sc_rkeys |= 1ull << k;
            ev->res[k] = ev->itemval[ev->kitem[k]];
            ev->decl_by[k] = (int32_t)ev->krule[k];
            ev->declbits[0] |= 1ull << k;
        } else
            scan_resolve(ev, k);
    }
}

/* SCAN mode: the values of the items of a declare rule whose condition
 * holds (items at base): copied from their slot where the index found one
 * (sc_iref), else evaluated.  0, or a run-time error code. */
static inline __attribute__((always_inline)) int scan_items(fr_eval *ev, const fr_rule *ru, uint32_t base)
{
    const struct fr_evindex *ix = ev->ix;
    for (uint32_t j = 0; j < ru->nitems; j++) {
        uint32_t ref = ix->sc_iref[base + j];
        int rc = 0;
        if (ref != NONE32)
            ev->itemval[base + j] = *sp_ref(ev, ref);
        else
            rc = ev_val(ev, ru->items[j].value, &ev->itemval[base + j]);
        if (!rc && __builtin_expect(ev->itemval[base + j].is_null, 0))
            rc = null_item(ev, ru, j);
        if (rc)
            return rc;
    }
    return 0;
}

/* SCAN mode: a declare rule through the flat program of its condition
 * (as eval_declare_g). */
static inline void scan_declare(fr_eval *ev, uint32_t r)
{
    const struct fr_evindex *ix = ev->ix;
    uint32_t pc = ix->sc_pcond ? ix->sc_pcond[r] : NONE32;
    int c = pc == FR_SP_ALWAYS ? 1 : pc == NONE32 ? -1 : sp_run(ev, ix->sc_prog + pc);
    if (c < 0) {
        eval_declare_g(ev, r);
        return;
    }
    ev->rst[r].rt = 0;
    if (!c) {
        ev->rst[r].on = 0;
        return;
    }
    const fr_rule *ru = &ev->rs->rules[r];
    int rc = scan_items(ev, ru, ix->item_off[r]);
    if (rc)
        rule_rt(ev, r, rc);
    else
        ev->rst[r].on = 1;
}

/* SCAN mode with the pending keys as a bit set (ix->sc_before): a declare
 * rule (as scan_declare) and, when it is enabled, its keys noted pending
 * (their one declarer, or more). */
static inline __attribute__((always_inline)) void scan_declare_set(fr_eval *ev, uint32_t r, uint64_t *pend)
{
    const struct fr_evindex *ix = ev->ix;
    uint32_t pc = ix->sc_pcond ? ix->sc_pcond[r] : NONE32;
    int c = pc == FR_SP_ALWAYS ? 1 : pc == NONE32 ? -1 : sp_run(ev, ix->sc_prog + pc);
    const fr_rule *ru = &ev->rs->rules[r];
    uint32_t base = ix->item_off[r];
    if (c < 0) {
        eval_declare_g(ev, r);
        if (!ev->rst[r].on)
            return;
    } else {
        ev->rst[r].rt = 0;
        ev->rst[r].on = 0;
        if (!c)
            return;
        int rc = scan_items(ev, ru, base);
        if (rc) {
            rule_rt(ev, r, rc);
            return;
        }
        ev->rst[r].on = 1;
    }
    uint64_t p = *pend;
    for (uint32_t j = 0; j < ru->nitems; j++) {
        uint32_t k = ru->items[j].key;
        uint64_t bit = 1ull << (k & 63);
        if (p & bit)
            ev->kcount[k] = 2;
        else {
            p |= bit;
            ev->kcount[k] = 1;
            ev->kitem[k] = base + j;
            ev->krule[k] = r;
        }
    }
    *pend = p;
}

/* SCAN mode: a check through the flat programs of its conditions (as
 * eval_check_g). */
static inline __attribute__((always_inline)) void scan_check(fr_eval *ev, uint32_t r)
{
    const struct fr_evindex *ix = ev->ix;
    uint32_t pc = ix->sc_pcond ? ix->sc_pcond[r] : NONE32;
    int c = pc == FR_SP_ALWAYS ? 1 : pc == NONE32 ? -1 : sp_run(ev, ix->sc_prog + pc);
    if (c > 0 && ix->sc_preq[r] != NONE32) {
        int q = sp_run(ev, ix->sc_prog + ix->sc_preq[r]);
        c = q < 0 ? -1 : !q;
    }
    if (c < 0) {
        if (ix->sc_exact)
            eval_check_ng(ev, r);
        else
            eval_check_g(ev, r);
        return;
    }
    ev->rst[r].on = (uint8_t)c;
    ev->rst[r].rt = 0;
}

/* The filter code of a value: 0 for null, else its index + 1 (bools and
 * enums; other types take no filters). */
static inline uint32_t sc_code(const fr_val *v)
{
    return v->is_null ? 0 : (uint32_t)v->i + 1;
}

/* evaluate_scan for a set of at most 64 rules, 64 declare positions and 64
 * checks, with pending keys as a bit set (sc_before) and no cyclic group:
 * the candidates, touched and error bits in locals (the stores to the
 * rules' uint8_t states would make the compiler reload them from ev). */
/* The filters' value slots as byte offsets (evaluate_scan1: no multiply
 * per filter).  (A step of its own after build_scan.) */
static int build_scan_offs(fr_arena *a, struct fr_evindex *ix)
{
    uint32_t nf[2] = { ix->sc_nfd, ix->sc_nfc };
    const uint32_t *vi[2] = { ix->sc_fd_vidx, ix->sc_fc_vidx };
    uint32_t **vo[2] = { &ix->sc_fd_voff, &ix->sc_fc_voff };
    for (int t = 0; t < 2; t++) {
        uint32_t *o = fr_arena_array(a, nf[t] ? nf[t] : 1, sizeof *o);
        if (!o)
            return -1;
        for (uint32_t f = 0; f < nf[t]; f++)
            o[f] = vi[t][f] * (uint32_t)sizeof(fr_val);
        *vo[t] = o;
    }
    return 0;
}

static void evaluate_scan1(fr_eval *ev)
{
    const struct fr_evindex *ix = ev->ix;
    fr_val *res = ev->res;
    {
        /* (the reader wrote the first nres there already) */
        const fr_val *in = ev->input;
        const uint32_t *gk = ev->cfg.given_keys;
        for (uint32_t i = ev->cfg.nres, n = ev->cfg.ngiven; i < n; i++) {
            uint32_t k = gk[i];
            res[k] = in[k];
        }
    }
    ev->scan_conf = 0;
    uint64_t cand = ix->sc_alld[0];
    {
        const uint32_t *voff = ix->sc_fd_voff;
        const uint64_t *rows = ix->sc_fd_rows;
        const char *rb = (const char *)res;
        for (uint32_t f = 0, nf = ix->sc_nfd; f < nf; f++, rows += 64)
            cand &= rows[sc_code((const fr_val *)(const void *)(rb + voff[f])) & 63];
    }
    const uint64_t *before = ix->sc_before;
    const uint32_t *sgroup = ix->sc_group, *srules = ix->sc_rules;
    const uint32_t nfl = ix->sc_nfl;
    uint32_t cur = NONE32, fl = 0;
    uint32_t flnext = nfl ? ix->sc_fl_group[0] : NONE32;
    uint64_t touch = 0, err = 0, pend = 0;
    while (cand) {
        uint32_t p = (uint32_t)__builtin_ctzll(cand);
        uint32_t gi = sgroup[p];
        if (gi != cur) {
            cur = gi;
            uint64_t todo = pend & before[gi];
            if (todo) {
                pend &= ~todo;
                scan_resolve_set(ev, todo);
            }
            if (flnext < gi) {
                /* keys final from here on: their filters clear the
                 * positions from p on (p included) */
                for (; fl < nfl && ix->sc_fl_group[fl] < gi; fl++) {
                    uint32_t d = sc_code(&res[ix->sc_fl_vidx[fl]]);
                    if (d < 64)
                        cand &= ix->sc_fl_rows[(size_t)fl * 64 + d];
                }
                flnext = fl < nfl ? ix->sc_fl_group[fl] : NONE32;
                continue;   /* take the next candidate again */
            }
        }
        cand &= cand - 1;
        uint32_t r = srules[p];
        touch |= 1ull << r;
        scan_declare_set(ev, r, &pend);
        if (ev->rst[r].rt)
            err |= 1ull << r;
    }
    scan_resolve_set(ev, pend & before[ix->ngroups]);
    uint64_t candc = ix->sc_allc[0];
    {
        const uint32_t *voff = ix->sc_fc_voff;
        const uint64_t *rows = ix->sc_fc_rows;
        const char *rb = (const char *)res;
        for (uint32_t f = 0, nf = ix->sc_nfc; f < nf; f++, rows += 64)
            candc &= rows[sc_code((const fr_val *)(const void *)(rb + voff[f])) & 63];
    }
    const uint64_t emask = ix->sc_errmask[0];
    for (; candc; candc &= candc - 1) {
        uint32_t r = ix->checks[__builtin_ctzll(candc)];
        scan_check(ev, r);
        uint64_t bit = 1ull << r;
        touch |= bit;
        /* an error record: a run-time error, or an error message */
        err |= ev->rst[r].rt ? bit : ((uint64_t)0 - ev->rst[r].on) & bit & emask;
    }
    ev->sc_touch[0] |= touch;
    ev->sc_err[0] |= err;
}

/* SCAN mode: the declare rules in plan order and the checks, each only
 * when the filters do not rule it out (those keep the state between
 * configs: off, no run-time error).  A key is resolved, from its declarers,
 * before the first group after its last declaring group; a key no enabled
 * rule declares keeps its input value.  Everything changed is on the
 * touched lists, which restore() undoes. */
static void evaluate_scan(fr_eval *ev)
{
    const fr_ruleset *rs = ev->rs;
    const struct fr_evindex *ix = ev->ix;
    {
        const fr_val *in = ev->input;
        fr_val *res = ev->res;
        const uint32_t *gk = ev->cfg.given_keys;
        for (uint32_t i = ev->cfg.nres, n = ev->cfg.ngiven; i < n; i++) {
            uint32_t k = gk[i];
            res[k] = in[k];
        }
    }
    ev->scan_conf = 0;
    uint64_t *cand = ev->scand;
    scan_filter(ev, cand, ix->sc_alld, ix->sc_nwd, ix->sc_nfd, ix->sc_fd_vidx, ix->sc_fd_rows);
    uint32_t npend = 0, pmin = NONE32, cur = NONE32, last_cyc = NONE32, fl = 0;
    uint32_t nfl = ix->sc_nfl, nwd = ix->sc_nwd;
    const uint64_t *before = ix->sc_before;
    uint64_t pend = 0;   /* (before: the pending keys) */
    /* the last group of the next key final from there (filters sc_fl) */
    uint32_t flnext = nfl ? ix->sc_fl_group[0] : NONE32;
    const int anycyc = ix->sc_anycyc;
    for (uint32_t w = 0; w < nwd; w++)
        while (cand[w]) {
            uint32_t p = w * 64 + (uint32_t)__builtin_ctzll(cand[w]);
            uint32_t gi = ix->sc_group[p];
            if (gi != cur) {
                cur = gi;
                if (before) {
                    uint64_t todo = pend & before[gi];
                    if (todo) {
                        pend &= ~todo;
                        scan_resolve_set(ev, todo);
                    }
                } else if (npend && pmin < gi)
                    npend = scan_pending(ev, npend, gi, &pmin);
                if (flnext < gi) {
                    /* keys final from here on: their filters clear the
                     * positions from p on (p included) */
                    for (; fl < nfl && ix->sc_fl_group[fl] < gi; fl++) {
                        const fr_val *v = &ev->res[ix->sc_fl_vidx[fl]];
                        uint32_t d = v->is_null ? 0 : (uint32_t)v->i + 1;
                        if (d >= 64)
                            continue;
                        const uint64_t *row = ix->sc_fl_rows + ((size_t)fl * 64 + d) * nwd;
                        for (uint32_t x = w; x < nwd; x++)
                            cand[x] &= row[x];
                    }
                    flnext = fl < nfl ? ix->sc_fl_group[fl] : NONE32;
                    continue;   /* take the next candidate again */
                }
            }
            cand[w] &= cand[w] - 1;
            uint32_t r = ix->sc_rules[p];
            if (anycyc && ix->groups[gi].cyclic) {
                if (gi == last_cyc)
                    continue;
                last_cyc = gi;
                run_cyclic(ev, gi);
                ev->scan_conf = 1;
                /* its keys declared in later groups too are resolved there
                 * (from all their declarers) */
                for (uint32_t i = ix->gk_off[gi]; i < ix->gk_off[gi + 1]; i++) {
                    uint32_t k = ix->gk_keys[i];
                    if (ix->klast[k] != gi) {
                        ev->kneed[k] = ev->epoch;
                        ev->kcount[k] = 2;
                        pend |= 1ull << (k & 63);
                        ev->kpend[npend++] = k;
                        if (ix->klast[k] < pmin)
                            pmin = ix->klast[k];
                    }
                }
                continue;
            }
            ev->sc_touch[r >> 6] |= 1ull << (r & 63);
            if (before) {
                scan_declare_set(ev, r, &pend);
                if (ev->rst[r].rt)
                    ev->sc_err[r >> 6] |= 1ull << (r & 63);
                continue;
            }
            scan_declare(ev, r);
            if (ev->rst[r].rt)
                ev->sc_err[r >> 6] |= 1ull << (r & 63);
            if (ev->rst[r].on) {
                const fr_rule *ru = &rs->rules[r];
                for (uint32_t j = 0; j < ru->nitems; j++) {
                    uint32_t k = ru->items[j].key;
                    if (ev->kneed[k] != ev->epoch) {
                        ev->kneed[k] = ev->epoch;
                        ev->kcount[k] = 1;
                        ev->kitem[k] = ix->item_off[r] + j;
                        ev->krule[k] = r;
                        ev->kpend[npend++] = k;
                        if (ix->klast[k] < pmin)
                            pmin = ix->klast[k];
                    } else
                        ev->kcount[k] = 2;
                }
            }
        }
    if (before)
        scan_resolve_set(ev, pend & before[ix->ngroups]);
    else if (npend)
        scan_pending(ev, npend, NONE32, &pmin);
    scan_filter(ev, cand, ix->sc_allc, ix->sc_nwc, ix->sc_nfc, ix->sc_fc_vidx, ix->sc_fc_rows);
    for (uint32_t w = 0; w < ix->sc_nwc; w++)
        for (uint64_t bits = cand[w]; bits; bits &= bits - 1) {
            uint32_t r = ix->checks[w * 64 + (uint32_t)__builtin_ctzll(bits)];
            scan_check(ev, r);
            uint32_t rw = r >> 6;
            uint64_t bit = 1ull << (r & 63);
            ev->sc_touch[rw] |= bit;
            /* an error record: a run-time error, or an error message */
            uint64_t m = ev->rst[r].rt ? bit : ((uint64_t)0 - ev->rst[r].on) & bit & ix->sc_errmask[rw];
            ev->sc_err[rw] |= m;
        }
}

/* INCR: judges the checks on the check list (their keys are final).  The
 * arrays are in locals: the stores to a rule's uint8_t state could alias
 * anything.  big: prefetch the records of the rules ahead. */
/* INCR: judges the queued checks (each once: the queue is a set) on the
 * final values.  A check judged as at the baseline is left unmarked: its
 * state is the baseline's (fr_rstate); one judged otherwise is marked.
 * big: prefetch the state and the lists of the checks ahead. */
static inline __attribute__((always_inline)) void judge_checks(fr_eval *ev, int big, int wide)
{
    const struct fr_evindex *ix = ev->ix;
    const uint32_t *cl = ev->check_list;
    fr_rstate *rst = ev->rst;
    const fr_rcl *rcl = ev->rcl;
    const fr_ctest *ct = ix->cl_test;
    const fr_val *res = ev->res;
    uint64_t *q = ev->queued;
    uint32_t n = ev->ncheck_list, epoch = ev->epoch;
    /* wide: the queue's words cleared at once (few of them for the checks
     * queued), else as the checks are taken */
    if (wide)
        memset(q, 0, ev->nwrules * sizeof *q);
    if (big && n)
        for (uint32_t i = n; i < n + 8; i++)
            ev->check_list[i] = cl[0];   /* (the prefetches run past the end: 8 spare entries) */
    const uint32_t *qrule = ix->qrule;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t p = cl[i];   /* (a position: ix->qrule) */
        if (big) {
            __builtin_prefetch(&rcl[cl[i + 8]]);
            __builtin_prefetch(&ct[rcl[cl[i + 4]].cl]);
        }
        if (!wide)
            q[p >> 6] = 0;   /* (the queue is empty after the loop) */
        uint32_t aux = rcl[p].aux;
        if (aux & FR_RCL_LIST) {
            /* (the list starts with the pre-check anyway) */
            const fr_ctest *t = ct + rcl[p].cl, *e = t + (aux & FR_RCL_N);
            uint32_t c = 1;
            for (; t < e; t++)
                if (!ctest_in(res, t)) {
                    c = 0;
                    break;
                }
            if (c == !!(aux & FR_RCL_BASEON))
                continue;   /* as at the baseline (collect takes a baseline emitter from base_emit) */
            uint32_t r = qrule[p];
            fr_rstate *st = &rst[r];
            st->mark = epoch;
            st->on = (uint8_t)c;
            st->rt = 0;
            if (c)
                note_emit(ev, r);
        } else {
            uint32_t r = qrule[p];
            fr_rstate *st = &rst[r];
            st->mark = epoch;
            eval_check_g(ev, r);
            if (st->on | st->rt)
                note_emit(ev, r);
        }
    }
    ev->ncheck_list = 0;
}

/* judge_checks specialised (out of line: evaluate stays small) */
static __attribute__((noinline)) void judge_incr(fr_eval *ev)
{
    int wide = (uint64_t)ev->ncheck_list * 8 >= ev->nwrules;
    if (ev->big && wide)
        judge_checks(ev, 1, 1);
    else if (ev->big)
        judge_checks(ev, 1, 0);
    else if (wide)
        judge_checks(ev, 0, 1);
    else
        judge_checks(ev, 0, 0);
}

/* Resolution and judging after the input is in place. */
static int evaluate(fr_eval *ev)
{
    const fr_ruleset *rs = ev->rs;
    const struct fr_evindex *ix = ev->ix;
    uint32_t ng = ev->cfg.ngiven;
    if (ev->mode == FR_MODE_SCAN) {
        /* (restore() resets the given keys from the reader's list) */
        if (ix->sc_small)
            evaluate_scan1(ev);
        else
            evaluate_scan(ev);
        return collect_scan(ev);
    }
    for (uint32_t i = 0; i < ng; i++) {
        uint32_t k = ev->cfg.given_keys[i];
        touch_key(ev, k);
    }
    if (ev->mode == FR_MODE_FULL) {
        for (uint32_t r = 0; r < rs->nrules; r++) {
            ev->rst[r].on = 0;
            mark_rule(ev, r);
        }
        for (uint32_t k = 0; k < rs->nkeys; k++) {
            touch_key(ev, k);
            ev->res[k] = ev->input[k];
            ev->decl_by[k] = -1;
            set_declbit(ev, k, 0);
        }
        for (uint32_t g = 0; g < ix->ngroups; g++)
            set_dirty(ev, g);
        for (uint32_t i = 0; i < ix->ndkeys; i++)
            ev->kneed[ix->dkeys[i]] = ev->epoch;
    } else {
        /* every input value in place before any rule is looked at */
        for (uint32_t i = 0; i < ng; i++) {
            uint32_t k = ev->cfg.given_keys[i];
            if (ix->kd_off[k] == ix->kd_off[k + 1])
                ev->res[k] = ev->input[k];
        }
        for (uint32_t i = 0; i < ng; i++) {
            uint32_t k = ev->cfg.given_keys[i];
            fr_type t = rs->keys[k].type;
            if (fr_val_eq(t, ev->input[k], rs->keys[k].def))
                continue;
            notify(ev, k, 1, ev->input[k]);
            if (ix->kd_off[k] == ix->kd_off[k + 1]) {
                if (!fr_val_eq(t, ev->res[k], ix->base_res[k]))
                    notify(ev, k, 0, ev->res[k]);
            } else {
                need_key(ev, k);
            }
        }
    }
    /* groups in plan order */
    /* (the words in use through their summary bits: with many groups and
     * few of them dirty, scanning every word would cost more than the work) */
    for (uint32_t sw = 0; sw < ev->ndirtysum; sw++) {
        uint64_t seen = 0;
        for (;;) {
            uint64_t todo = ev->dirtysum[sw] & ~seen;
            if (!todo)
                break;
            uint32_t wb = (uint32_t)__builtin_ctzll(todo);
            /* words are taken in order; a word below one already taken is
             * not gone back to (as a plain scan would not) */
            seen |= (todo & -todo) | ((todo & -todo) - 1);
            uint32_t w = sw * 64 + wb;
            while (ev->dirty[w]) {
                uint32_t g = w * 64 + (uint32_t)__builtin_ctzll(ev->dirty[w]);
                run_group(ev, g);
                ev->dirty[w] &= ~(1ull << (g & 63));
            }
        }
    }
    if (ev->mode == FR_MODE_FULL)
        for (uint32_t i = 0; i < ev->ncheck_list; i++) {
            uint32_t r = ev->check_list[i];
            eval_check(ev, r);
            if (ev->rst[r].on | ev->rst[r].rt)
                note_emit(ev, r);
        }
    else
        judge_incr(ev);
    return collect(ev);
}

/* SCAN mode: the resolved values the fast reader wrote (before it left a
 * line to the general reader) back to their defaults, as when it had not. */
static void unread_res(fr_eval *ev)
{
    if (ev->mode != FR_MODE_SCAN)
        return;
    for (uint32_t i = 0; i < ev->cfg.ngiven; i++) {
        uint32_t k = ev->cfg.given_keys[i];
        ev->res[k] = ev->ix->sc_def[k];
    }
}

static const fr_result *finish_invalid(fr_eval *ev, const char *reason)
{
    ev->status = FR_STATUS_INVALID;
    ev->invalid_reason = reason;
    unread_res(ev);
    for (uint32_t i = 0; i < ev->cfg.ngiven; i++)
        touch_key(ev, ev->cfg.given_keys[i]);
    return &ev->result;
}

/* The reason a config that does not give a key of env_big is invalid (the
 * first such key), or NULL: none, or out of memory (cfg.reason.oom). */
static const char *env_big_reason(fr_eval *ev)
{
    for (uint32_t i = 0; i < ev->nenv_big; i++) {
        uint32_t k = ev->env_big[i];
        if (ev->given[k])
            continue;
        const char *text = ev->env_copies[k];
        fr_buf *r = &ev->cfg.reason;
        r->len = 0;
        bad_value_from(ev->rs, k, text, strlen(text), " in the environment", r);
        return r->oom ? NULL : r->p;
    }
    return NULL;
}
static const fr_result *after_read(fr_eval *ev, int rc)
{
    if (rc < 0) {
        unread_res(ev);
        for (uint32_t i = 0; i < ev->cfg.ngiven; i++)
            touch_key(ev, ev->cfg.given_keys[i]);
        return NULL;
    }
    if (rc > 0)
        return finish_invalid(ev, ev->cfg.reason.p ? ev->cfg.reason.p : "invalid config");
    if (__builtin_expect(ev->nenv_big != 0, 0)) {
        const char *why = env_big_reason(ev);
        if (why)
            return finish_invalid(ev, why);
        if (ev->cfg.reason.oom)
            return NULL;
    }
    apply_environ(ev);
    if (evaluate(ev) < 0)
        return NULL;
    return &ev->result;
}

static int env_ready(fr_eval *ev);

const fr_result *fr_eval_line(fr_eval *ev, const char *line, size_t len)
{
    if (!ev || (!line && len))
        return NULL;
    restore(ev);
    if (env_ready(ev) < 0)
        return NULL;
    if (len && line[len - 1] == '\n')
        len--;
    if (len && line[len - 1] == '\r')
        len--;
    return after_read(ev, fr_config_line(&ev->cfg, line ? line : "", len));
}

const fr_result *fr_eval_argv(fr_eval *ev, size_t argc, const char *const *argv)
{
    if (!ev || (!argv && argc))
        return NULL;
    restore(ev);
    if (env_ready(ev) < 0)
        return NULL;
    return after_read(ev, fr_config_argv(&ev->cfg, argc, argv));
}

const fr_result *fr_eval_values(fr_eval *ev, size_t n, const size_t *keys, const fr_value *vals)
{
    if (!ev || (n && (!keys || !vals)))
        return NULL;
    restore(ev);
    if (env_ready(ev) < 0)
        return NULL;
    return after_read(ev, fr_config_values(&ev->cfg, n, keys, vals));
}

const fr_result *fr_eval_reject(fr_eval *ev, const char *reason)
{
    if (!ev)
        return NULL;
    restore(ev);
    fr_cfgin *c = &ev->cfg;
    fr_cfgin_begin(c);
    fr_buf_puts(&c->reason, reason && *reason ? reason : "invalid config");
    if (c->reason.oom)
        return NULL;
    return finish_invalid(ev, c->reason.p);
}

/* ==== evaluator lifetime ============================================================ */

static void env_clear(fr_eval *ev)
{
    if (ev->env_copies)
        for (uint32_t i = 0; i < ev->own_nkeys; i++) {
            free(ev->env_copies[i]);
            ev->env_copies[i] = NULL;
        }
    ev->nenv_keys = ev->nenv_fb = ev->nenv_big = 0;
    if (ev->env_set)
        memset(ev->env_set, 0, ev->own_nkeys);
}

static int env_snapshot(fr_eval *ev)
{
    const fr_ruleset *rs = ev->rs;
    env_clear(ev);
    for (uint32_t k = 0; k < rs->nkeys; k++) {
        const fr_key *key = &rs->keys[k];
        if (key->kind != FR_KEY_ENV)
            continue;
        const char *v = getenv(key->name);
        if (!v)
            continue;
        size_t n = strlen(v);
        char *copy = malloc(n + 1);
        if (!copy)
            return -1;
        memcpy(copy, v, n + 1);
        ev->env_copies[k] = copy;
        fr_buf why = { 0 };
        fr_parse_rc rc = FR_PARSE_OK;
        int bad = fr_config_value_rc(rs, k, key->name, copy, n, &ev->env_val[k], &why, &rc);
        fr_buf_free(&why);
        if (bad && rc == FR_PARSE_RANGE) {
            ev->env_big[ev->nenv_big++] = k;
            continue;
        }
        if (bad) {
            /* the default, with a warning each config that does not give
             * the key (as the program's EnvField.get() falls back) */
            ev->env_fb[ev->nenv_fb++] = k;
            continue;
        }
        ev->env_set[k] = 1;
        ev->env_keys[ev->nenv_keys++] = k;
    }
    return 0;
}

void fr_eval_set_ignore_unknown(fr_eval *ev, bool on)
{
    if (ev)
        ev->cfg.ignore_unknown = on;
}

/* The environment is read at the first evaluation after it is turned on
 * (once, not per config): an allocation failure then fails that call. */
void fr_eval_set_use_environ(fr_eval *ev, bool on)
{
    if (!ev)
        return;
    ev->use_environ = on;
    env_clear(ev);
    ev->env_pending = on;
}

static int env_ready(fr_eval *ev)
{
    if (!ev->env_pending)
        return 0;
    if (env_snapshot(ev) < 0) {
        env_clear(ev);
        return -1;
    }
    ev->env_pending = 0;
    return 0;
}

/* The state between configs: the baseline (FULL, INCR: restore() returns
 * to it), or for SCAN every key its default, undeclared, every rule off. */
static void initial_state(fr_eval *ev)
{
    const fr_ruleset *rs = ev->rs;
    const struct fr_evindex *ix = ev->ix;
    int scan = ev->mode == FR_MODE_SCAN;
    for (uint32_t k = 0; k < rs->nkeys; k++) {
        ev->input[k] = rs->keys[k].def;
        ev->res[k] = !scan && ix->base_res ? ix->base_res[k] : rs->keys[k].def;
        ev->decl_by[k] = !scan && ix->base_decl_by ? ix->base_decl_by[k] : -1;
        ev->conf_a[k] = ev->conf_b[k] = -1;
        set_declbit(ev, k, ev->decl_by[k] >= 0);
    }
    for (uint32_t r = 0; r < rs->nrules; r++) {
        ev->rst[r].on = !scan && ix->base_on ? ix->base_on[r] : 0;
        ev->rst[r].rt = 0;
        ev->rst[r].base_on = ev->rst[r].on;
        if (ix->rflat)
            ev->rst[r].flags = ix->rflat[r].flags;
    }
    if (ix->base_item && ix->nitems)
        memcpy(ev->itemval, ix->base_item, ix->nitems * sizeof *ev->itemval);
}

void fr_eval_set_mode(fr_eval *ev, int mode)
{
    if (!ev)
        return;
    restore(ev);
    const struct fr_evindex *ix = ev->ix;
    if (mode < 0)
        mode = ix->default_mode;
    if (mode == FR_MODE_INCR && !ix->incremental)
        mode = FR_MODE_SCAN;
    ev->mode = mode;
    ev->cfg.res = mode == FR_MODE_SCAN ? ev->res : NULL;
    initial_state(ev);
}

void fr_eval_set_full(fr_eval *ev, bool full)
{
    fr_eval_set_mode(ev, full ? FR_MODE_FULL : -1);
}

void fr_eval_free(fr_eval **evp)
{
    if (!evp || !*evp)
        return;
    fr_eval *ev = *evp;
    if (ev->rs)
        env_clear(ev);
    free(ev->env_copies);
    free(ev->env_val);
    free(ev->env_set);
    free(ev->env_keys);
    free(ev->env_fb);
    free(ev->env_big);
    free(ev->res);   /* (input is its second half) */
    free(ev->given);
    free(ev->decl_by);
    free(ev->conf_a);
    free(ev->conf_b);
    free(ev->declbits);
    free(ev->rst);
    free(ev->queued);
    free(ev->rt_node);
    free(ev->itemval);

    free(ev->kmark);
    free(ev->kneed);
    free(ev->touched_rules);
    free(ev->touched_keys);
    free(ev->check_list);
    free(ev->emitbits);
    free(ev->dirty);
    free(ev->emitsum);
    free(ev->kl_head);
    free(ev->kl_stamp);
    free(ev->kl_pos);
    free(ev->kl_next);
    free(ev->kcand);
    free(ev->kpend);
    free(ev->scand);
    free(ev->kcount);
    free(ev->kitem);
    free(ev->krule);
    free(ev->dirtysum);
    free(ev->oscs);
    free(ev->osc_rules);
    free(ev->scr_on);
    free(ev->scr_item);
    free(ev->scr_flag);
    free(ev->recs);
    free(ev->sc_touch);
    free(ev->sc_err);
    for (int s = 0; s < 3; s++) {
        free(ev->msgs[s]);
        free(ev->msg_rec[s]);
    }
    fr_arena_free(&ev->arena);
    fr_buf_free(&ev->scratch);
    free(ev->cfg.given_keys);
    fr_cfgin_free(&ev->cfg);
    if (ev->match_data)
        pcre2_match_data_free((pcre2_match_data *)ev->match_data);
    if (ev->match_ctx)
        pcre2_match_context_free((pcre2_match_context *)ev->match_ctx);
    for (uint32_t i = 0; ev->re_code && i < ev->own_nregexes; i++)
        if (ev->re_code[i])
            pcre2_code_free((pcre2_code *)ev->re_code[i]);
    free(ev->re_code);
    free(ev->re_state);
    free(ev);
    *evp = NULL;
}

/* (big arrays, read at random per config in a big rule set: on huge pages) */
#define NALLOC(p, n) ((p) = calloc((n) != 0 ? (n) : 1, sizeof *(p)), \
                      (p) == NULL || (fr_mem_hugepages((p), (n) * sizeof *(p)), 0))
/* Not zeroed: arrays written before they are read (the cycle history, the
 * message tables); their pages are touched only when used. */
#define UALLOC(p, n) ((p) = malloc(((n) != 0 ? (n) : 1) * sizeof *(p)), (p) == NULL)

/* An evaluator on index ix (which may be partly built: baseline arrays
 * absent means full mode from the empty state). */
static fr_eval *eval_create(const fr_ruleset *rs, const struct fr_evindex *ix, int mode)
{
    fr_eval *ev = calloc(1, sizeof *ev);
    if (!ev)
        return NULL;
    ev->rs = rs;
    ev->own_nkeys = rs->nkeys;
    ev->own_nregexes = rs->nregexes;
    ev->ix = ix;
    ev->mode = mode;
    /* (NULL for the baseline's FULL evaluator, made before the order) */
    ev->rcl = ix->rcl;
    ev->declmask = ix->declmask;
    ev->big = rs->nrules >= 4096;
    ev->result.ev = ev;
    size_t nk = rs->nkeys, nr = rs->nrules, ni = ix->nitems;
    size_t ng = ix->ngroups;
    ev->ndirty_words = (uint32_t)((ng + 63) / 64);
    ev->ndirtysum = (ev->ndirty_words + 63) / 64;
    ev->capkl = (uint32_t)(2 * ni);
    ev->nwrules = (uint32_t)((nr + 63) / 64);
    ev->recs_ready = 1;
    /* (a record a rule and one an attached message; the sum from
     * build_keys, not a walk over the rule records per evaluator) */
    size_t cap_recs = nr + ix->sum_attached + 2 * nk + ng + 1;   /* (nk: conflicts; nk: env fallbacks) */
    ev->caprecs = (uint32_t)cap_recs;
    /* resolved and input values in one array: a fast test reads res[vidx] */
    if (NALLOC(ev->res, 2 * nk))
        goto fail;
    ev->input = ev->res + nk;
    if (NALLOC(ev->given, nk) ||
        NALLOC(ev->decl_by, nk) || NALLOC(ev->conf_a, nk) || NALLOC(ev->conf_b, nk) ||
        NALLOC(ev->declbits, (nk + 63) / 64) || NALLOC(ev->rst, nr) || NALLOC(ev->queued, (nr + 63) / 64) ||
        NALLOC(ev->rt_node, nr) || NALLOC(ev->itemval, ni) || 
        NALLOC(ev->kmark, nk) || NALLOC(ev->kneed, nk) || NALLOC(ev->touched_rules, nr) || NALLOC(ev->touched_keys, nk) ||
        NALLOC(ev->check_list, nr + 8) || NALLOC(ev->emitbits, (nr + 63) / 64) || NALLOC(ev->dirty, ev->ndirty_words) ||
        NALLOC(ev->emitsum, (nr + 4095) / 4096) || NALLOC(ev->dirtysum, ev->ndirtysum) ||
        NALLOC(ev->kl_head, nk) || NALLOC(ev->kl_stamp, nk) || NALLOC(ev->kl_pos, 2 * ni) ||
        NALLOC(ev->kl_next, 2 * ni) || NALLOC(ev->kpend, nk + ix->gk_off[ng]) ||
        NALLOC(ev->scand, ix->sc_nwd > ix->sc_nwc ? ix->sc_nwd : ix->sc_nwc) ||
        NALLOC(ev->kcount, nk) || NALLOC(ev->kitem, nk) || NALLOC(ev->krule, nk) ||
        NALLOC(ev->oscs, ng) || NALLOC(ev->osc_rules, ix->nplan) ||
        NALLOC(ev->scr_on, ix->max_group_rules) || NALLOC(ev->scr_item, ix->max_group_items) ||
        NALLOC(ev->scr_flag, ix->max_group_rules) || NALLOC(ev->recs, cap_recs) ||
        NALLOC(ev->env_val, nk) || NALLOC(ev->env_set, nk) || NALLOC(ev->env_keys, nk) ||
        NALLOC(ev->env_copies, nk) || NALLOC(ev->env_fb, nk) || NALLOC(ev->env_big, nk) ||
        NALLOC(ev->cfg.given_keys, nk) ||
        NALLOC(ev->sc_touch, (nr + 63) / 64) || NALLOC(ev->sc_err, (nr + 63) / 64))
        goto fail;
    for (int s = 0; s < 3; s++)
        if (UALLOC(ev->msgs[s], cap_recs) || UALLOC(ev->msg_rec[s], cap_recs))
            goto fail;
    ev->arena = fr_arena_new();
    if (!ev->arena)
        goto fail;
    ev->match_data = pcre2_match_data_create(1, NULL);
    ev->match_ctx = pcre2_match_context_create(NULL);
    if (!ev->match_data || !ev->match_ctx)
        goto fail;
    if (rs->nregexes && (NALLOC(ev->re_code, rs->nregexes) || NALLOC(ev->re_state, rs->nregexes)))
        goto fail;
    pcre2_set_match_limit((pcre2_match_context *)ev->match_ctx, MATCH_LIMIT);
    pcre2_set_depth_limit((pcre2_match_context *)ev->match_ctx, DEPTH_LIMIT);

    ev->cfg.rs = rs;
    ev->cfg.map = &ix->map;
    ev->cfg.input = ev->input;
    ev->cfg.res = ev->mode == FR_MODE_SCAN ? ev->res : NULL;
    ev->cfg.given = ev->given;
    initial_state(ev);
    ev->epoch = 1;
    ev->status = FR_STATUS_OK;
    return ev;
fail:
    fr_eval_free(&ev);
    return NULL;
}

fr_eval *fr_eval_new(const fr_ruleset *rs)
{
    if (!rs || !rs->evindex)
        return NULL;
    const struct fr_evindex *ix = rs->evindex;
    int mode = ix->default_mode;
    if (mode == FR_MODE_INCR && !ix->incremental)
        mode = FR_MODE_SCAN;
    return eval_create(rs, ix, mode);
}

/* ==== results ========================================================================= */

fr_status fr_result_status(const fr_result *r)
{
    return r ? (fr_status)r->ev->status : FR_STATUS_INVALID;
}

const char *fr_eval_invalid_reason(fr_eval *ev)
{
    if (ev->status != FR_STATUS_INVALID)
        return NULL;
    /* (the reader's reason: its "did you mean" is computed now) */
    if (ev->invalid_reason && ev->invalid_reason == ev->cfg.reason.p)
        ev->invalid_reason = fr_config_reason(&ev->cfg);
    return ev->invalid_reason;
}

const char *fr_result_invalid_reason(const fr_result *r)
{
    return r ? fr_eval_invalid_reason(r->ev) : NULL;
}

size_t fr_result_nmessages(const fr_result *r, fr_severity sev)
{
    if (!r || (unsigned)sev > FR_SEV_INFO)
        return 0;
    fr_eval_recs(r->ev);
    return r->ev->nmsgs[sev];
}

const fr_message *fr_result_message(const fr_result *r, fr_severity sev, size_t i)
{
    if (!r || (unsigned)sev > FR_SEV_INFO)
        return NULL;
    fr_eval_build_messages(r->ev);
    if (i >= r->ev->nmsgs[sev])
        return NULL;
    fr_message *m = &r->ev->msgs[sev][i];
    if (!m->text && !(m->text = render(r->ev, (int)sev, i)))
        return NULL;
    return m;
}

fr_value fr_result_resolved(const fr_result *r, size_t k)
{
    fr_value none = { 0 };
    none.is_null = true;
    if (!r || k >= r->ev->rs->nkeys)
        return none;
    const fr_ruleset *rs = r->ev->rs;
    return fr_val_public(rs, rs->keys[k].type, r->ev->res[k]);
}

fr_value fr_result_input(const fr_result *r, size_t k)
{
    fr_value none = { 0 };
    none.is_null = true;
    if (!r || k >= r->ev->rs->nkeys)
        return none;
    const fr_ruleset *rs = r->ev->rs;
    return fr_val_public(rs, rs->keys[k].type, r->ev->input[k]);
}

bool fr_result_declared(const fr_result *r, size_t k)
{
    return r && k < r->ev->rs->nkeys && r->ev->status != FR_STATUS_INVALID && r->ev->decl_by[k] >= 0;
}

long fr_result_declared_by(const fr_result *r, size_t k)
{
    if (!fr_result_declared(r, k))
        return -1;
    return r->ev->decl_by[k];
}

bool fr_result_given(const fr_result *r, size_t k)
{
    return r && k < r->ev->rs->nkeys && r->ev->given[k] == 1;
}

long fr_result_next_declared(const fr_result *r, long after)
{
    if (!r || r->ev->status == FR_STATUS_INVALID)
        return -1;
    const fr_eval *ev = r->ev;
    size_t nk = ev->rs->nkeys;
    size_t k = after < 0 ? 0 : (size_t)after + 1;
    while (k < nk) {
        uint64_t w = ev->declbits[k >> 6] >> (k & 63);
        if (w)
            return (long)(k + (size_t)__builtin_ctzll(w));
        k = (k | 63) + 1;
    }
    return -1;
}

static char *put_i64(char *p, int64_t x)
{
    /* (small values, the common case, without the division loop) */
    if (x >= 0 && x < 100) {
        if (x < 10) {
            *p = (char)('0' + x);
            return p + 1;
        }
        p[0] = (char)('0' + x / 10);
        p[1] = (char)('0' + x % 10);
        return p + 2;
    }
    char tmp[24];
    char *e = tmp + sizeof tmp, *q = e;
    uint64_t u = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
    do {
        *--q = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (x < 0)
        *--q = '-';
    memcpy(p, q, (size_t)(e - q));
    return p + (e - q);
}

/* A name from a padded table (ix->rnames, cw_knames, ecompact): 32 bytes
 * are read, and written, whatever n (the tables have 32 bytes after their
 * last name, the line's bound 32 more). */
static inline char *rname_put(char *p, const char *s, uint32_t n)
{
    memcpy(p, s, 32);
    if (n > 32)
        memcpy(p + 32, s + 32, n - 32);
    return p + n;
}

fr_rc fr_result_append_compact(const fr_result *r, char **buf, size_t *len, size_t *cap)
{
    if (!r || !buf || !len || !cap)
        return FR_EINVAL;
    const fr_eval *ev = r->ev;
    const fr_ruleset *rs = ev->rs;
    const struct fr_evindex *ix = ev->ix;
    if (ev->status == FR_STATUS_INVALID) {
        fr_buf b = { *buf, *len, *cap, 0 };
        fr_buf_put(&b, "invalid\t-\t-\n", 12);
        *buf = b.p;
        *cap = b.cap;
        if (b.oom)
            return FR_ENOMEM;
        *len = b.len;
        return FR_OK;
    }
    /* the errors: in SCAN mode without conflicts and oscillations the rules
     * on sc_err (in rule order), else the records */
    int fast = !ev->recs_ready && !ev->conflicts && !ev->noscs;
    if (!fast)
        fr_eval_recs(r->ev);
    /* (fast: the errors are the rules on sc_err, as the status says) */
    uint32_t ne = fast ? ev->status == FR_STATUS_ERROR : ev->nmsgs[FR_SEV_ERROR];
    /* an upper bound of the line, then one pass of copies (32 more: the
     * overrun of rname_put) */
    size_t need = 16 + 32;
    size_t nw = (rs->nkeys + 63) / 64;
    const uint32_t *noff = ix->rname_off;
    if (ix->cw_bound) {
        /* every rule name and key, plus the string values declared */
        need = ix->cw_bound + 32;
        for (size_t w = 0; w < nw; w++)
            for (uint64_t bits = ev->declbits[w] & ix->cw_strmask[w]; bits; bits &= bits - 1) {
                const fr_val *v = &ev->res[w * 64 + (size_t)__builtin_ctzll(bits)];
                need += v->is_null ? 0 : 4 * (size_t)v->i;
            }
        goto sized;
    }
    if (fast) {
        for (uint32_t w = 0; w < ev->nwrules; w++)
            for (uint64_t b = ev->sc_err[w]; b; b &= b - 1) {
                uint32_t q = w * 64 + (uint32_t)__builtin_ctzll(b);
                need += noff[q + 1] - noff[q] + 1;
            }
    } else
        for (uint32_t i = 0; i < ev->nrecs; i++)
            if (ev->recs[i].sev == FR_SEV_ERROR)
                need += noff[ev->recs[i].rule + 1] - noff[ev->recs[i].rule] + 1;
    for (size_t w = 0; w < nw; w++)
        for (uint64_t bits = ev->declbits[w]; bits; bits &= bits - 1) {
            uint32_t k = (uint32_t)(w * 64 + (size_t)__builtin_ctzll(bits));
            const fr_val *v = &ev->res[k];
            need += ix->kname_len[k] + 2;
            switch (rs->keys[k].type.kind) {
            case FR_T_STRING:
                need += v->is_null ? 4 : 4 * (size_t)v->i + 2;
                break;
            case FR_T_ENUM:
                need += v->is_null ? 4 : ix->ecompact_len[ix->enum_off[rs->keys[k].type.enum_id] + v->i];
                break;
            default:
                need += 20;
            }
        }
sized:
    if (*len + need + 1 > *cap) {
        size_t ncap = *cap ? *cap : 256;
        while (ncap < *len + need + 1)
            ncap *= 2;
        char *np = realloc(*buf, ncap);
        if (!np)
            return FR_ENOMEM;
        *buf = np;
        *cap = ncap;
    }
    char *p = *buf + *len;
    if (ne) {
        memcpy(p, "error\t", 6);
        p += 6;
        int firste = 1;
        if (fast)
            for (uint32_t w = 0; w < ev->nwrules; w++)
                for (uint64_t b = ev->sc_err[w]; b; b &= b - 1) {
                    uint32_t q = w * 64 + (uint32_t)__builtin_ctzll(b);
                    if (!firste)
                        *p++ = ',';
                    firste = 0;
                    p = rname_put(p, ix->rnames + noff[q], noff[q + 1] - noff[q]);
                }
        for (uint32_t i = 0; !fast && i < ev->nrecs; i++) {
            if (ev->recs[i].sev != FR_SEV_ERROR)
                continue;
            uint32_t q = ev->recs[i].rule;
            if (!firste)
                *p++ = ',';
            firste = 0;
            p = rname_put(p, ix->rnames + noff[q], noff[q + 1] - noff[q]);
        }
    } else {
        memcpy(p, "ok\t-", 4);
        p += 4;
    }
    *p++ = '\t';
    int first = 1;
    for (size_t w = 0; w < nw; w++)
        for (uint64_t bits = ev->declbits[w]; bits; bits &= bits - 1) {
            uint32_t k = (uint32_t)(w * 64 + (size_t)__builtin_ctzll(bits));
            const fr_val *v = &ev->res[k];
            if (!first)
                *p++ = ' ';
            first = 0;
            p = rname_put(p, ix->cw_knames + ix->cw_koff[k], ix->kname_len[k] + 1);
            if (v->is_null) {
                memcpy(p, "null", 4);
                p += 4;
                continue;
            }
            switch (rs->keys[k].type.kind) {
            case FR_T_BOOL:
                if (v->i) {
                    memcpy(p, "true", 4);
                    p += 4;
                } else {
                    memcpy(p, "false", 5);
                    p += 5;
                }
                break;
            case FR_T_INT:
                p = put_i64(p, v->i);
                break;
            case FR_T_ENUM: {
                uint32_t at = ix->enum_off[rs->keys[k].type.enum_id] + (uint32_t)v->i;
                p = rname_put(p, ix->ecompact[at], ix->ecompact_len[at]);
                break;
            }
            default: {
                fr_buf b = { *buf, (size_t)(p - *buf), *cap, 0 };
                fr_compact_str(&b, v->s ? v->s : "", (size_t)v->i);
                /* within the bound: no reallocation happened */
                p = *buf + b.len;
                break;
            }
            }
        }
    if (first)
        *p++ = '-';
    *p++ = '\n';
    *p = '\0';
    *len = (size_t)(p - *buf);
    return FR_OK;
}

/* ==== the index ========================================================================= */

/* Bits set in x, inline (without -mpopcnt, __builtin_popcountll is a libgcc
 * call). */
static inline uint32_t pop64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (uint32_t)((x * 0x0101010101010101ull) >> 56);
}

static int op_arity(uint8_t op)
{
    static const uint8_t ar[] = {
#define FR_X(name, arity, text) arity,
        FR_NODE_OPS(FR_X)
#undef FR_X
    };
    return op < sizeof ar ? ar[op] : 0;
}

/* Calls fn(ctx, slot) for each key read by node n (slot = key*2 + input). */
typedef void (*slot_fn)(void *ctx, uint32_t slot);

static void node_reads(const fr_ruleset *rs, uint32_t n, slot_fn fn, void *ctx)
{
    for (;;) {
        const fr_node *nd = &rs->nodes[n];
        switch ((fr_op)nd->op) {
        case FR_OP_CONST:
            return;
        case FR_OP_KEY:
            fn(ctx, 2 * nd->a);
            return;
        case FR_OP_INPUT:
            fn(ctx, 2 * nd->a + 1);
            return;
        default:
            if (op_arity(nd->op) == 2) {
                node_reads(rs, nd->a, fn, ctx);
                n = nd->b;
            } else
                n = nd->a;
        }
    }
}

static void tmpl_reads(const fr_template *t, slot_fn fn, void *ctx)
{
    for (uint32_t i = 0; i < t->nsegs; i++) {
        if (t->segs[i].kind == FR_SEG_KEY)
            fn(ctx, 2 * t->segs[i].key);
        else if (t->segs[i].kind == FR_SEG_INPUT)
            fn(ctx, 2 * t->segs[i].key + 1);
    }
}

static void rule_reads(const fr_ruleset *rs, uint32_t r, slot_fn fn, void *ctx)
{
    const fr_rule *ru = &rs->rules[r];
    node_reads(rs, ru->cond, fn, ctx);
    if (ru->kind == FR_RULE_REQUIRE)
        node_reads(rs, ru->req, fn, ctx);
    if (ru->kind == FR_RULE_DECLARE) {
        for (uint32_t j = 0; j < ru->nitems; j++)
            node_reads(rs, ru->items[j].value, fn, ctx);
        for (uint32_t j = 0; j < ru->nattached; j++)
            tmpl_reads(&ru->attached[j].msg, fn, ctx);
    } else
        tmpl_reads(&ru->msg, fn, ctx);
}

/* Unique slots of one rule. */
typedef struct slotset {
    uint32_t *mark;      /* [2 * nkeys] stamp */
    uint32_t  stamp;
    uint32_t *slots;
    uint32_t  n;
} slotset;

static void slotset_add(void *ctx, uint32_t s)
{
    slotset *ss = ctx;
    if (ss->mark[s] != ss->stamp) {
        ss->mark[s] = ss->stamp;
        ss->slots[ss->n++] = s;
    }
}

/* ---- guards ---- */

/* If conjunct n tests one key against constants only, its slot. */
static int conj_slot(const fr_ruleset *rs, uint32_t n, uint32_t *slot)
{
    const fr_node *nd = &rs->nodes[n];
    const fr_node *x = NULL;
    switch ((fr_op)nd->op) {
    case FR_OP_EQ:
    case FR_OP_NE: {
        const fr_node *l = &rs->nodes[nd->a], *r = &rs->nodes[nd->b];
        if ((l->op == FR_OP_KEY || l->op == FR_OP_INPUT) && r->op == FR_OP_CONST)
            x = l;
        else if ((r->op == FR_OP_KEY || r->op == FR_OP_INPUT) && l->op == FR_OP_CONST)
            x = r;
        break;
    }
    case FR_OP_IN:
    case FR_OP_NOTIN:
        x = &rs->nodes[nd->a];
        if (x->op != FR_OP_KEY && x->op != FR_OP_INPUT)
            x = NULL;
        break;
    case FR_OP_KEY:
    case FR_OP_INPUT:
        x = nd;
        break;
    case FR_OP_NOT: {
        const fr_node *c = &rs->nodes[nd->a];
        if (c->op == FR_OP_KEY || c->op == FR_OP_INPUT)
            x = c;
        break;
    }
    default:
        break;
    }
    if (!x)
        return 0;
    if ((nd->op == FR_OP_KEY || nd->op == FR_OP_INPUT || nd->op == FR_OP_NOT) &&
        rs->keys[x->a].type.kind != FR_T_BOOL)
        return 0;
    *slot = 2 * x->a + (x->op == FR_OP_INPUT);
    return 1;
}

/* Whether conjunct n holds when its key has value v (the evaluator's rules). */
static int conj_pass(const fr_ruleset *rs, uint32_t n, fr_val v)
{
    const fr_node *nd = &rs->nodes[n];
    switch ((fr_op)nd->op) {
    case FR_OP_EQ:
    case FR_OP_NE: {
        const fr_node *l = &rs->nodes[nd->a], *r = &rs->nodes[nd->b];
        const fr_node *c = l->op == FR_OP_CONST ? l : r;
        const fr_node *k = l->op == FR_OP_CONST ? r : l;
        int eq = fr_val_eq(rs->keys[k->a].type, v, rs->consts[c->a]);
        return nd->op == FR_OP_EQ ? eq : !eq;
    }
    case FR_OP_IN:
        return fr_set_contains(&rs->sets[nd->b], v);
    case FR_OP_NOTIN:
        return !fr_set_contains(&rs->sets[nd->b], v);
    case FR_OP_KEY:
    case FR_OP_INPUT:
        return truthy(v);
    case FR_OP_NOT:
        return !truthy(v);
    default:
        return 1;
    }
}

/* Domain size of a dense key (bool/enum): index 0 is null. */
static uint32_t dense_ndom(const fr_ruleset *rs, uint32_t k)
{
    const fr_key *key = &rs->keys[k];
    if (key->type.kind == FR_T_BOOL)
        return 3;
    if (key->type.kind == FR_T_ENUM)
        return rs->enums[key->type.enum_id].nvalues + 1;
    return 0;
}

static fr_val dense_val(const fr_ruleset *rs, uint32_t k, uint32_t d)
{
    fr_val v = { 0, NULL, 0 };
    if (d == 0)
        v.is_null = 1;
    else if (rs->keys[k].type.kind == FR_T_BOOL)
        v.i = d == 2;
    else
        v.i = d - 1;
    return v;
}

/* Index of v in a dense domain of ndom values (see dense_val), or -1. */
static int dense_idx(const fr_ruleset *rs, uint32_t k, uint32_t ndom, fr_val v)
{
    if (v.is_null)
        return 0;
    if (rs->keys[k].type.kind == FR_T_BOOL)
        return v.i == 0 ? 1 : v.i == 1 ? 2 : -1;
    return v.i >= 0 && v.i < (int64_t)ndom - 1 ? (int)v.i + 1 : -1;
}

/* If conjunct n tests a dense key of at most 64 values (bool, enum) against
 * constants: its slot, and the values it passes for as a bit set over the
 * key's domain (bit d for dense_val(d), as conj_pass says), computed
 * directly (guards, pre-checks, fast tests and guard tables all ask; a loop
 * of conj_pass over the domain for each was a third of the index build). */
static int conj_dense(const fr_ruleset *rs, const struct fr_evindex *ix, uint32_t n, uint32_t *slot,
                      uint64_t *bits)
{
    (void)ix;
    uint32_t s;
    if (!conj_slot(rs, n, &s))
        return 0;
    uint32_t k = s / 2, ndom = dense_ndom(rs, k);
    if (!ndom || ndom > 64)
        return 0;
    uint64_t all = ndom == 64 ? ~0ull : (1ull << ndom) - 1, b = 0;
    const fr_node *nd = &rs->nodes[n];
    switch ((fr_op)nd->op) {
    case FR_OP_EQ:
    case FR_OP_NE: {
        const fr_node *l = &rs->nodes[nd->a], *r = &rs->nodes[nd->b];
        const fr_node *c = l->op == FR_OP_CONST ? l : r;
        int d = dense_idx(rs, k, ndom, rs->consts[c->a]);
        if (d >= 0)
            b = 1ull << d;
        if (nd->op == FR_OP_NE)
            b = all & ~b;
        break;
    }
    case FR_OP_KEY:
    case FR_OP_INPUT:   /* bool keys only (conj_slot): truthy */
        b = 1ull << 2;
        break;
    case FR_OP_NOT:
        b = (1ull << 0) | (1ull << 1);
        break;
    case FR_OP_IN:
    case FR_OP_NOTIN: {
        const fr_set *st = &rs->sets[nd->b];
        if (st->type.kind == FR_T_ENUM && rs->keys[k].type.kind == FR_T_ENUM) {
            /* fr_set_contains: bit v of the set's first word (ndom <= 64) */
            b = ((st->bits ? st->bits[0] << 1 : 0) | (st->has_null ? 1u : 0u)) & all;
            if (nd->op == FR_OP_NOTIN)
                b = all & ~b;
            break;
        }
    }
        /* fall through */
    default:
        for (uint32_t d = 0; d < ndom; d++)
            if (conj_pass(rs, n, dense_val(rs, k, d)))
                b |= 1ull << d;
        break;
    }
    *slot = s;
    *bits = b;
    return 1;
}

/* A guard on a dense key of more than 64 values (a big enum) is used only
 * if it passes for at most this many values: its rules are listed in each
 * value's bucket of the guard table, so a guard like `e != v0` on an enum
 * of n values would cost n entries a rule (n^2 for n such rules); without
 * a guard the rule is open on the slot instead (judged when the key is
 * given), which is what a rule with no guardable conjunct is anyway. */
#define BIG_GUARD_MAX 64u

/* The dense values (dense_val's d) conjunct n passes for, its key k of
 * ndom values, without a loop over the domain for the usual forms (`=`,
 * `!=`, `in`/`not in` an enum set): each value d, in increasing order, is
 * given to f (if any); returns their number.  A big enum's value list must
 * not make each rule that compares with one of its values cost O(values):
 * that is O(rules * values) for a set that compares every value once. */
static uint32_t dense_pass_each(const fr_ruleset *rs, uint32_t n, uint32_t k, uint32_t ndom,
                                void (*f)(void *, uint32_t), void *arg)
{
    const fr_node *nd = &rs->nodes[n];
    switch ((fr_op)nd->op) {
    case FR_OP_EQ:
    case FR_OP_NE: {
        const fr_node *l = &rs->nodes[nd->a], *r = &rs->nodes[nd->b];
        const fr_node *c = l->op == FR_OP_CONST ? l : r;
        int d = dense_idx(rs, k, ndom, rs->consts[c->a]);
        if (nd->op == FR_OP_EQ) {
            if (d >= 0 && f)
                f(arg, (uint32_t)d);
            return d >= 0;
        }
        if (f)
            for (uint32_t e = 0; e < ndom; e++)
                if ((int)e != d)
                    f(arg, e);
        return ndom - (d >= 0);
    }
    case FR_OP_IN:
    case FR_OP_NOTIN: {
        const fr_set *st = &rs->sets[nd->b];
        if (st->type.kind != FR_T_ENUM || rs->keys[k].type.kind != FR_T_ENUM)
            break;
        int in = nd->op == FR_OP_IN;
        uint32_t nv = ndom - 1, np = 0;
        if (!!st->has_null == in) {
            np++;
            if (f)
                f(arg, 0);
        }
        if (!st->bits && st->n) {
            /* sparse: the sorted member indices (value d = index + 1) */
            if (in) {
                for (uint32_t m = 0; f && m < st->n; m++)
                    f(arg, (uint32_t)st->vals[m].i + 1);
                return np + st->n;
            }
            for (uint32_t d = 1, m = 0; f && d < ndom; d++) {
                if (m < st->n && (uint32_t)st->vals[m].i + 1 == d)
                    m++;
                else
                    f(arg, d);
            }
            return np + nv - st->n;
        }
        if (in && !st->bits)
            return np;
        if (!in && !f) {
            uint32_t m = 0;
            for (uint32_t w = 0; st->bits && w < (nv + 63) / 64; w++)
                m += (uint32_t)__builtin_popcountll(st->bits[w]);
            return np + nv - m;
        }
        for (uint32_t w = 0; w < (nv + 63) / 64; w++) {
            uint64_t b = st->bits ? st->bits[w] : 0;
            if (!in)
                b = ~b;
            if (w == nv / 64 && nv % 64)
                b &= (1ull << (nv % 64)) - 1;
            np += (uint32_t)__builtin_popcountll(b);
            for (; f && b; b &= b - 1)
                f(arg, 64 * w + (uint32_t)__builtin_ctzll(b) + 1);
        }
        return np;
    }
    default:
        break;
    }
    uint32_t np = 0;
    for (uint32_t d = 0; d < ndom; d++)
        if (conj_pass(rs, n, dense_val(rs, k, d))) {
            np++;
            if (f)
                f(arg, d);
        }
    return np;
}

typedef struct gcand {
    int      ok;
    uint32_t slot;
    int      pass_base;
    double   frac;
} gcand;

static gcand judge_conj(const fr_ruleset *rs, const struct fr_evindex *ix, uint32_t n)
{
    gcand c = { 0, 0, 0, 1.0 };
    uint32_t slot;
    const fr_fast *fn = &ix->fast[ix->fast_id[n]];
    if (fn->kind == FR_FAST_BITS)
        slot = fn->slot;   /* (conj_slot's, as conj_dense found it) */
    else if (!conj_slot(rs, n, &slot))
        return c;
    uint32_t k = slot / 2;
    fr_val base = (slot & 1) ? rs->keys[k].def : ix->base_res[k];
    uint32_t ndom = dense_ndom(rs, k);
    const fr_node *nd = &rs->nodes[n];
    if (!ndom && nd->op != FR_OP_EQ && nd->op != FR_OP_IN)
        return c;   /* a complement of a finite set over an infinite domain */
    c.ok = 1;
    c.slot = slot;
    c.pass_base = conj_pass(rs, n, base);
    if (ndom && fn->kind == FR_FAST_BITS) {
        /* (conj_dense, as the fast test holds it) */
        c.frac = (double)pop64(fn->bits) / ndom;
    } else if (ndom) {
        uint32_t np = dense_pass_each(rs, n, k, ndom, NULL, NULL);
        if (ndom > 64 && np > BIG_GUARD_MAX) {
            c.ok = 0;
            return c;
        }
        c.frac = (double)np / ndom;
    } else
        c.frac = 0.0;
    return c;
}

static void choose_guard(const fr_ruleset *rs, const struct fr_evindex *ix, uint32_t n,
                         fr_guard *best, gcand *bestc)
{
    const fr_node *nd = &rs->nodes[n];
    if (nd->op == FR_OP_AND) {
        choose_guard(rs, ix, nd->a, best, bestc);
        choose_guard(rs, ix, nd->b, best, bestc);
        return;
    }
    gcand c = judge_conj(rs, ix, n);
    if (!c.ok)
        return;
    if (best->node == NONE32 || c.pass_base < bestc->pass_base ||
        (c.pass_base == bestc->pass_base && c.frac < bestc->frac)) {
        best->node = n;
        best->slot = c.slot;
        *bestc = c;
    }
}

/* b < a, as fr_val_cmp(t, b, a) < 0 (ints and enum values inline) */
static inline bool ent_before(bool str, const fr_val *b, const fr_val *a, fr_type t)
{
    if (str || a->is_null || b->is_null)
        return fr_val_cmp(t, *b, *a) < 0;
    return b->i < a->i;
}

/* sort guard entries by value (merge sort; no global comparator state) */
static void sort_ents(fr_gentry *e, fr_gentry *tmp, uint32_t n, fr_type t)
{
    bool str = t.kind == FR_T_STRING;
    for (uint32_t w = 1; w < n; w *= 2) {
        for (uint32_t lo = 0; lo < n; lo += 2 * w) {
            uint32_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            uint32_t i = lo, j = mid, o = lo;
            while (i < mid && j < hi)
                tmp[o++] = ent_before(str, &e[j].v, &e[i].v, t) ? e[j++] : e[i++];
            while (i < mid)
                tmp[o++] = e[i++];
            while (j < hi)
                tmp[o++] = e[j++];
        }
        memcpy(e, tmp, n * sizeof *e);
    }
}

/* sort the entries of an int table by value, keeping their order among
 * equals (as sort_ents): least significant digit first, 11 bits of the
 * value's distance from the least a pass, as many passes as the span of
 * the values needs (two for spans under 2^22).  No entry is null here
 * (those go to the table's null list). */
static void sort_ents_int(fr_gentry *e, fr_gentry *tmp, uint32_t n)
{
    if (n < 2)
        return;
    int64_t lo = e[0].v.i, hi = e[0].v.i;
    bool sorted = true;
    for (uint32_t i = 1; i < n; i++) {
        if (e[i].v.i < e[i - 1].v.i)
            sorted = false;
        if (e[i].v.i < lo)
            lo = e[i].v.i;
        if (e[i].v.i > hi)
            hi = e[i].v.i;
    }
    if (sorted)
        return;
    uint64_t span = (uint64_t)hi - (uint64_t)lo;
    uint32_t cnt[2048];
    fr_gentry *from = e, *to = tmp;
    for (unsigned sh = 0; sh < 64 && (span >> sh); sh += 11) {
        memset(cnt, 0, sizeof cnt);
        for (uint32_t i = 0; i < n; i++)
            cnt[(((uint64_t)from[i].v.i - (uint64_t)lo) >> sh) & 2047]++;
        for (uint32_t d = 0, at = 0; d < 2048; d++) {
            uint32_t c = cnt[d];
            cnt[d] = at;
            at += c;
        }
        for (uint32_t i = 0; i < n; i++)
            to[cnt[(((uint64_t)from[i].v.i - (uint64_t)lo) >> sh) & 2047]++] = from[i];
        fr_gentry *t = from;
        from = to;
        to = t;
    }
    if (from != e)
        memcpy(e, from, n * sizeof *e);
}

#define AZ(p, n) ((p) = fr_arena_array(a, (n) ? (n) : 1, sizeof *(p)), (p) == NULL)
/* (not zeroed: for arrays every element of which is written before it is
 * read -- the arena's pages may be reused ones, which zeroing would write
 * twice) */
static void *arr_u(fr_arena *a, size_t n, size_t size)
{
    return size && n > SIZE_MAX / size ? NULL : fr_arena_alloc(a, n * size);
}
#define AU(p, n) ((p) = arr_u(a, (n) ? (n) : 1, sizeof *(p)), (p) == NULL)

typedef struct rdctx {
    const uint32_t *last;
    uint32_t g;
    int later, same;
} rdctx;

static void rd_check(void *ctx, uint32_t slot)
{
    rdctx *cx = ctx;
    if (slot & 1)
        return;   /* input reads do not depend on declarations */
    uint32_t lg = cx->last[slot / 2];
    if (lg == NONE32)
        return;
    if (lg > cx->g)
        cx->later = 1;
    else if (lg == cx->g)
        cx->same = 1;
}

static int build_plan(fr_arena *a, const fr_ruleset *rs, struct fr_evindex *ix)
{
    uint32_t nr = rs->nrules, nk = rs->nkeys;
    uint32_t ndecl = 0;
    if (rs->check_rules && rs->ncheck_rules <= nr) {
        /* graph.c's list of the checks, in rule order (not another walk
         * over the 128-byte rule records: a million of them) */
        ndecl = nr - rs->ncheck_rules;
        if (AU(ix->group_of, nr) || AU(ix->checks, nr - ndecl))
            return -1;
        memset(ix->group_of, 0xff, (size_t)nr * sizeof *ix->group_of);
        ix->nchecks = rs->ncheck_rules;
        if (ix->nchecks)
            memcpy(ix->checks, rs->check_rules, (size_t)ix->nchecks * sizeof *ix->checks);
    } else {
        for (uint32_t r = 0; r < nr; r++)
            ndecl += rs->rules[r].kind == FR_RULE_DECLARE;
        if (AU(ix->group_of, nr) || AU(ix->checks, nr - ndecl))
            return -1;
        for (uint32_t r = 0; r < nr; r++) {
            ix->group_of[r] = NONE32;
            if (rs->rules[r].kind != FR_RULE_DECLARE)
                ix->checks[ix->nchecks++] = r;
        }
    }
    /* the compiler's plan, checked: every declare rule exactly once */
    int ok = rs->groups && rs->plan_rules && rs->nplan_rules == ndecl;
    if (ok) {
        if (AZ(ix->groups, rs->ngroups))
            return -1;
        for (uint32_t g = 0; g < rs->ngroups && ok; g++) {
            ix->groups[g] = rs->groups[g];
            const fr_group *gr = &rs->groups[g];
            if (gr->first > rs->nplan_rules || gr->n > rs->nplan_rules - gr->first)
                ok = 0;
            for (uint32_t i = 0; ok && i < gr->n; i++) {
                uint32_t r = rs->plan_rules[gr->first + i], ahead = gr->first + i + 16;
                /* (the plan's order is all over the rule records: asked
                 * for ahead, many misses in flight) */
                if (ahead < rs->nplan_rules && rs->plan_rules[ahead] < nr) {
                    __builtin_prefetch(&rs->rules[rs->plan_rules[ahead]].kind);
                    __builtin_prefetch(&ix->group_of[rs->plan_rules[ahead]], 1);
                }
                if (r >= nr || rs->rules[r].kind != FR_RULE_DECLARE || ix->group_of[r] != NONE32)
                    ok = 0;
                else
                    ix->group_of[r] = g;
            }
        }
        ix->ngroups = rs->ngroups;
        ix->plan_rules = rs->plan_rules;
        ix->nplan = rs->nplan_rules;
    }
    if (ok) {
        /* where each key is declared: the last group declaring it */
        uint32_t *last = calloc(nk ? nk : 1, sizeof *last);
        if (!last)
            return -1;
        for (uint32_t k = 0; k < nk; k++)
            last[k] = NONE32;
        for (uint32_t r = 0; r < nr; r++)
            if (ix->group_of[r] != NONE32)
                for (uint32_t j = 0; j < rs->rules[r].nitems; j++) {
                    uint32_t k = rs->rules[r].items[j].key, g = ix->group_of[r];
                    if (last[k] == NONE32 || g > last[k])
                        last[k] = g;
                }
        /* a rule must read (resolved) only keys of earlier groups; a read
         * inside its own group makes the group cyclic.  (Walked in rule
         * order, the order of the rules and their nodes in memory: the
         * plan's order is the graph search's, all over a big rule set.) */
        for (uint32_t r = 0; r < nr && ok; r++) {
            uint32_t g = ix->group_of[r];
            if (g == NONE32)
                continue;
            rdctx cx = { last, g, 0, 0 };
            const fr_rule *ru = &rs->rules[r];
            node_reads(rs, ru->cond, rd_check, &cx);
            for (uint32_t j = 0; j < ru->nitems; j++)
                node_reads(rs, ru->items[j].value, rd_check, &cx);
            if (cx.later)
                ok = 0;
            if (cx.same)
                ix->groups[g].cyclic = 1;
        }
        /* a key declared in several groups: every group before the last must
         * precede all its readers, which the check above ensures */
        free(last);
    }
    if (!ok) {
        /* Fallback: one cyclic group of every declare rule, iterated to the
         * fixed point (the definition itself). */
        for (uint32_t r = 0; r < nr; r++)
            ix->group_of[r] = NONE32;
        uint32_t *plan;
        if (AZ(plan, ndecl) || AZ(ix->groups, 1))
            return -1;
        uint32_t n = 0;
        for (uint32_t r = 0; r < nr; r++)
            if (rs->rules[r].kind == FR_RULE_DECLARE) {
                plan[n++] = r;
                ix->group_of[r] = 0;
            }
        ix->plan_rules = plan;
        ix->nplan = n;
        ix->ngroups = n ? 1 : 0;
        ix->groups[0].first = 0;
        ix->groups[0].n = n;
        ix->groups[0].cyclic = 1;
    }
    return 0;
}

static int build_keys(fr_arena *a, const fr_ruleset *rs, struct fr_evindex *ix)
{
    uint32_t nr = rs->nrules, nk = rs->nkeys;
    /* each rule's items (declare rules' only), and the declarers of each
     * key counted: one walk over the 128-byte rule records; the walks
     * after it find the declare rules with items by item_off */
    if (AZ(ix->item_off, nr + 1) || AZ(ix->kd_off, nk + 1))
        return -1;
    for (uint32_t r = 0; r < nr; r++) {
        const fr_rule *ru = &rs->rules[r];
        uint32_t ni = 0;
        if (ru->kind == FR_RULE_DECLARE) {
            ni = ru->nitems;
            for (uint32_t j = 0; j < ni; j++)
                ix->kd_off[ru->items[j].key + 1]++;
        }
        ix->item_off[r + 1] = ix->item_off[r] + ni;
        if (ru->nattached > ix->max_attached)
            ix->max_attached = ru->nattached;
        ix->sum_attached += ru->nattached;
    }
    ix->nitems = ix->item_off[nr];
    /* key -> declarers */
    if (AU(ix->kd_rule, ix->nitems) || AU(ix->kd_item, ix->nitems) || AU(ix->item_kd, ix->nitems))
        return -1;
    for (uint32_t k = 0; k < nk; k++)
        ix->kd_off[k + 1] += ix->kd_off[k];
    uint32_t *fill;
    if (AZ(fill, nk))
        return -1;
    /* each item's key, by item_off: the group walks below go in plan
     * order, all over the rules (4 bytes an item here, not a rule's
     * 128-byte record and its items) */
    uint32_t *ikey = malloc((ix->nitems ? ix->nitems : 1) * sizeof *ikey);
    if (!ikey)
        return -1;
    for (uint32_t r = 0; r < nr; r++)
        if (ix->item_off[r + 1] != ix->item_off[r])
            for (uint32_t j = 0; j < rs->rules[r].nitems; j++) {
                uint32_t k = rs->rules[r].items[j].key;
                uint32_t at = ix->kd_off[k] + fill[k]++;
                ix->kd_rule[at] = r;
                ix->kd_item[at] = ix->item_off[r] + j;
                ix->item_kd[ix->item_off[r] + j] = at;
                ikey[ix->item_off[r] + j] = k;
            }
    /* group -> keys and key -> groups */
    uint32_t ng = ix->ngroups;
    uint32_t *stamp;
    if (AZ(stamp, nk) || AZ(ix->gk_off, ng + 1) || AZ(ix->kg_off, nk + 1)) {
        free(ikey);
        return -1;
    }
    uint32_t total = 0;
    for (uint32_t g = 0; g < ng; g++) {
        const fr_group *gr = &ix->groups[g];
        uint32_t nkeys = 0, nitems = 0;
        for (uint32_t i = 0; i < gr->n; i++) {
            uint32_t r = ix->plan_rules[gr->first + i];
            const uint32_t *ik = ikey + ix->item_off[r];
            uint32_t ni = ix->item_off[r + 1] - ix->item_off[r];
            nitems += ni;
            for (uint32_t j = 0; j < ni; j++) {
                uint32_t k = ik[j];
                if (stamp[k] != g + 1) {
                    stamp[k] = g + 1;
                    nkeys++;
                    ix->kg_off[k + 1]++;
                }
            }
        }
        ix->gk_off[g + 1] = ix->gk_off[g] + nkeys;
        total += nkeys;
        if (nkeys > ix->max_group_keys)
            ix->max_group_keys = nkeys;
        if (gr->n > ix->max_group_rules)
            ix->max_group_rules = gr->n;
        if (nitems > ix->max_group_items)
            ix->max_group_items = nitems;
    }
    for (uint32_t k = 0; k < nk; k++)
        ix->kg_off[k + 1] += ix->kg_off[k];
    if (AZ(ix->gk_keys, total) || AZ(ix->kg_groups, total) || AZ(ix->klast, nk) || AZ(ix->gshared, ng)) {
        free(ikey);
        return -1;
    }
    for (uint32_t k = 0; k < nk; k++)
        ix->klast[k] = NONE32;
    memset(stamp, 0, nk * sizeof *stamp);
    memset(fill, 0, nk * sizeof *fill);
    for (uint32_t g = 0; g < ng; g++) {
        const fr_group *gr = &ix->groups[g];
        uint32_t at = ix->gk_off[g];
        /* keys in key order within a group */
        for (uint32_t i = 0; i < gr->n; i++) {
            uint32_t r = ix->plan_rules[gr->first + i];
            const uint32_t *ik = ikey + ix->item_off[r];
            uint32_t ni = ix->item_off[r + 1] - ix->item_off[r];
            for (uint32_t j = 0; j < ni; j++) {
                uint32_t k = ik[j];
                if (stamp[k] != g + 1) {
                    stamp[k] = g + 1;
                    ix->gk_keys[at++] = k;
                    ix->kg_groups[ix->kg_off[k] + fill[k]++] = g;
                    ix->klast[k] = g;
                }
            }
        }
        uint32_t *ks = ix->gk_keys + ix->gk_off[g];
        uint32_t n = ix->gk_off[g + 1] - ix->gk_off[g];
        for (uint32_t i = 0; i < n; i++)
            if (ix->kg_off[ks[i] + 1] - ix->kg_off[ks[i]] > 1)
                ix->gshared[g] = 1;
        for (uint32_t i = 1; i < n; i++)
            for (uint32_t j = i; j > 0 && ks[j - 1] > ks[j]; j--) {
                uint32_t t = ks[j];
                ks[j] = ks[j - 1];
                ks[j - 1] = t;
            }
    }
    free(ikey);
    return 0;
}

/* The baseline: resolve the empty config once with everything evaluated. */
static int build_baseline(fr_arena *a, const fr_ruleset *rs, struct fr_evindex *ix)
{
    uint32_t nk = rs->nkeys, nr = rs->nrules;
    if (AZ(ix->base_res, nk) || AZ(ix->base_decl_by, nk) || AZ(ix->base_on, nr) ||
        AZ(ix->base_item, ix->nitems))
        return -1;
    for (uint32_t k = 0; k < nk; k++) {
        ix->base_res[k] = rs->keys[k].def;
        ix->base_decl_by[k] = -1;
    }
    fr_eval *ev = eval_create(rs, ix, FR_MODE_FULL);
    if (!ev)
        return -1;
    const fr_result *res = fr_eval_argv(ev, 0, NULL);
    if (!res) {
        fr_eval_free(&ev);
        return -1;
    }
    int clean = ev->noscs == 0;
    for (uint32_t k = 0; k < nk; k++) {
        ix->base_res[k] = ev->res[k];
        ix->base_decl_by[k] = ev->decl_by[k];
        if (ev->conf_a[k] >= 0)
            clean = 0;
    }
    uint32_t nemit = 0;
    for (uint32_t r = 0; r < nr; r++) {
        ix->base_on[r] = ev->rst[r].on;
        ix->rflat[r].base_on = ev->rst[r].on;
        if (ev->rst[r].rt)
            clean = 0;
        if (ev->rst[r].on && (rs->rules[r].kind != FR_RULE_DECLARE || rs->rules[r].nattached))
            nemit++;
    }
    if (ix->nitems)
        memcpy(ix->base_item, ev->itemval, ix->nitems * sizeof *ix->base_item);
    if (AU(ix->base_emit, nemit)) {
        fr_eval_free(&ev);
        return -1;
    }
    for (uint32_t r = 0; r < nr; r++)
        if (ev->rst[r].on && (rs->rules[r].kind != FR_RULE_DECLARE || rs->rules[r].nattached))
            ix->base_emit[ix->nbase_emit++] = r;
    /* each key's declarers enabled at the baseline (positions in kd_*) */
    if (AZ(ix->kdb_off, nk + 1)) {
        fr_eval_free(&ev);
        return -1;
    }
    for (uint32_t k = 0; k < nk; k++) {
        ix->kdb_off[k + 1] = ix->kdb_off[k];
        for (uint32_t i = ix->kd_off[k]; i < ix->kd_off[k + 1]; i++)
            ix->kdb_off[k + 1] += ev->rst[ix->kd_rule[i]].on != 0;
    }
    if (AU(ix->kdb_pos, ix->kdb_off[nk])) {
        fr_eval_free(&ev);
        return -1;
    }
    for (uint32_t k = 0, at = 0; k < nk; k++)
        for (uint32_t i = ix->kd_off[k]; i < ix->kd_off[k + 1]; i++)
            if (ev->rst[ix->kd_rule[i]].on)
                ix->kdb_pos[at++] = i;
    ix->incremental = clean;
    fr_eval_free(&ev);
    return 0;
}

/* The guards of rules lo .. hi - 1 (their choice reads only the rule, its
 * nodes and the fast tests). */
static void guards_range(const fr_ruleset *rs, struct fr_evindex *ix, uint32_t lo, uint32_t hi)
{
    for (uint32_t r = lo; r < hi; r++) {
        fr_guard *g = &ix->guards[r];
        g->node = NONE32;
        g->slot = 0;
        uint32_t gi = ix->group_of[r];
        if (gi != NONE32 && ix->groups[gi].cyclic)
            continue;   /* iterated as a whole: no pruning */
        gcand c = { 0, 0, 0, 1.0 };
        choose_guard(rs, ix, rs->rules[r].cond, g, &c);
    }
}

/* The open slots of rules lo .. hi - 1 (build_notify): the slots each
 * reads but its guard's (every slot it reads when it has no guard, or its
 * guard passes at the baseline), appended to j->oslots, their number in
 * ocnt[r], and counted by slot in j->cnt[s + 1]. */
typedef struct guardjob {
    const fr_ruleset   *rs;
    struct fr_evindex  *ix;
    uint32_t            lo, hi;
    uint32_t           *ocnt;     /* [nr], shared: each half writes its rules' */
    uint32_t           *cnt;      /* [ns + 1], the half's own */
    uint32_t           *oslots;
    size_t              on, ocap;
    int                 rc;
} guardjob;

static void open_range(guardjob *j)
{
    const fr_ruleset *rs = j->rs;
    const struct fr_evindex *ix = j->ix;
    uint32_t ns = 2 * rs->nkeys;
    slotset ss = { calloc(ns ? ns : 1, sizeof *ss.mark), 0, calloc(ns ? ns : 1, sizeof *ss.slots), 0 };
    j->cnt = calloc(ns + 1, sizeof *j->cnt);
    if (!ss.mark || !ss.slots || !j->cnt)
        goto oom;
    for (uint32_t r = j->lo; r < j->hi; r++) {
        const fr_guard *g = &ix->guards[r];
        j->ocnt[r] = 0;
        if (g->node != NONE32) {
            uint32_t k = g->slot / 2;
            fr_val base = (g->slot & 1) ? rs->keys[k].def : ix->base_res[k];
            if (!conj_pass(rs, g->node, base))
                continue;   /* fails at the baseline: found via its guard table */
        }
        ss.stamp = r + 1;
        ss.n = 0;
        rule_reads(rs, r, slotset_add, &ss);
        if (fr_vec_reserve((void **)&j->oslots, &j->ocap, j->on + ss.n, sizeof *j->oslots) < 0)
            goto oom;
        for (uint32_t i = 0; i < ss.n; i++) {
            uint32_t sl = ss.slots[i];
            if (g->node != NONE32 && sl == g->slot)
                continue;
            j->cnt[sl + 1]++;
            j->oslots[j->on++] = sl;
            j->ocnt[r]++;
        }
    }
    free(ss.mark);
    free(ss.slots);
    return;
oom:
    free(ss.mark);
    free(ss.slots);
    j->rc = -1;
}

static void guards_job(void *arg)
{
    guardjob *j = arg;
    guards_range(j->rs, j->ix, j->lo, j->hi);
    open_range(j);
}

/* The ents and null lists of the sparse guard tables (build_notify): each
 * guarded rule's values, in rule order.  `cnt` holds each slot's guarded
 * rules; `fill` is scratch (ns entries).  0, or -1 out of memory. */
static int build_sparse_tables(fr_arena *a, const fr_ruleset *rs, struct fr_evindex *ix, const uint32_t *cnt,
                               uint32_t *fill)
{
    uint32_t nr = rs->nrules, ns = 2 * rs->nkeys;
    uint32_t *nnull = calloc(ns ? ns : 1, sizeof *nnull);
    uint8_t *sparse = calloc(ns ? ns : 1, 1);
    fr_gentry *tmp = NULL;
    uint32_t *src = NULL;
    int rc = -1;
    if (!nnull || !sparse)
        goto out;
    uint32_t any = 0;
    for (uint32_t s = 0; s < ns; s++) {
        fill[s] = 0;
        sparse[s] = cnt[s] && !dense_ndom(rs, s / 2);
        any |= sparse[s];
    }
    if (!any) {
        rc = 0;
        goto out;
    }
    /* counted: entries in fill, null rules in nnull; and where each rule's
     * values are (its constant, or its set | SRC_SET), so that the filling
     * walk reads 4 bytes a rule, not its nodes again */
    enum { SRC_SET = 1u << 31 };
    src = malloc((nr ? nr : 1) * sizeof *src);   /* (a bound: its pages are touched as used) */
    if (!src)
        goto out;
    for (uint32_t r = 0, j = 0; r < nr; r++) {
        const fr_guard *g = &ix->guards[r];
        if (g->node == NONE32 || !sparse[g->slot])
            continue;
        const fr_node *nd = &rs->nodes[g->node];
        if (nd->op == FR_OP_EQ) {
            const fr_node *c = rs->nodes[nd->a].op == FR_OP_CONST ? &rs->nodes[nd->a] : &rs->nodes[nd->b];
            src[j++] = c->a;
            if (rs->consts[c->a].is_null)
                nnull[g->slot]++;
            else
                fill[g->slot]++;
        } else {
            src[j++] = nd->b | SRC_SET;
            fill[g->slot] += rs->sets[nd->b].n;
            nnull[g->slot] += rs->sets[nd->b].has_null;
        }
    }
    uint32_t most = 1;
    for (uint32_t s = 0; s < ns; s++) {
        if (!sparse[s])
            continue;
        fr_gtable *gt = gtab_at(ix, s);
        if (AZ(gt->ents, fill[s]) || AZ(gt->nullrules, nnull[s]))
            goto out;
        if (fill[s] > most)
            most = fill[s];
    }
    /* filled */
    for (uint32_t r = 0, j = 0; r < nr; r++) {
        const fr_guard *g = &ix->guards[r];
        if (g->node == NONE32 || !sparse[g->slot])
            continue;
        fr_gtable *gt = gtab_at(ix, g->slot);
        uint32_t x = src[j++];
        if (!(x & SRC_SET)) {
            fr_val v = rs->consts[x];
            if (v.is_null)
                gt->nullrules[gt->nnull++] = r;
            else {
                gt->ents[gt->nents].v = v;
                gt->ents[gt->nents++].rule = r;
            }
        } else {
            const fr_set *st = &rs->sets[x & ~(uint32_t)SRC_SET];
            for (uint32_t m = 0; m < st->n; m++) {
                gt->ents[gt->nents].v = st->vals[m];
                gt->ents[gt->nents++].rule = r;
            }
            if (st->has_null)
                gt->nullrules[gt->nnull++] = r;
        }
    }
    if (!(tmp = malloc(most * sizeof *tmp)))
        goto out;
    for (uint32_t s = 0; s < ns; s++) {
        if (!sparse[s])
            continue;
        fr_type t = rs->keys[s / 2].type;
        if (t.kind == FR_T_INT && gtab_at(ix, s)->nents >= 64)
            sort_ents_int(gtab_at(ix, s)->ents, tmp, gtab_at(ix, s)->nents);
        else
            sort_ents(gtab_at(ix, s)->ents, tmp, gtab_at(ix, s)->nents, t);
    }
    rc = 0;
out:
    free(nnull);
    free(sparse);
    free(tmp);
    free(src);
    return rc;
}

/* build_notify's buckets of a big enum's guard table: counted, then filled */
typedef struct bigfill {
    uint32_t *cnt;     /* counting: [d] += 1 (the table's off + 1) */
    uint32_t *at;      /* filling: the next place in bucket d */
    uint32_t *rules;
    uint32_t  rule;
} bigfill;

static void bigfill_count(void *arg, uint32_t d)
{
    ((bigfill *)arg)->cnt[d]++;
}

static void bigfill_put(void *arg, uint32_t d)
{
    bigfill *bf = arg;
    bf->rules[bf->at[d]++] = bf->rule;
}

static int build_notify(fr_arena *a, const fr_ruleset *rs, struct fr_evindex *ix)
{
    uint32_t nk = rs->nkeys, nr = rs->nrules, ns = 2 * nk;
    int rc = -1;
    uint32_t *cnt = NULL, *fill = NULL;
    if (AU(ix->guards, nr) || AZ(ix->open_off, ns + 1) || AZ(ix->gtab_of, ns))
        return -1;
    cnt = calloc(ns ? ns : 1, sizeof *cnt);     /* guarded rules per slot */
    fill = calloc(ns ? ns : 1, sizeof *fill);
    if (!cnt || !fill)
        goto out;

    /* choose the guards (each rule's on its own), then find the open
     * slots (each rule's once): the second half of the rules on the
     * helper thread if there is one (big rule sets, prefault.h) */
    {
        uint32_t *ocnt = malloc((nr ? nr : 1) * sizeof *ocnt);
        if (!ocnt)
            goto out;
        guardjob half[2] = { { rs, ix, 0, nr, ocnt, NULL, NULL, 0, 0, 0 },
                             { rs, ix, nr, nr, ocnt, NULL, NULL, 0, 0, 0 } };
        if (nr >= 4096) {
            half[0].hi = half[1].lo = nr / 2;
            fr_prefault_split(a->pf, guards_job, &half[0], &half[1]);
        } else
            guards_job(&half[0]);
        int orc = half[0].rc < 0 || half[1].rc < 0 ? -1 : 0;
        if (!orc) {
            for (uint32_t s = 0; s < ns; s++)
                ix->open_off[s + 1] = ix->open_off[s] + half[0].cnt[s + 1] + (half[1].cnt ? half[1].cnt[s + 1] : 0);
            if (AU(ix->open_rules, ix->open_off[ns]))
                orc = -1;
        }
        /* the lists filled in rule order: the first half's slots, then the
         * second's */
        for (int h = 0; h < 2 && !orc; h++)
            for (uint32_t r = half[h].lo, at = 0; r < half[h].hi; r++)
                for (uint32_t e = at + ocnt[r]; at < e; at++) {
                    uint32_t s = half[h].oslots[at];
                    ix->open_rules[ix->open_off[s] + fill[s]++] = r;
                }
        for (int h = 0; h < 2; h++) {
            free(half[h].cnt);
            free(half[h].oslots);
        }
        free(ocnt);
        if (orc)
            goto out;
    }
    for (uint32_t r = 0; r < nr; r++)
        if (ix->guards[r].node != NONE32)
            cnt[ix->guards[r].slot]++;
    /* a table for each slot with guarded rules (gtab_of: 0, the empty one,
     * for the others) */
    {
        uint32_t nt = 1;
        for (uint32_t s = 0; s < ns; s++)
            if (cnt[s])
                ix->gtab_of[s] = nt++;
        if (AZ(ix->gtab, nt))
            goto out;
    }
    /* guarded rules by slot (CSR in `fill`/`grules`) */
    uint32_t *goff = calloc(ns + 1, sizeof *goff), *grules = NULL;
    if (!goff)
        goto out;
    for (uint32_t s = 0; s < ns; s++)
        goff[s + 1] = goff[s] + cnt[s];
    grules = malloc((goff[ns] ? goff[ns] : 1) * sizeof *grules);
    /* with, for a dense key of at most 64 values, the values each guard
     * passes for (found here in rule order, the order of the nodes and
     * their fast tests in memory, not slot by slot all over them) */
    uint64_t *gbits = malloc((goff[ns] ? goff[ns] : 1) * sizeof *gbits);
    if (!grules || !gbits) {
        free(goff);
        free(grules);
        free(gbits);
        goto out;
    }
    memset(fill, 0, ns * sizeof *fill);
    for (uint32_t r = 0; r < nr; r++)
        if (ix->guards[r].node != NONE32) {
            uint32_t s = ix->guards[r].slot, at = goff[s] + fill[s]++;
            grules[at] = r;
            uint32_t ndom = dense_ndom(rs, s / 2);
            if (ndom && ndom <= 64) {
                uint32_t gs, gn_ = ix->guards[r].node;
                uint64_t b = 0;
                const fr_fast *gf = &ix->fast[ix->fast_id[gn_]];
                if (gf->kind == FR_FAST_BITS)
                    b = gf->bits;   /* (conj_dense's, kept) */
                else
                    conj_dense(rs, ix, gn_, &gs, &b);
                gbits[at] = b;
            }
        }
    int gfail = 0;
    /* guard tables */
    for (uint32_t s = 0; s < ns && !gfail; s++) {
        if (!cnt[s])
            continue;
        const uint32_t *gl = grules + goff[s];
        uint32_t gn = goff[s + 1] - goff[s];
        uint32_t k = s / 2;
        fr_gtable *gt = gtab_at(ix, s);
        uint32_t ndom = dense_ndom(rs, k);
        if (ndom) {
            gt->ndom = ndom;
            if (AZ(gt->off, ndom + 1)) {
                gfail = 1;
                break;
            }
            if (ndom <= 64) {
                /* counting sort of the rules into the buckets of the values
                 * their guard passes for (rule order within a bucket) */
                uint32_t bfill[65] = { 0 };
                const uint64_t *gb = gbits + goff[s];
                for (uint32_t q = 0; q < gn; q++)
                    for (uint64_t b = gb[q]; b; b &= b - 1)
                        bfill[__builtin_ctzll(b) + 1]++;
                for (uint32_t d = 0; d < ndom; d++)
                    bfill[d + 1] += bfill[d];
                memcpy(gt->off, bfill, (ndom + 1) * sizeof *bfill);
                if (AZ(gt->rules, gt->off[ndom])) {
                    gfail = 1;
                    break;
                }
                for (uint32_t q = 0; q < gn; q++)
                    for (uint64_t b = gb[q]; b; b &= b - 1)
                        gt->rules[bfill[__builtin_ctzll(b)]++] = gl[q];
                continue;
            }
            /* a big enum: the same counting sort over the values each
             * guard passes for (at most BIG_GUARD_MAX: judge_conj), listed
             * by dense_pass_each, not found by a walk of the domain */
            bigfill bf = { gt->off + 1, NULL, NULL, 0 };
            for (uint32_t q = 0; q < gn; q++)
                dense_pass_each(rs, ix->guards[gl[q]].node, k, ndom, bigfill_count, &bf);
            for (uint32_t d = 0; d < ndom; d++)
                gt->off[d + 1] += gt->off[d];
            if (AZ(gt->rules, gt->off[ndom])) {
                gfail = 1;
                break;
            }
            uint32_t *at = malloc(ndom * sizeof *at);
            if (!at) {
                gfail = 1;
                break;
            }
            memcpy(at, gt->off, ndom * sizeof *at);
            bf.at = at;
            for (uint32_t q = 0; q < gn; q++) {
                bf.rule = gl[q];
                bf.rules = gt->rules;
                dense_pass_each(rs, ix->guards[gl[q]].node, k, ndom, bigfill_put, &bf);
            }
            free(at);
        }
    }
    /* sparse tables (int and string keys): counted, then filled, in rule
     * order -- the order of the guards' nodes, constants and sets in
     * memory; table by table, each walk would reach all over them -- and
     * each sorted by value (the same entries, in the same order, as the
     * rules of each table taken in turn) */
    if (!gfail)
        gfail = build_sparse_tables(a, rs, ix, cnt, fill);
    free(goff);
    free(grules);
    free(gbits);
    if (gfail)
        goto out;
    /* each table's rules that pass at the baseline value of its slot */
    for (uint32_t s = 0; s < ns; s++) {
        fr_gtable *gt = gtab_at(ix, s);
        if (!gt->ndom && !gt->nents && !gt->nnull)
            continue;
        uint32_t k = s / 2;
        fr_val base = (s & 1) ? rs->keys[k].def : ix->base_res[k];
        if (gt->ndom) {
            uint32_t d = base.is_null ? 0 : rs->keys[k].type.kind == FR_T_BOOL ? (base.i ? 2 : 1)
                                                                               : (uint32_t)base.i + 1;
            if (d < gt->ndom) {
                gt->base = gt->rules + gt->off[d];
                gt->nbase = gt->off[d + 1] - gt->off[d];
            }
        } else if (base.is_null) {
            gt->base = gt->nullrules;
            gt->nbase = gt->nnull;
        } else {
            uint32_t n = 0, first = UINT32_MAX;
            for (uint32_t i = 0; i < gt->nents; i++)
                if (fr_val_eq(rs->keys[k].type, gt->ents[i].v, base)) {
                    if (first == UINT32_MAX)
                        first = i;
                    n++;
                }
            uint32_t *list;
            if (AZ(list, n))
                goto out;
            for (uint32_t i = 0; i < n; i++)
                list[i] = gt->ents[first + i].rule;
            gt->base = list;
            gt->nbase = n;
        }
    }
    rc = 0;
out:
    free(cnt);
    free(fill);
    return rc;
}

/* The pre-check of a rule: its dense guard conjunct that passes for the
 * fewest values (the conjuncts offered in tree order; the first of equals). */
static void precheck_conj(const fr_ruleset *rs, const struct fr_evindex *ix, uint32_t n, uint32_t *slot,
                          uint64_t *bits, uint32_t *best)
{
    /* (a dense test of a bool node is its fast test, built first) */
    const fr_fast *f = &ix->fast[ix->fast_id[n]];
    if (f->kind != FR_FAST_BITS)
        return;
    uint32_t s = f->slot;
    uint64_t b = f->bits;
    uint32_t ndom = dense_ndom(rs, s / 2);
    uint32_t np = pop64(b);
    /* prefer the fewest passing values, relative to the domain */
    if (*slot == NONE32 || (uint64_t)np * 1024 / ndom < *best) {
        *slot = s;
        *bits = b;
        *best = (uint32_t)((uint64_t)np * 1024 / ndom);
    }
}

/* build_prechecks: the fast tests outgrew the room left in the newest
 * block; they move to a room for all (rare).  The next entry, or NULL. */
static __attribute__((noinline)) fr_fast *fast_grow(fr_arena *a, const fr_ruleset *rs, struct fr_evindex *ix,
                                                    size_t *room, size_t *capfast)
{
    size_t all = ((size_t)rs->nnodes + 1) * sizeof *ix->fast;
    fr_fast *f = fr_arena_alloc_room(a, all);
    if (!f)
        return NULL;
    memcpy(f, ix->fast, ix->nfast * sizeof *ix->fast);
    ix->fast = f;
    *room = all;
    *capfast = (size_t)rs->nnodes + 1;
    return &f[ix->nfast];
}

/* The fast node tests (ix->fast, ix->fast_id): built before the rest of
 * build_prechecks, on the helper thread while build_plan and build_keys
 * run when there is one (they read nothing of these; all this reads is
 * the ruleset).  fast_alloc takes the arena's memory for them (on the
 * calling thread: the arena is not shared), fast_loop fills it. */
typedef struct fastbuild {
    fr_arena          *a;
    const fr_ruleset  *rs;
    struct fr_evindex *ix;
    fr_prefault       *pf;     /* asked for the pages ahead; NULL on the helper itself */
    size_t             room, capfast;
    int                rc;
} fastbuild;

static int fast_alloc(fastbuild *fb)
{
    fr_arena *a = fb->a;
    const fr_ruleset *rs = fb->rs;
    struct fr_evindex *ix = fb->ix;
    /* fast node tests: room for one a node, uninitialised (the untouched
     * pages of a big block cost nothing), then the rest given back */
    size_t capfast = (size_t)rs->nnodes + 1;
    if (AZ(ix->fast_id, rs->nnodes))
        return -1;
    /* Without a helper, the newest block is most often the syntax tree's
     * last one, its pages in memory (compile.c gives it to the ruleset's
     * arena): the room is what it has left when that is less (a third or
     * so of the nodes are fast tests), moved to a room for all only if the
     * tests outgrow it -- not a block of fresh pages of its own. */
    size_t left = fr_arena_left(a) / sizeof *ix->fast;
    if (!a->pf && left < capfast && left >= 4096)
        capfast = left;
    size_t room = capfast * sizeof *ix->fast;
    if (!(ix->fast = fr_arena_alloc_room(a, room)))
        return -1;
    memset(&ix->fast[0], 0, sizeof ix->fast[0]);
    ix->fast[0].slot = NONE32;
    ix->nfast = 1;
    fb->room = room;
    fb->capfast = capfast;
    return 0;
}

/* (fast_grow is reached only without a helper: with one the room is for
 * every node, so the loop allocates nothing) */
static void fast_loop(fastbuild *fb)
{
    fr_arena *a = fb->a;
    const fr_ruleset *rs = fb->rs;
    struct fr_evindex *ix = fb->ix;
    uint32_t nk = rs->nkeys;
    size_t room = fb->room, capfast = fb->capfast;
    fr_pf_cursor pfc_fast = { 0, 0 }, pfc_id = { 0, 0 };
    for (uint32_t n = 0; n < rs->nnodes; n++) {
        /* (both written in node order: a helper faults their pages in ahead) */
        fr_prefault_ahead(fb->pf, ix->fast, sizeof *ix->fast, (size_t)rs->nnodes + 1, ix->nfast, &pfc_fast);
        fr_prefault_ahead(fb->pf, ix->fast_id, sizeof *ix->fast_id, rs->nnodes, n, &pfc_id);
        fr_fast *fn = &ix->fast[ix->nfast];   /* (written only once it is known to fit) */
        const fr_node *nd = &rs->nodes[n];
        /* an int key against an int constant */
        if (nd->op >= FR_OP_EQ && nd->op <= FR_OP_GE) {
            const fr_node *l = &rs->nodes[nd->a], *r = &rs->nodes[nd->b];
            int flip = 0;
            if (l->op == FR_OP_CONST && (r->op == FR_OP_KEY || r->op == FR_OP_INPUT)) {
                const fr_node *t = l;
                l = r;
                r = t;
                flip = 1;
            }
            if ((l->op == FR_OP_KEY || l->op == FR_OP_INPUT) && r->op == FR_OP_CONST &&
                rs->keys[l->a].type.kind == FR_T_INT && !rs->consts[r->a].is_null) {
                if (ix->nfast == capfast && !(fn = fast_grow(a, rs, ix, &room, &capfast)))
                    goto oom;
                memset(fn, 0, sizeof *fn);
                uint8_t op = nd->op;
                if (flip)
                    op = op == FR_OP_LT ? FR_OP_GT : op == FR_OP_GT ? FR_OP_LT
                       : op == FR_OP_LE ? FR_OP_GE : op == FR_OP_GE ? FR_OP_LE : op;
                fn->slot = 2 * l->a + (l->op == FR_OP_INPUT);
                fn->kind = FR_FAST_ICMP;
                fn->op = op;
                fn->c = rs->consts[r->a].i;
                /* as a range [lo, lo + span], complemented for != */
                int64_t c = rs->consts[r->a].i, lo = 0, hi = 0;
                int ok = 1, neg = 0;
                switch (op) {
                case FR_OP_EQ: lo = hi = c; break;
                case FR_OP_NE: lo = hi = c; neg = 1; break;
                case FR_OP_LT: lo = INT64_MIN; hi = c - (c != INT64_MIN); ok = c != INT64_MIN; break;
                case FR_OP_LE: lo = INT64_MIN; hi = c; break;
                case FR_OP_GT: lo = c + (c != INT64_MAX); hi = INT64_MAX; ok = c != INT64_MAX; break;
                default:       lo = c; hi = INT64_MAX; break;
                }
                if (ok) {
                    fn->kind = FR_FAST_RANGE;
                    fn->op = (uint8_t)neg;
                    fn->c = lo;
                    fn->bits = (uint64_t)hi - (uint64_t)lo;
                }
                fn->vidx = (l->op == FR_OP_INPUT ? nk : 0) + l->a;
                ix->fast_id[n] = ix->nfast++;
                continue;
            }
        }
        uint32_t s;
        uint64_t b;
        if (nd->kind != FR_T_BOOL || !conj_dense(rs, ix, n, &s, &b))
            continue;
        uint32_t k = s / 2;
        if (ix->nfast == capfast && !(fn = fast_grow(a, rs, ix, &room, &capfast)))
            goto oom;
        memset(fn, 0, sizeof *fn);
        fn->slot = s;
        fn->kind = FR_FAST_BITS;
        fn->bits = b;
        fn->vidx = ((s & 1) ? nk : 0) + k;
        ix->fast_id[n] = ix->nfast++;
    }
    fb->room = room;
    fb->capfast = capfast;
    return;
oom:
    fb->rc = -1;
}

static void fast_job(void *arg)
{
    fast_loop(arg);
}

/* The conjunct lists and pre-checks of rules lo .. hi - 1 (build_prechecks):
 * the lists' node ids appended to j->list, each rule's offset in cl_off
 * counted from the range's first list; its pre-check; its name's length.
 * Big rule sets: the second half on the helper thread (a job) while the
 * first is done here; each writes only its rules' entries. */
typedef struct cljob {
    const fr_ruleset  *rs;
    struct fr_evindex *ix;
    uint32_t           lo, hi;
    uint32_t          *list;
    size_t             cap;
    uint32_t           total;
    size_t             nnames;
    int                rc;
} cljob;

static void conj_range(cljob *j)
{
    const fr_ruleset *rs = j->rs;
    struct fr_evindex *ix = j->ix;
    uint32_t lo = j->lo, hi = j->hi, nk = rs->nkeys;
    uint32_t *stack = NULL, *conj = NULL;
    size_t sc = 0, cc = 0;
    for (uint32_t r = lo; r < hi; r++) {
        ix->cl_off[r] = j->total;
        /* (the rule's record read once in this walk, once in the next:
         * its name's length here) */
        ix->rname_len[r] = (uint32_t)strlen(rs->rules[r].name);
        j->nnames += ix->rname_len[r];
        /* one walk over the conjuncts: the pre-check (all of them), and the
         * conjunct list (while each is a fast test) */
        uint32_t ns = 0, nc = 0, best = UINT32_MAX;
        int ok = 1;
        ix->pslot[r] = NONE32;
        ix->pbits[r] = 0;
        if (fr_vec_reserve((void **)&stack, &sc, 1, sizeof *stack) < 0)
            goto oom;
        stack[ns++] = rs->rules[r].cond;
        while (ns) {
            uint32_t n = stack[--ns];
            const fr_node *nd = &rs->nodes[n];
            if (nd->op == FR_OP_AND) {
                if (fr_vec_reserve((void **)&stack, &sc, ns + 2, sizeof *stack) < 0)
                    goto oom;
                stack[ns++] = nd->b;   /* popped after a: tree order */
                stack[ns++] = nd->a;
                continue;
            }
            precheck_conj(rs, ix, n, &ix->pslot[r], &ix->pbits[r], &best);
            if (ok && ix->fast[ix->fast_id[n]].kind) {
                if (fr_vec_reserve((void **)&conj, &cc, nc + 1, sizeof *conj) < 0)
                    goto oom;
                conj[nc++] = n;
            } else
                ok = 0;
        }
        /* a pre-check that everything passes is useless */
        if (ix->pslot[r] != NONE32 && best >= 1024)
            ix->pslot[r] = NONE32;
        uint32_t ps = ix->pslot[r];
        ix->pvidx[r] = ps == NONE32 ? NONE32 : ((ps & 1) ? nk : 0) + ps / 2;
        if (!ok || nc == 0)
            continue;
        if ((size_t)j->total + nc > j->cap) {
            size_t ncap = j->cap;
            if ((size_t)j->total + nc > UINT32_MAX ||
                fr_vec_reserve((void **)&j->list, &ncap, j->total + nc, sizeof *j->list) < 0)
                goto oom;
            j->cap = ncap;
        }
        /* the pre-check conjunct first (the most selective dense test) */
        uint32_t first = 0;
        for (uint32_t i = 0; i < nc; i++) {
            const fr_fast *f = &ix->fast[ix->fast_id[conj[i]]];
            if (f->kind == FR_FAST_BITS && f->slot == ix->pslot[r] && f->bits == ix->pbits[r]) {
                first = i;
                break;
            }
        }
        j->list[j->total++] = conj[first];
        for (uint32_t i = 0; i < nc; i++)
            if (i != first)
                j->list[j->total++] = conj[i];
    }
    free(stack);
    free(conj);
    return;
oom:
    free(stack);
    free(conj);
    j->rc = -1;
}

static void conj_job(void *arg)
{
    conj_range(arg);
}

/* fb: the fast tests, built (fast_alloc, fast_loop) */
static int build_prechecks(fr_arena *a, const fr_ruleset *rs, struct fr_evindex *ix, const fastbuild *fb)
{
    uint32_t nr = rs->nrules, nk = rs->nkeys;
    if (fb->rc < 0)
        return -1;
    /* (a no-op when build_plan and build_keys allocated after the room,
     * while the helper filled it: its unused pages stay untouched) */
    fr_arena_shrink(a, ix->fast, fb->room, ix->nfast * sizeof *ix->fast);
    if (AU(ix->pslot, nr) || AU(ix->pvidx, nr) || AU(ix->pbits, nr) || AZ(ix->dkeys, nk))
        return -1;
    for (uint32_t k = 0; k < nk; k++)
        if (ix->kd_off[k + 1] > ix->kd_off[k])
            ix->dkeys[ix->ndkeys++] = k;
    /* for the compact writer: name lengths, enum values in compact form */
    if (AU(ix->rname_len, nr) || AU(ix->kname_len, nk) || AZ(ix->enum_off, rs->nenums + 1))
        return -1;
    /* (rname_len: in the walk over the rules below) */
    for (uint32_t k = 0; k < nk; k++)
        ix->kname_len[k] = (uint32_t)strlen(rs->keys[k].name);
    for (uint32_t e = 0; e < rs->nenums; e++)
        ix->enum_off[e + 1] = ix->enum_off[e] + rs->enums[e].nvalues;
    uint32_t nev = ix->enum_off[rs->nenums];
    if (AZ(ix->ecompact, nev) || AZ(ix->ecompact_len, nev))
        return -1;
    {
        /* every value's text, NUL-terminated, back to back in one block with
         * 32 bytes after the last (the compact writer copies 32 bytes at a
         * time); ecompact_len first holds the offsets */
        fr_buf b = { 0 };
        for (uint32_t e = 0; e < rs->nenums; e++)
            for (uint32_t v = 0; v < rs->enums[e].nvalues; v++) {
                const char *name = rs->enums[e].values[v];
                ix->ecompact_len[ix->enum_off[e] + v] = (uint32_t)b.len;
                fr_compact_str(&b, name, strlen(name));
                fr_buf_put(&b, "", 1);
            }
        char *blk = b.oom ? NULL : fr_arena_alloc(a, b.len + 32);
        if (blk) {
            memcpy(blk, b.p ? b.p : "", b.len);
            memset(blk + b.len, 0, 32);
        }
        fr_buf_free(&b);
        if (!blk)
            return -1;
        for (uint32_t v = 0; v < nev; v++) {
            ix->ecompact[v] = blk + ix->ecompact_len[v];
            ix->ecompact_len[v] = (uint32_t)strlen(ix->ecompact[v]);
        }
    }
    /* Small rule sets: scanning every rule with its pre-check costs less
     * than the bookkeeping of the incremental mode -- unless the keys
     * outnumber the rules: then a key has a reader or two, a config wakes
     * few rules, and the scan's restore copies every key.  (Per config,
     * callgrind: SGLang, 32 rules over 28 keys, SCAN 5,788 instructions,
     * INCR 9,056; bench's dense 100 rules over 200 flags, SCAN 20,333,
     * INCR 3,927.) */
    ix->default_mode = nr <= 256 && rs->nkeys <= nr ? FR_MODE_SCAN : FR_MODE_INCR;
    /* conjunct lists: conditions that are conjunctions of fast tests */
    if (AZ(ix->cl_off, nr + 1))
        return -1;
    /* (the lists as node ids, their fast tests in ix->fast: 4 bytes a test
     * while the lists grow, not a copy of each (peak RSS)) */
    cljob part[2] = { { rs, ix, 0, nr, NULL, 0, 0, 0, 0 }, { rs, ix, nr, nr, NULL, 0, 0, 0, 0 } };
    if (nr >= 4096 && a->pf) {
        part[0].hi = part[1].lo = nr / 2;
        fr_prefault_split(a->pf, conj_job, &part[0], &part[1]);
    } else
        conj_range(&part[0]);
    uint32_t *list = part[0].list;
    size_t nnames = part[0].nnames + part[1].nnames;
    if (part[0].rc < 0 || part[1].rc < 0 || (size_t)part[0].total + part[1].total > UINT32_MAX)
        goto oom;
    uint32_t total = part[0].total;
    if (part[1].total) {
        /* the second half's lists after the first's */
        size_t cap = part[0].cap;
        if (fr_vec_reserve((void **)&list, &cap, (size_t)total + part[1].total, sizeof *list) < 0)
            goto oom;
        part[0].list = list;
        memcpy(list + total, part[1].list, part[1].total * sizeof *list);
        for (uint32_t r = part[1].lo; r < part[1].hi; r++)
            ix->cl_off[r] += total;
        total += part[1].total;
    }
    free(part[1].list);
    part[1].list = NULL;
    ix->cl_off[nr] = total;
    if (AZ(ix->cl_test, total))
        goto oom;
    for (uint32_t q = 0; q < total; q++) {
        const fr_fast *f = &ix->fast[ix->fast_id[list[q]]];
        fr_ctest *t = &ix->cl_test[q];
        t->vidx = f->vidx;
        t->kind = f->kind == FR_FAST_BITS ? FR_FAST_BITS : FR_FAST_ICMP;
        if (f->kind == FR_FAST_BITS) {
            t->x = f->bits;
            continue;
        }
        if (f->kind == FR_FAST_ICMP) {
            t->op = f->op;
            t->x = (uint64_t)f->c;
            continue;
        }
        /* a range [lo, lo + span] made from one comparison, or its
         * complement (!=): back to that comparison */
        int64_t lo = f->c;
        uint64_t hi = (uint64_t)lo + f->bits;
        if (f->bits == 0) {
            t->op = f->op ? FR_OP_NE : FR_OP_EQ;
            t->x = (uint64_t)lo;
        } else if (lo == INT64_MIN) {
            t->op = FR_OP_LE;
            t->x = hi;
        } else {
            t->op = FR_OP_GE;   /* (hi is INT64_MAX) */
            t->x = (uint64_t)lo;
        }
    }
    /* (32 more bytes: the compact writer copies a name 32 bytes at a time) */
    if (nnames > UINT32_MAX || AZ(ix->rflat, nr) || AZ(ix->rnames, nnames + 32) || AU(ix->rname_off, nr + 1))
        goto oom;
    nnames = 0;
    for (uint32_t r = 0; r < nr; r++) {
        fr_rflat *rf = &ix->rflat[r];
        rf->cl = ix->cl_off[r];
        rf->ncl = ix->cl_off[r + 1] - ix->cl_off[r];
        rf->group = ix->group_of[r];
        rf->item = ix->item_off[r];
        ix->rname_off[r] = (uint32_t)nnames;
        const fr_rule *ru = &rs->rules[r];
        memcpy(ix->rnames + nnames, ru->name, ix->rname_len[r]);
        nnames += ix->rname_len[r];
        uint8_t fl = 0;
        if (ix->cl_off[r] != ix->cl_off[r + 1] && ru->kind != FR_RULE_REQUIRE)
            fl |= FR_RF_LIST;
        if (ru->kind == FR_RULE_DECLARE) {
            fl |= FR_RF_DECL;
            if (ru->nattached)
                fl |= FR_RF_ATT;
        } else {
            uint8_t sev = ru->kind == FR_RULE_WARN ? FR_SEV_WARNING
                        : ru->kind == FR_RULE_INFO ? FR_SEV_INFO : FR_SEV_ERROR;
            fl |= (uint8_t)(sev << FR_RF_SEVSH);
        }
        rf->flags = fl;
    }
    ix->rname_off[nr] = (uint32_t)nnames;
    free(list);
    return 0;
oom:
    free(part[0].list);
    free(part[1].list);
    return -1;
}

/* ---- SCAN mode tables ---- */

typedef struct scctx {
    const struct fr_evindex *ix;
    uint32_t  nk;
    int       decl;        /* 0 checks; declare rules on: 1 final slots, 2 declared keys */
    uint32_t  group;       /* the group of the declare rule */
    uint32_t *fidx;        /* [2 * nk]: filter index of a value index, NONE32 */
    uint32_t *fvidx;       /* the slots, in filter order */
    uint32_t  nf;
    uint64_t *rows;        /* NULL: counting */
    uint32_t  nw, pos;
} scctx;

#if defined(__x86_64__) && defined(__GNUC__)
/* row[d] &= keep for the d in 0..63 whose bit in bits is clear, 4 rows a
 * step (sc_add's loop for a table of one word a row). */
static __attribute__((target("avx2"))) void sc_clear_avx2(uint64_t *row, uint64_t bits, uint64_t keep)
{
    const __m256i nb = _mm256_set1_epi64x((long long)~bits), one = _mm256_set1_epi64x(1),
                  clr = _mm256_set1_epi64x((long long)~keep), four = _mm256_set1_epi64x(4);
    __m256i sh = _mm256_setr_epi64x(0, 1, 2, 3);
    for (uint32_t d = 0; d < 64; d += 4) {
        /* all ones in the lanes whose value is not in bits */
        __m256i m = _mm256_sub_epi64(_mm256_setzero_si256(), _mm256_and_si256(_mm256_srlv_epi64(nb, sh), one));
        __m256i r = _mm256_loadu_si256((const __m256i *)(const void *)(row + d));
        _mm256_storeu_si256((__m256i *)(void *)(row + d), _mm256_andnot_si256(_mm256_and_si256(m, clr), r));
        sh = _mm256_add_epi64(sh, four);
    }
}
#endif

static void sc_add(scctx *c, uint32_t vidx, uint64_t bits)
{
    if (vidx == NONE32 || vidx >= 2 * c->nk)
        return;
    if (c->decl) {
        int declared = vidx < c->nk && c->ix->kd_off[vidx] != c->ix->kd_off[vidx + 1];
        if (declared != (c->decl == 2))
            return;
        /* (a key declared in the rule's group or later is not final yet) */
        if (declared && !(c->ix->klast[vidx] < c->group))
            return;
    }
    uint32_t f = c->fidx[vidx];
    if (f == NONE32) {
        if (c->rows)
            return;   /* cannot happen: counted */
        f = c->fidx[vidx] = c->nf;
        c->fvidx[c->nf++] = vidx;
    }
    if (!c->rows)
        return;
    /* clear the rule's bit in the rows of the values not in bits (one row
     * a value, nw words a row; without a branch a value) */
    uint64_t *row = c->rows + (size_t)f * 64 * c->nw + c->pos / 64, keep = ~(1ull << (c->pos & 63));
#if defined(__x86_64__) && defined(__GNUC__)
    if (c->nw == 1 && FR_CPU_AVX2()) {
        sc_clear_avx2(row, bits, keep);
        return;
    }
#endif
    if (c->nw == 1) {
        for (uint32_t d = 0; d < 64; d++)
            row[d] &= keep | (0 - ((bits >> d) & 1));
    } else {
        for (uint32_t d = 0; d < 64; d++)
            row[(size_t)d * c->nw] &= keep | (0 - ((bits >> d) & 1));
    }
}

/* The exact filters of a condition: its dense conjuncts. */
static void sc_conj(scctx *c, const fr_ruleset *rs, uint32_t n)
{
    const fr_node *nd = &rs->nodes[n];
    if (nd->op == FR_OP_AND) {
        sc_conj(c, rs, nd->a);
        sc_conj(c, rs, nd->b);
        return;
    }
    const fr_fast *f = &c->ix->fast[c->ix->fast_id[n]];
    if (f->kind == FR_FAST_BITS)
        sc_add(c, f->vidx, f->bits);
}

static void sc_rule(scctx *c, const fr_ruleset *rs, uint32_t r)
{
    sc_add(c, c->ix->pvidx[r], c->ix->pbits[r]);
    sc_conj(c, rs, rs->rules[r].cond);
}

/* One table (declare rules at scan positions, or the checks).  0 or -1. */
static int sc_table(fr_arena *a, const fr_ruleset *rs, struct fr_evindex *ix, int decl,
                    uint32_t *fidx, uint32_t *fvidx, uint32_t *nf_out, uint32_t **vidx_out,
                    uint64_t **rows_out)
{
    uint32_t n = decl ? ix->nplan : ix->nchecks, nw = (n + 63) / 64;
    const uint64_t *all = decl ? ix->sc_alld : ix->sc_allc;
    scctx c = { ix, rs->nkeys, decl, 0, fidx, fvidx, 0, NULL, nw, 0 };
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t p = 0; p < n; p++) {
            uint32_t r = decl ? ix->sc_rules[p] : ix->checks[p];
            if (decl && ix->groups[ix->sc_group[p]].cyclic)
                continue;   /* a cyclic group runs whole */
            c.pos = p;
            c.group = decl ? ix->sc_group[p] : NONE32;
            sc_rule(&c, rs, r);
        }
        if (pass == 0 && decl == 2) {
            /* in the order the keys become final */
            for (uint32_t i = 1; i < c.nf; i++)
                for (uint32_t j = i; j > 0 && ix->klast[fvidx[j - 1]] > ix->klast[fvidx[j]]; j--) {
                    uint32_t t = fvidx[j];
                    fvidx[j] = fvidx[j - 1];
                    fvidx[j - 1] = t;
                }
            for (uint32_t i = 0; i < c.nf; i++)
                fidx[fvidx[i]] = i;
        }
        if (pass == 0) {
            /* tables bigger than the rules are not worth it */
            size_t nwords = (size_t)c.nf * 64 * nw, cap = 32 * (size_t)rs->nrules;
            if (!c.nf || nwords > (cap > 4096 ? cap : 4096))
                break;
            /* (not zeroed: every row is a copy of `all`; nwords is bounded
             * above, no overflow) */
            if (!(c.rows = fr_arena_alloc(a, nwords * sizeof *c.rows)))
                return -1;
            for (size_t i = 0; i < (size_t)c.nf * 64; i++)
                memcpy(c.rows + i * nw, all, nw * sizeof *all);
        }
    }
    for (uint32_t i = 0; i < c.nf; i++)
        fidx[fvidx[i]] = NONE32;
    if (!c.rows)
        return 0;
    if (AZ(*vidx_out, c.nf))
        return -1;
    memcpy(*vidx_out, fvidx, c.nf * sizeof *fvidx);
    *rows_out = c.rows;
    *nf_out = c.nf;
    return 0;
}

/* The flat program of a condition (fr_sins): its size, then its code. */
static uint32_t sp_size(const fr_ruleset *rs, const struct fr_evindex *ix, uint32_t n)
{
    const fr_node *nd = &rs->nodes[n];
    if (ix->fast[ix->fast_id[n]].kind)
        return 1;
    if (nd->op == FR_OP_AND || nd->op == FR_OP_OR)
        return sp_size(rs, ix, nd->a) + sp_size(rs, ix, nd->b);
    if (nd->op == FR_OP_NOT)
        return sp_size(rs, ix, nd->a);
    return 1;
}

static uint32_t sp_leafref(const fr_ruleset *rs, uint32_t n)
{
    const fr_node *nd = &rs->nodes[n];
    switch (nd->op) {
    case FR_OP_KEY: return nd->a;
    case FR_OP_INPUT: return rs->nkeys + nd->a;
    case FR_OP_CONST: return FR_SP_CONST | nd->a;
    default: return NONE32;
    }
}

/* Code of node n at p[at ..], going on to instruction t when true and f
 * when false (as ev_cond evaluates it: a fast test where it takes one, the
 * left operand of `&` and `|` first). */
static void sp_emit(const fr_ruleset *rs, const struct fr_evindex *ix, fr_sins *p, uint32_t at,
                    uint32_t n, uint16_t t, uint16_t f)
{
    const fr_node *nd = &rs->nodes[n];
    const fr_fast *fa = &ix->fast[ix->fast_id[n]];
    fr_sins *in = &p[at];
    if (fa->kind) {
        memset(in, 0, sizeof *in);
        in->t = t;
        in->f = f;
        if (fa->kind == FR_FAST_BITS) {
            in->kind = FR_SP_BITS;
            in->a = fa->vidx;
            in->x = fa->bits;
        } else {
            in->kind = FR_SP_FAST;
            in->a = ix->fast_id[n];   /* (the test itself, in ix->fast) */
        }
        return;
    }
    switch (nd->op) {
    case FR_OP_AND: {
        uint32_t sa = sp_size(rs, ix, nd->a);
        sp_emit(rs, ix, p, at, nd->a, (uint16_t)(at + sa), f);
        sp_emit(rs, ix, p, at + sa, nd->b, t, f);
        return;
    }
    case FR_OP_OR: {
        uint32_t sa = sp_size(rs, ix, nd->a);
        sp_emit(rs, ix, p, at, nd->a, t, (uint16_t)(at + sa));
        sp_emit(rs, ix, p, at + sa, nd->b, t, f);
        return;
    }
    case FR_OP_NOT:
        sp_emit(rs, ix, p, at, nd->a, f, t);
        return;
    default:
        break;
    }
    memset(in, 0, sizeof *in);
    in->t = t;
    in->f = f;
    in->kind = FR_SP_NODE;
    in->a = n;
    switch (nd->op) {
    case FR_OP_KEY:
    case FR_OP_INPUT:
    case FR_OP_CONST:
        in->kind = FR_SP_TRUTHY;
        in->a = sp_leafref(rs, n);
        return;
    case FR_OP_EQ:
    case FR_OP_NE:
    case FR_OP_LT:
    case FR_OP_LE:
    case FR_OP_GT:
    case FR_OP_GE: {
        uint32_t ra = sp_leafref(rs, nd->a), rb = sp_leafref(rs, nd->b);
        if (ra == NONE32 || rb == NONE32)
            return;
        const fr_node *na = &rs->nodes[nd->a], *nb = &rs->nodes[nd->b];
        fr_type ty = na->kind == FR_T_NULL ? fr_node_type(nb) : fr_node_type(na);
        in->kind = (nd->op == FR_OP_EQ || nd->op == FR_OP_NE) ? FR_SP_EQ : FR_SP_CMP;
        in->op = nd->op;
        in->str = ty.kind == FR_T_STRING;
        in->a = ra;
        in->b = rb;
        return;
    }
    default:
        return;
    }
}

/* Whether the filters of the scan (the tables built) hold the dense test
 * `n` of rule r: a candidate then passes it. */
static int sp_covered(const fr_ruleset *rs, const struct fr_evindex *ix, uint32_t r, uint32_t n)
{
    const fr_fast *fa = &ix->fast[ix->fast_id[n]];
    if (fa->kind != FR_FAST_BITS || fa->vidx >= 2 * rs->nkeys)
        return 0;
    uint32_t v = fa->vidx, nf;
    const uint32_t *list;
    if (!(ix->rflat[r].flags & FR_RF_DECL)) {
        if (!ix->sc_fc_rows)
            return 0;
        list = ix->sc_fc_vidx;
        nf = ix->sc_nfc;
    } else {
        uint32_t g = ix->group_of[r];
        if (g == NONE32 || ix->groups[g].cyclic)
            return 0;
        int declared = v < rs->nkeys && ix->kd_off[v] != ix->kd_off[v + 1];
        if (!declared) {
            if (!ix->sc_fd_rows)
                return 0;
            list = ix->sc_fd_vidx;
            nf = ix->sc_nfd;
        } else {
            if (!ix->sc_fl_rows || !(ix->klast[v] < g))
                return 0;
            list = ix->sc_fl_vidx;
            nf = ix->sc_nfl;
        }
    }
    for (uint32_t f = 0; f < nf; f++)
        if (list[f] == v)
            return 1;
    return 0;
}

/* The conjuncts of condition n (as sc_conj finds them) that the filters do
 * not hold, in evaluation order, into out (NULL: counting).  Returns how
 * many. */
static uint32_t sp_residual(const fr_ruleset *rs, const struct fr_evindex *ix, uint32_t r, uint32_t n,
                            uint32_t *out, uint32_t at)
{
    const fr_node *nd = &rs->nodes[n];
    if (nd->op == FR_OP_AND) {
        at = sp_residual(rs, ix, r, nd->a, out, at);
        return sp_residual(rs, ix, r, nd->b, out, at);
    }
    if (sp_covered(rs, ix, r, n))
        return at;
    if (out)
        out[at] = n;
    return at + 1;
}

/* The flat programs of every rule (small rule sets, after the filters are
 * built).  A condition's program leaves out the conjuncts the filters
 * hold (true for every candidate; FR_SP_ALWAYS when none is left).  0 or
 * -1. */
static int build_sprog(fr_arena *a, const fr_ruleset *rs, struct fr_evindex *ix)
{
    uint32_t nr = rs->nrules;
    size_t total = 0;
    uint32_t *conj = NULL, ncap = 0;
    if (AZ(ix->sc_pcond, nr) || AZ(ix->sc_preq, nr) || AZ(ix->sc_iref, ix->nitems))
        return -1;
    for (uint32_t r = 0; r < nr; r++)
        for (uint32_t j = 0; j < rs->rules[r].nitems; j++)
            ix->sc_iref[ix->item_off[r] + j] = sp_leafref(rs, rs->rules[r].items[j].value);
    for (uint32_t r = 0; r < nr; r++) {
        const fr_rule *ru = &rs->rules[r];
        uint32_t nc = sp_residual(rs, ix, r, ru->cond, NULL, 0);
        if (nc > ncap)
            ncap = nc;
    }
    conj = malloc((ncap ? ncap : 1) * sizeof *conj);
    if (!conj)
        return -1;
    for (uint32_t r = 0; r < nr; r++) {
        const fr_rule *ru = &rs->rules[r];
        uint32_t nc = sp_residual(rs, ix, r, ru->cond, conj, 0);
        uint32_t sc = 0;
        for (uint32_t i = 0; i < nc; i++)
            sc += sp_size(rs, ix, conj[i]);
        uint32_t sq = ru->kind == FR_RULE_REQUIRE ? sp_size(rs, ix, ru->req) : 0;
        ix->sc_pcond[r] = ix->sc_preq[r] = NONE32;
        if (sc >= 0xf000 || sq >= 0xf000)
            continue;
        ix->sc_pcond[r] = sc ? (uint32_t)total : FR_SP_ALWAYS;
        total += sc;
        if (ru->kind == FR_RULE_REQUIRE) {
            ix->sc_preq[r] = (uint32_t)total;
            total += sq;
        }
    }
    if (total >= NONE32 / 2 || AZ(ix->sc_prog, total)) {
        free(conj);
        return -1;
    }
    for (uint32_t r = 0; r < nr; r++) {
        const fr_rule *ru = &rs->rules[r];
        if (ix->sc_pcond[r] != NONE32 && ix->sc_pcond[r] != FR_SP_ALWAYS) {
            /* the residual conjuncts, one after the other */
            uint32_t nc = sp_residual(rs, ix, r, ru->cond, conj, 0), at = 0;
            fr_sins *p = ix->sc_prog + ix->sc_pcond[r];
            for (uint32_t i = 0; i < nc; i++) {
                uint32_t sz = sp_size(rs, ix, conj[i]);
                sp_emit(rs, ix, p, at, conj[i], i + 1 < nc ? (uint16_t)(at + sz) : FR_SP_TRUE, FR_SP_FALSE);
                at += sz;
            }
        }
        if (ix->sc_preq[r] != NONE32)
            sp_emit(rs, ix, ix->sc_prog + ix->sc_preq[r], 0, ru->req, FR_SP_TRUE, FR_SP_FALSE);
    }
    free(conj);
    return 0;
}

static int build_scan(fr_arena *a, const fr_ruleset *rs, struct fr_evindex *ix)
{
    uint32_t np = ix->nplan, nc = ix->nchecks, nk = rs->nkeys;
    for (uint32_t g = 0; g < ix->ngroups; g++)
        if (ix->groups[g].cyclic)
            ix->sc_anycyc = true;
    ix->sc_nwd = (np + 63) / 64;
    ix->sc_nwc = (nc + 63) / 64;
    if (AZ(ix->sc_rules, np) || AZ(ix->sc_group, np) || AZ(ix->sc_alld, ix->sc_nwd) ||
        AZ(ix->sc_allc, ix->sc_nwc))
        return -1;
    uint32_t p = 0;
    for (uint32_t g = 0; g < ix->ngroups; g++)
        for (uint32_t i = 0; i < ix->groups[g].n && p < np; i++, p++) {
            ix->sc_rules[p] = ix->plan_rules[ix->groups[g].first + i];
            ix->sc_group[p] = g;
        }
    for (uint32_t i = 0; i < p; i++)
        ix->sc_alld[i / 64] |= 1ull << (i & 63);
    for (uint32_t i = 0; i < nc; i++)
        ix->sc_allc[i / 64] |= 1ull << (i & 63);
    if (AZ(ix->sc_def, nk))
        return -1;
    for (uint32_t k = 0; k < nk; k++)
        ix->sc_def[k] = rs->keys[k].def;
    if (AZ(ix->sc_errmask, (rs->nrules + 63) / 64))
        return -1;
    for (uint32_t r = 0; r < rs->nrules; r++) {
        uint8_t fl = ix->rflat[r].flags;
        if (!(fl & FR_RF_DECL) && ((fl >> FR_RF_SEVSH) & 3) == FR_SEV_ERROR)
            ix->sc_errmask[r / 64] |= 1ull << (r & 63);
    }
    /* the compact writer's bound (as fr_result_append_compact computes
     * it per line, for every rule and key at once) */
    size_t nwk = (nk + 63) / 64;
    if (AZ(ix->cw_strmask, nwk))
        return -1;
    size_t bound = 16;
    for (uint32_t r = 0; r < rs->nrules; r++)
        bound += ix->rname_len[r] + 1;
    for (uint32_t k = 0; k < nk; k++) {
        bound += ix->kname_len[k] + 2;
        fr_type t = rs->keys[k].type;
        if (t.kind == FR_T_STRING) {
            bound += 4 + 2;
            ix->cw_strmask[k / 64] |= 1ull << (k & 63);
        } else if (t.kind == FR_T_ENUM) {
            size_t m = 4;
            for (uint32_t v = ix->enum_off[t.enum_id]; v < ix->enum_off[t.enum_id + 1]; v++)
                if (ix->ecompact_len[v] > m)
                    m = ix->ecompact_len[v];
            bound += m;
        } else
            bound += 20;
    }
    ix->cw_bound = bound <= 256 * 1024 ? bound : 0;
    size_t nkn = 32;
    for (uint32_t k = 0; k < nk; k++)
        nkn += ix->kname_len[k] + 1;
    if (AZ(ix->cw_koff, nk) || AZ(ix->cw_knames, nkn))
        return -1;
    nkn = 0;
    for (uint32_t k = 0; k < nk; k++) {
        ix->cw_koff[k] = (uint32_t)nkn;
        memcpy(ix->cw_knames + nkn, rs->keys[k].name, ix->kname_len[k]);
        nkn += ix->kname_len[k];
        ix->cw_knames[nkn++] = '=';
    }
    if (rs->nrules > 1024)
        return 0;   /* SCAN is for small rule sets: no filters, no programs */
    if (nk <= 64) {
        if (AZ(ix->sc_before, ix->ngroups + 1))
            return -1;
        for (uint32_t k = 0; k < nk; k++)
            if (ix->kd_off[k + 1] > ix->kd_off[k] && !ix->groups[ix->klast[k]].cyclic)
                for (uint32_t g = ix->klast[k] + 1; g <= ix->ngroups; g++)
                    ix->sc_before[g] |= 1ull << k;
    }
    uint32_t *fidx = malloc((2 * (size_t)nk + 1) * sizeof *fidx);
    uint32_t *fvidx = malloc((2 * (size_t)nk + 1) * sizeof *fvidx);
    if (!fidx || !fvidx) {
        free(fidx);
        free(fvidx);
        return -1;
    }
    memset(fidx, 0xff, (2 * (size_t)nk + 1) * sizeof *fidx);
    int rc = (sc_table(a, rs, ix, 1, fidx, fvidx, &ix->sc_nfd, &ix->sc_fd_vidx, &ix->sc_fd_rows) < 0 ||
              sc_table(a, rs, ix, 2, fidx, fvidx, &ix->sc_nfl, &ix->sc_fl_vidx, &ix->sc_fl_rows) < 0 ||
              sc_table(a, rs, ix, 0, fidx, fvidx, &ix->sc_nfc, &ix->sc_fc_vidx, &ix->sc_fc_rows) < 0)
             ? -1 : 0;
    /* the check filters hold every check's pre-check when built */
    ix->sc_exact = rc == 0 && ix->sc_fc_rows != NULL;
    for (uint32_t i = 0; i < nc && ix->sc_exact; i++)
        if (ix->pvidx[ix->checks[i]] != NONE32 && ix->pvidx[ix->checks[i]] >= 2 * nk)
            ix->sc_exact = false;
    if (rc == 0 && ix->sc_nfl) {
        if (AZ(ix->sc_fl_group, ix->sc_nfl))
            rc = -1;
        else
            for (uint32_t f = 0; f < ix->sc_nfl; f++)
                ix->sc_fl_group[f] = ix->klast[ix->sc_fl_vidx[f]];
    }
    if (rc == 0 && build_sprog(a, rs, ix) < 0)
        rc = -1;
    /* (evaluate_scan1: one word of rules, positions and checks, the
     * pending keys as a bit set, every filter table built) */
    ix->sc_small = rc == 0 && rs->nrules <= 64 && ix->sc_nwd == 1 && ix->sc_nwc == 1 &&
                   ix->sc_before && !ix->sc_anycyc;

    free(fidx);
    free(fvidx);
    return rc;
}

/* Hash indexes over the values of the sparse guard tables of int slots
 * with many entries (fr_gtable.hslot): a config's lookup is then O(1) cache
 * misses instead of a binary search over a table of thousands of entries
 * (a million-rule set: ~13 misses per changed key). */
static int build_ghash(fr_arena *a, const fr_ruleset *rs, struct fr_evindex *ix)
{
    for (uint32_t s = 0; s < 2 * rs->nkeys; s++) {
        fr_gtable *gt = gtab_at(ix, s);
        if (gt->ndom || gt->nents < 64 || rs->keys[s / 2].type.kind != FR_T_INT)
            continue;
        uint32_t nd = 0;
        for (uint32_t i = 0; i < gt->nents; i++)
            nd += i == 0 || gt->ents[i].v.i != gt->ents[i - 1].v.i;
        uint32_t size = 64;
        while (size < 2 * nd)
            size *= 2;
        fr_hslot *hp = fr_arena_alloc(a, size * sizeof *hp);
        if (!hp)
            return -1;
        for (uint32_t h = 0; h < size; h++) {
            hp[h].v = 0;
            hp[h].x = NONE32;
            hp[h].run = 0;
        }
        for (uint32_t i = 0; i < gt->nents; i++) {
            if (i > 0 && gt->ents[i].v.i == gt->ents[i - 1].v.i)
                continue;
            uint32_t h = fr_int_hash(gt->ents[i].v.i) & (size - 1);
            while (hp[h].x != NONE32)
                h = (h + 1) & (size - 1);
            /* the value's entries: consecutive positions? (build_order) */
            uint32_t n = 1;
            while (i + n < gt->nents && gt->ents[i + n].v.i == gt->ents[i].v.i &&
                   gt->ents[i + n].rule == gt->ents[i].rule + n)
                n++;
            bool run = i + n == gt->nents || gt->ents[i + n].v.i != gt->ents[i].v.i;
            hp[h].v = gt->ents[i].v.i;
            hp[h].x = run ? gt->ents[i].rule : i;
            hp[h].run = run ? n : 0;
        }
        gt->hslot = hp;
        gt->hmask = size - 1;
    }
    return 0;
}

/* ix->re_jit: the regexes pcre2_jit_match can match as pcre2_match would
 * once an evaluator has their JIT code (complete matches, no UTF check to
 * make; the match context's limits apply alike; fr_eval.re_code).  0 or -1. */
static int build_regex_jit(fr_arena *a, const fr_ruleset *rs, struct fr_evindex *ix)
{
    if (!rs->nregexes)
        return 0;
    if (AZ(ix->re_jit, rs->nregexes) || AZ(ix->re_pre, rs->nregexes))
        return -1;
    for (uint32_t i = 0; i < rs->nregexes; i++) {
        const pcre2_code *code = (const pcre2_code *)rs->regexes[i].code;
        uint32_t opts = 0, minlen = 0, ftype = 0, funit = 0;
        if (!code || pcre2_pattern_info(code, PCRE2_INFO_ALLOPTIONS, &opts) != 0 || (opts & PCRE2_UTF))
            continue;
        ix->re_jit[i] = 1;
        /* (in bytes: no UTF) */
        if (pcre2_pattern_info(code, PCRE2_INFO_MINLENGTH, &minlen) == 0)
            ix->re_pre[i].minlen = minlen;
        if ((opts & PCRE2_ANCHORED) && pcre2_pattern_info(code, PCRE2_INFO_FIRSTCODETYPE, &ftype) == 0 &&
            ftype == 1 && pcre2_pattern_info(code, PCRE2_INFO_FIRSTCODEUNIT, &funit) == 0 && funit < 0x80 &&
            ix->re_pre[i].minlen >= 1) {
            int letter = (funit | 0x20) >= 'a' && (funit | 0x20) <= 'z';
            ix->re_pre[i].has_first = 1;
            ix->re_pre[i].fold = (uint8_t)letter;
            ix->re_pre[i].first = (uint8_t)(letter ? (funit | 0x20) : funit);
        }
    }
    return 0;
}

/* INCR's order of the rules (fr_evindex.qrule): each rule at its first
 * bucket of a guard table, slot by slot and bucket by bucket (rule order
 * within a bucket), then at its first open list, then the rest in rule
 * order.  The tables and lists then hold positions, and the conjunct lists
 * (cl_test) are laid out in this order: the rules a changed value queues,
 * and their lists, are neighbours in memory instead of a cache and TLB
 * miss each all over a big rule set.  Results cannot depend on the order:
 * judging a check reads only its own list, and everything that reports or
 * restores a rule goes by its id (qrule[q]). */
static int build_order(fr_arena *a, const fr_ruleset *rs, struct fr_evindex *ix)
{
    uint32_t nr = rs->nrules, ns = 2 * rs->nkeys, nq = 0;
    uint32_t *rq = malloc((nr ? nr : 1) * sizeof *rq);
    if (!rq || AU(ix->qrule, nr)) {
        free(rq);
        return -1;
    }
    memset(rq, 0xff, (size_t)nr * sizeof *rq);
#define PLACE(r) do { uint32_t r_ = (r); if (rq[r_] == NONE32) { rq[r_] = nq; ix->qrule[nq++] = r_; } } while (0)
    for (uint32_t s = 0; s < ns; s++) {
        const fr_gtable *gt = gtab_at(ix, s);
        if (gt->ndom)
            for (uint32_t i = 0; i < gt->off[gt->ndom]; i++)
                PLACE(gt->rules[i]);
        for (uint32_t i = 0; i < gt->nents; i++)
            PLACE(gt->ents[i].rule);
        for (uint32_t i = 0; i < gt->nnull; i++)
            PLACE(gt->nullrules[i]);
    }
    for (uint32_t i = 0; ix->open_off && i < ix->open_off[ns]; i++)
        PLACE(ix->open_rules[i]);
    for (uint32_t r = 0; r < nr; r++)
        PLACE(r);
#undef PLACE
    /* the tables and lists: positions */
    for (uint32_t s = 0; s < ns; s++) {
        fr_gtable *gt = gtab_at(ix, s);
        /* (a base list of its own: not in rules or nullrules) */
        bool own = gt->base && gt->nbase && !gt->ndom && gt->base != gt->nullrules;
        if (gt->ndom)
            for (uint32_t i = 0; i < gt->off[gt->ndom]; i++)
                gt->rules[i] = rq[gt->rules[i]];
        for (uint32_t i = 0; i < gt->nents; i++)
            gt->ents[i].rule = rq[gt->ents[i].rule];
        for (uint32_t i = 0; i < gt->nnull; i++)
            gt->nullrules[i] = rq[gt->nullrules[i]];
        if (own)
            for (uint32_t i = 0; i < gt->nbase; i++)
                ((uint32_t *)gt->base)[i] = rq[gt->base[i]];
    }
    for (uint32_t i = 0; ix->open_off && i < ix->open_off[ns]; i++)
        ix->open_rules[i] = rq[ix->open_rules[i]];
    /* the conjunct lists in this order: each list's new place (in rq, by
     * rule), then the lists copied in rule order (the old array read in
     * order, the new one written where each goes) */
    fr_rcl *rcl;
    if (AU(rcl, nr) || AZ(ix->declmask, (nr + 63) / 64)) {
        free(rq);
        return -1;
    }
    uint32_t total = 0;
    for (uint32_t q = 0; q < nr; q++) {
        uint32_t r = ix->qrule[q];
        const fr_rflat *rf = &ix->rflat[r];
        /* (the rules in this order are all over rflat: their records
         * asked for ahead, many misses in flight instead of one) */
        if (q + 16 < nr) {
            __builtin_prefetch(&ix->rflat[ix->qrule[q + 16]]);
            __builtin_prefetch(&rq[ix->qrule[q + 16]], 1);
        }
        rq[r] = total;
        /* (what the evaluator reads of the rule at q: fr_rcl) */
        rcl[q].cl = total;
        if (rf->flags & FR_RF_DECL) {
            rcl[q].aux = rf->group;
            ix->declmask[q >> 6] |= 1ull << (q & 63);
        } else if (rf->ncl <= FR_RCL_N)
            rcl[q].aux = rf->ncl | ((rf->flags & FR_RF_LIST) ? FR_RCL_LIST : 0) |
                         (ix->base_on && ix->base_on[r] ? FR_RCL_BASEON : 0);
        else
            rcl[q].aux = 0;   /* (no list: eval_check_g reads rflat) */
        total += rf->ncl;
    }
    ix->rcl = rcl;
    fr_ctest *ct;
    if (AU(ct, total)) {
        free(rq);
        return -1;
    }
    for (uint32_t r = 0; r < nr; r++) {
        fr_rflat *rf = &ix->rflat[r];
        /* (a few tests a list: copied inline, not a memcpy call each) */
        const fr_ctest *from = ix->cl_test + rf->cl;
        fr_ctest *to = ct + rq[r];
        if (r + 16 < nr)
            __builtin_prefetch(ct + rq[r + 16], 1);
        for (uint32_t j = 0; j < rf->ncl; j++)
            to[j] = from[j];
        rf->cl = rq[r];
    }
    free(rq);
    ix->cl_test = ct;
    return 0;
}

/* INCR's records of the declare rules in plan order (fr_dplan), after
 * build_order (the conjunct lists' final place). */
static int build_dplan(fr_arena *a, const fr_ruleset *rs, struct fr_evindex *ix)
{
    uint32_t np = ix->nplan, nr = rs->nrules;
    if (!np)
        return 0;
    uint32_t *pos = malloc((size_t)nr * sizeof *pos);
    if (!pos || AU(ix->dplan, np) || AU(ix->ditems, ix->nitems ? ix->nitems : 1)) {
        free(pos);
        return -1;
    }
    /* each rule's place in the plan, and where its items go (plan order);
     * then the records filled in rule order, the order of the rules, their
     * nodes and items in memory (the plan's order is all over them) */
    for (uint32_t p = 0, nd = 0; p < np; p++) {
        uint32_t r = ix->plan_rules[p];
        pos[r] = p;
        ix->dplan[p].ditem = nd;
        nd += ix->item_off[r + 1] - ix->item_off[r];
    }
    for (uint32_t r = 0; r < nr; r++) {
        if (ix->group_of[r] == NONE32)
            continue;
        const fr_rule *ru = &rs->rules[r];
        const fr_rflat *rf = &ix->rflat[r];
        fr_dplan *d = &ix->dplan[pos[r]];
        d->rule = r;
        d->item = ix->item_off[r];
        d->cl = rf->cl;
        d->ncl = 0;
        d->nitems = 0;
        d->flags = 0;
        int simple = (rf->flags & FR_RF_LIST) && rf->ncl <= UINT16_MAX && ru->nitems <= UINT8_MAX;
        for (uint32_t j = 0; j < ru->nitems; j++) {
            const fr_node *n = &rs->nodes[ru->items[j].value];
            fr_ditem *di = &ix->ditems[d->ditem + j];
            memset(di, 0, sizeof *di);
            di->key = ru->items[j].key;
            di->kd = ix->item_kd[ix->item_off[r] + j];
            if (n->op == FR_OP_CONST)
                di->val = rs->consts[n->a];
            else
                simple = 0;
        }
        if (simple) {
            d->flags = FR_DP_SIMPLE | ((rf->flags & FR_RF_ATT) ? FR_DP_ATT : 0);
            d->ncl = (uint16_t)rf->ncl;
            d->nitems = (uint8_t)ru->nitems;
        }
    }
    free(pos);
    return 0;
}

int fr_eval_index_build(fr_ruleset *rs)
{
    if (!rs || !rs->arena)
        return -1;
    fr_arena *a = rs->arena;
    struct fr_evindex *ix = fr_arena_zalloc(a, sizeof *ix);
    if (!ix)
        return -1;
    if (fr_spellmap_build(a, rs, &ix->map) < 0 || build_regex_jit(a, rs, ix) < 0)
        return -1;
    /* with a helper, the fast tests are built on it while the plan and the
     * keys' tables are built here (neither reads the other's); without
     * one, after them, as the newest allocation (its unused room given
     * back by build_prechecks) */
    fastbuild fb = { a, rs, ix, a->pf, 0, 0, 0 };
    bool job = false;
    if (a->pf) {
        if (fast_alloc(&fb) < 0)
            return -1;
        fb.pf = NULL;   /* (the helper does not ask itself for pages) */
        job = fr_prefault_job(a->pf, fast_job, &fb) == 0;
        if (!job) {
            fb.pf = a->pf;
            fast_loop(&fb);
        }
    }
    int rc = build_plan(a, rs, ix) < 0 || build_keys(a, rs, ix) < 0 ? -1 : 0;
    if (job)
        fr_prefault_job_wait(a->pf);
    if (!rc && !a->pf) {
        if (fast_alloc(&fb) < 0)
            return -1;
        fast_loop(&fb);
    }
    if (!rc)
        rc = (build_prechecks(a, rs, ix, &fb) < 0 || build_baseline(a, rs, ix) < 0 || build_notify(a, rs, ix) < 0 ||
              build_order(a, rs, ix) < 0 || build_dplan(a, rs, ix) < 0 || build_ghash(a, rs, ix) < 0 ||
              build_scan(a, rs, ix) < 0 || build_scan_offs(a, ix) < 0) ? -1 : 0;
    if (rc < 0)
        return -1;
    rs->evindex = ix;
    return 0;
}
