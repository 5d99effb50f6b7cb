/* test_eval.c — the evaluator on small rule sets compiled from text:
 * resolution (chains, own keys at their input, retraction, conflicts,
 * oscillation), judging and report order, every type and operator with the
 * null rules, run-time errors, templates, the config reader through the
 * API, the environment, explanations, test blocks, and order independence
 * (random rule sets shuffled and split over files give the same results).
 *
 * Every evaluation is done three times, in the three modes of the evaluator
 * (incremental, scan with guard pre-checks, and every rule without guards),
 * and the results must agree. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "flagrule.h"
#include "compile.h"
#include "eval.h"
#include "prefault.h"

/* ---- helpers -------------------------------------------------------------- */

static fr_ruleset *compile_files(const char *const *names, const char *const *texts, size_t n)
{
    fr_compiler *c = fr_compiler_new();
    assert_non_null(c);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(fr_compiler_add_text(c, names[i], texts[i], strlen(texts[i])), FR_OK);
    fr_rc rc = FR_OK;
    fr_ruleset *rs = fr_compile(c, &rc);
    if (!rs) {
        const fr_diags *d = fr_compiler_diags(c);
        for (size_t i = 0; i < fr_diags_count(d); i++) {
            char *t = fr_diags_render(d, fr_diags_get(d, i), false);
            fprintf(stderr, "%s", t ? t : "?\n");
            free(t);
        }
    }
    fr_compiler_free(&c);
    assert_non_null(rs);
    return rs;
}

static fr_ruleset *compile(const char *text)
{
    const char *name = "t.rules";
    return compile_files(&name, &text, 1);
}

/* A full description of a result, to compare two evaluations. */
static char *describe(const fr_ruleset *rs, const fr_result *r, int with_text)
{
    char *buf = NULL;
    size_t len = 0, cap = 0;
    assert_int_equal(fr_result_append_compact(r, &buf, &len, &cap), FR_OK);
    size_t nk = fr_ruleset_nkeys(rs);
    if (fr_result_status(r) != FR_STATUS_INVALID) {
        for (size_t k = 0; k < nk; k++) {
            fr_value v = fr_result_resolved(r, k);
            char *s = fr_value_format(&v, true);
            size_t need = strlen(s) + strlen(fr_key_name(rs, k)) + 8;
            if (len + need + 1 > cap) {
                cap = (len + need + 1) * 2;
                buf = realloc(buf, cap);
            }
            len += (size_t)sprintf(buf + len, "%s=%s%s;", fr_key_name(rs, k), s,
                                   fr_result_declared(r, k) ? "*" : "");
            free(s);
        }
    }
    for (int sev = 0; sev < 3; sev++)
        for (size_t i = 0; i < fr_result_nmessages(r, (fr_severity)sev); i++) {
            const fr_message *m = fr_result_message(r, (fr_severity)sev, i);
            const char *t = with_text ? m->text : "";
            size_t need = strlen(t) + 64 + (m->rule >= 0 ? strlen(fr_rule_name(rs, (size_t)m->rule)) : 0);
            if (len + need + 1 > cap) {
                cap = (len + need + 1) * 2;
                buf = realloc(buf, cap);
            }
            len += (size_t)sprintf(buf + len, "\n%d %s %s %s", sev,
                                   m->rule >= 0 ? fr_rule_name(rs, (size_t)m->rule) : "-", m->kind, t);
        }
    return buf;
}

typedef struct ev2 {
    fr_ruleset *rs;
    fr_eval    *inc, *full, *scan;
    char       *last;      /* describe() of the last result */
    const fr_result *res;
} ev2;

static ev2 *ev2_new(const char *text)
{
    ev2 *e = calloc(1, sizeof *e);
    e->rs = compile(text);
    e->inc = fr_eval_new(e->rs);
    e->full = fr_eval_new(e->rs);
    e->scan = fr_eval_new(e->rs);
    assert_non_null(e->inc);
    assert_non_null(e->full);
    assert_non_null(e->scan);
    fr_eval_set_mode(e->inc, FR_MODE_INCR);
    fr_eval_set_mode(e->scan, FR_MODE_SCAN);
    fr_eval_set_mode(e->full, FR_MODE_FULL);
    return e;
}

static void ev2_free(ev2 *e)
{
    free(e->last);
    fr_eval_free(&e->inc);
    fr_eval_free(&e->full);
    fr_eval_free(&e->scan);
    fr_ruleset_free(&e->rs);
    free(e);
}

/* Evaluates a line with both evaluators; returns the compact line (without
 * its newline) of the incremental one. */
static const char *run(ev2 *e, const char *line)
{
    const fr_result *a = fr_eval_line(e->inc, line, strlen(line));
    const fr_result *b = fr_eval_line(e->full, line, strlen(line));
    const fr_result *c = fr_eval_line(e->scan, line, strlen(line));
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(c);
    char *da = describe(e->rs, a, 1), *db = describe(e->rs, b, 1), *dc = describe(e->rs, c, 1);
    if (strcmp(da, db) != 0)
        fprintf(stderr, "incremental and full evaluation differ on '%s':\n%s\n----\n%s\n", line, da, db);
    if (strcmp(dc, db) != 0)
        fprintf(stderr, "scan and full evaluation differ on '%s':\n%s\n----\n%s\n", line, dc, db);
    assert_string_equal(da, db);
    assert_string_equal(dc, db);
    free(db);
    free(dc);
    free(e->last);
    e->last = da;
    e->res = a;
    char *nl = strchr(da, '\n');
    if (nl)
        *nl = '\0';
    return da;
}

static const fr_message *msg(ev2 *e, fr_severity sev, size_t i)
{
    const fr_message *m = fr_result_message(e->res, sev, i);
    assert_non_null(m);
    return m;
}

static long key(ev2 *e, const char *name)
{
    long k = -1;
    for (size_t i = 0; i < fr_ruleset_nkeys(e->rs); i++)
        if (!strcmp(fr_key_name(e->rs, i), name))
            k = (long)i;
    assert_true(k >= 0);
    return k;
}

static const char *rname(ev2 *e, const fr_message *m)
{
    return m->rule >= 0 ? fr_rule_name(e->rs, (size_t)m->rule) : "-";
}

static const char *text_of(ev2 *e, fr_severity sev, const char *rule)
{
    for (size_t i = 0; i < fr_result_nmessages(e->res, sev); i++)
        if (!strcmp(rname(e, msg(e, sev, i)), rule))
            return msg(e, sev, i)->text;
    fail_msg("no message of %s", rule);
    return NULL;
}

/* ---- resolution --------------------------------------------------------------- */

static void test_chain(void **state)
{
    (void)state;
    ev2 *e = ev2_new(
        "flag a : enum { x, y } = x;\n"
        "flag b : enum { p, q } = p;\n"
        "flag c : int = 0;\n"
        "flag d : bool = false;\n"
        "rule r3: c > 3 -> declare d = true;\n"
        "rule r2: b = q -> declare c = 5;\n"
        "rule r1: a = y -> declare b = q;\n");
    assert_string_equal(run(e, ""), "ok\t-\t-");
    assert_string_equal(run(e, "--a y"), "ok\t-\tb=q c=5 d=true");
    assert_string_equal(run(e, "--b q"), "ok\t-\tc=5 d=true");
    assert_string_equal(run(e, "--c 4"), "ok\t-\td=true");
    assert_string_equal(run(e, "--c 3"), "ok\t-\t-");
    assert_string_equal(run(e, "--a y --c 1"), "ok\t-\tb=q c=5 d=true");
    assert_string_equal(run(e, "--a=x"), "ok\t-\t-");
    /* declared even to the input value */
    assert_string_equal(run(e, "--a y --b q --c 5"), "ok\t-\tb=q c=5 d=true");
    assert_true(fr_result_declared(e->res, (size_t)key(e, "b")));
    assert_true(fr_result_given(e->res, (size_t)key(e, "b")));
    assert_int_equal(fr_result_declared_by(e->res, (size_t)key(e, "c")), 1);
    ev2_free(e);
}

static void test_own_key_input(void **state)
{
    (void)state;
    ev2 *e = ev2_new(
        "flag moe_a2a_backend : enum { none, deepep, pplx } = none;\n"
        "flag deepep_mode : enum { auto, normal, low_latency } = auto;\n"
        "alias a2a = moe_a2a_backend;\n"
        "alias mode = deepep_mode;\n"
        "rule pplx-normal-mode: a2a = pplx & mode = normal -> error \"pplx needs low latency, got {mode!r}\";\n"
        "rule pplx-auto: a2a = pplx & mode = auto -> declare low_latency\n"
        "    warn \"auto set deepep_mode=`{mode}` (was {given(mode)!r}) for {a2a!r}\";\n");
    assert_string_equal(run(e, "--moe-a2a-backend pplx"), "ok\t-\tdeepep_mode=low_latency");
    assert_int_equal(fr_result_nmessages(e->res, FR_SEV_WARNING), 1);
    /* in a declare rule, its own keys read their input value, messages too */
    assert_string_equal(msg(e, FR_SEV_WARNING, 0)->text,
                        "auto set deepep_mode=`auto` (was 'auto') for 'pplx'");
    assert_string_equal(rname(e, msg(e, FR_SEV_WARNING, 0)), "pplx-auto");
    assert_string_equal(run(e, "--moe-a2a-backend pplx --deepep-mode normal"), "error\tpplx-normal-mode\t-");
    assert_string_equal(msg(e, FR_SEV_ERROR, 0)->text, "pplx needs low latency, got 'normal'");
    assert_string_equal(msg(e, FR_SEV_ERROR, 0)->kind, "rule");
    assert_int_equal(fr_result_nmessages(e->res, FR_SEV_WARNING), 0);
    assert_string_equal(run(e, "--moe-a2a-backend pplx --deepep-mode low_latency"), "ok\t-\t-");
    assert_string_equal(run(e, "--moe-a2a-backend deepep"), "ok\t-\t-");
    ev2_free(e);
}

static void test_retraction(void **state)
{
    (void)state;
    ev2 *e = ev2_new(
        "flag a : bool = false;\n"
        "flag b : enum { u, v } = u;\n"
        "flag c : bool = false;\n"
        "rule d1: a -> declare b = v;\n"
        "rule d2: b = u -> declare c = true info \"c on\";\n");
    assert_string_equal(run(e, ""), "ok\t-\tc=true");
    assert_int_equal(fr_result_nmessages(e->res, FR_SEV_INFO), 1);
    assert_string_equal(run(e, "--a"), "ok\t-\tb=v");
    assert_int_equal(fr_result_nmessages(e->res, FR_SEV_INFO), 0);
    assert_false(fr_result_declared(e->res, (size_t)key(e, "c")));
    assert_string_equal(run(e, "--b v"), "ok\t-\t-");
    assert_string_equal(run(e, ""), "ok\t-\tc=true");
    ev2_free(e);
}

static void test_conflict(void **state)
{
    (void)state;
    ev2 *e = ev2_new(
        "flag x : bool = false;\n"
        "flag y : bool = false;\n"
        "flag z : bool = false;\n"
        "flag n : int = 0;\n"
        "rule c1: x -> declare n = 1;\n"
        "rule c2: y -> declare n = 2;\n"
        "rule c3: z -> declare n = 1;\n"
        "rule big: n > 1 -> warn \"n={n}\";\n");
    assert_string_equal(run(e, "--x --z"), "ok\t-\tn=1");
    assert_string_equal(run(e, "--x --y"), "error\tc1\tn=1");
    const fr_message *m = msg(e, FR_SEV_ERROR, 0);
    assert_string_equal(m->kind, "conflict");
    assert_non_null(strstr(m->text, "'c1' (t.rules:5)"));
    assert_non_null(strstr(m->text, "'c2' (t.rules:6)"));
    assert_non_null(strstr(m->text, "n=1"));
    assert_non_null(strstr(m->text, "n=2"));
    assert_string_equal(run(e, "--y --z"), "error\tc2\tn=1");
    assert_string_equal(run(e, "--y"), "ok\t-\tn=2");
    assert_int_equal(fr_result_nmessages(e->res, FR_SEV_WARNING), 1);
    ev2_free(e);
}

static void test_oscillation(void **state)
{
    (void)state;
    ev2 *e = ev2_new(
        "flag a : bool = false;\n"
        "flag b : bool = false;\n"
        "flag go : bool = false;\n"
        "flag other : int = 0;\n"
        "rule ping: go & !b -> declare a = true;\n"
        "rule pong: go & a -> declare b = true;\n"
        "rule fine: other > 0 -> declare other = 0;\n"
        "rule after: other = 7 -> error \"other is {other}\";\n");
    assert_string_equal(run(e, ""), "ok\t-\t-");
    run(e, "--go");
    assert_int_equal(fr_result_status(e->res), FR_STATUS_ERROR);
    const fr_message *m = msg(e, FR_SEV_ERROR, 0);
    assert_string_equal(m->kind, "oscillation");
    assert_string_equal(rname(e, m), "ping");
    assert_non_null(strstr(m->text, "'ping' (t.rules:5)"));
    assert_non_null(strstr(m->text, "'pong' (t.rules:6)"));
    /* a state settled with a self-declaration (own key at its input) */
    assert_string_equal(run(e, "--other 7"), "ok\t-\tother=0");
    /* a converging cycle: a -> b -> a with compatible values */
    ev2 *f = ev2_new(
        "flag a : bool = false;\n"
        "flag b : bool = false;\n"
        "flag s : bool = false;\n"
        "rule ab: a -> declare b = true;\n"
        "rule ba: b | s -> declare a = true;\n");
    assert_string_equal(run(f, "--s"), "ok\t-\ta=true b=true");
    /* ba is enabled once b is: a is declared (to its input value) */
    assert_string_equal(run(f, "--a"), "ok\t-\ta=true b=true");
    assert_string_equal(run(f, "--b"), "ok\t-\ta=true b=true");
    assert_string_equal(run(f, ""), "ok\t-\t-");
    ev2_free(f);
    ev2_free(e);
}

static void test_report_order(void **state)
{
    (void)state;
    const char *names[2] = { "a.rules", "b.rules" };
    const char *texts[2] = {
        "flag n : int = 0;\n"
        "flag s : string = \"\";\n"
        "rule e3: n > 2 -> error \"three\";\n"
        "rule w1: n > 0 -> warn \"w1\";\n"
        "rule e1: n > 0 -> error \"one\";\n",
        "rule i1: n > 0 -> info \"i1\";\n"
        "rule e2: n > 1 -> error \"two\";\n"
        "rule w2: n > 1 -> warn \"w2\";\n"
        "n > 5 -> error \"unnamed\";\n",
    };
    fr_ruleset *rs = compile_files(names, texts, 2);
    fr_eval *ev = fr_eval_new(rs);
    const fr_result *r = fr_eval_line(ev, "--n 9", 5);
    assert_int_equal(fr_result_nmessages(r, FR_SEV_ERROR), 4);
    assert_string_equal(fr_rule_name(rs, (size_t)fr_result_message(r, FR_SEV_ERROR, 0)->rule), "e3");
    assert_string_equal(fr_rule_name(rs, (size_t)fr_result_message(r, FR_SEV_ERROR, 1)->rule), "e1");
    assert_string_equal(fr_rule_name(rs, (size_t)fr_result_message(r, FR_SEV_ERROR, 2)->rule), "e2");
    const char *unnamed = fr_rule_name(rs, (size_t)fr_result_message(r, FR_SEV_ERROR, 3)->rule);
    assert_memory_equal(unnamed, "b-", 2);
    assert_int_equal(strlen(unnamed), 10);
    assert_string_equal(fr_result_message(r, FR_SEV_WARNING, 0)->text, "w1");
    assert_string_equal(fr_result_message(r, FR_SEV_WARNING, 1)->text, "w2");
    assert_null(fr_result_message(r, FR_SEV_WARNING, 2));
    assert_string_equal(fr_result_message(r, FR_SEV_INFO, 0)->text, "i1");
    char *buf = NULL;
    size_t len = 0, cap = 0;
    assert_int_equal(fr_result_append_compact(r, &buf, &len, &cap), FR_OK);
    char want[128];
    snprintf(want, sizeof want, "error\te3,e1,e2,%s\t-\n", unnamed);
    assert_string_equal(buf, want);
    free(buf);
    fr_eval_free(&ev);
    fr_ruleset_free(&rs);
}

/* ---- types, operators, null, run-time errors ----------------------------------------- */

static void test_operators(void **state)
{
    (void)state;
    ev2 *e = ev2_new(
        "flag i : int = 0;\n"
        "flag j : int = 0;\n"
        "flag k : int? = null;\n"
        "flag s : string = \"\";\n"
        "flag t : string? = null;\n"
        "flag m : enum { auto, normal, low_latency }? = null cli null \"None\";\n"
        "flag b : bool = false;\n"
        "flag nb : bool? = null cli null \"null\";\n"
        "rule arith: i + j * 2 - 1 = 8 -> info \"arith\";\n"
        "rule div: j != 0 & i / j = 3 -> info \"div\";\n"
        "rule mod: j != 0 & i % j = 1 -> info \"mod\";\n"
        "rule neg: -i = 4 -> info \"neg\";\n"
        "rule cmp: i >= 2 & i <= 3 & i > 1 & i < 4 -> info \"cmp\";\n"
        "rule null-eq: k = null -> info \"k null\";\n"
        "rule null-ne: k != 5 -> info \"k ne 5\";\n"
        "rule null-lt: k < 5 -> info \"k lt 5\";\n"
        "rule null-ge: k >= 5 -> info \"k ge 5\";\n"
        "rule null-not-lt: !(k < 5) -> info \"not k lt 5\";\n"
        "rule null-arith: k + 1 > 0 -> info \"k+1\";\n"
        "rule in-set: m in { normal, low_latency } -> info \"m in\";\n"
        "rule notin-set: m not in { normal } -> info \"m notin\";\n"
        "rule in-null: m in { null, auto } -> info \"m in null\";\n"
        "rule int-in: i in { 1, 5, 100 } -> info \"i in\";\n"
        "rule str-in: s in { \"a b\", \"x\" } -> info \"s in\";\n"
        "rule regex: s ~ /^inst(ance)?:\\/\\// -> info \"re {s!r}\";\n"
        "rule regex-i: s ~ /^ABC$/i -> info \"re-i\";\n"
        "rule regex-null: t ~ /.*/ -> info \"t matches\";\n"
        "rule str-eq: t = \"x\" -> info \"t is x\";\n"
        "rule bools: b & !nb -> info \"b and not nb\";\n"
        "rule nb-null: nb = null -> info \"nb null\";\n");
#define HAS(rule)                                                                     \
    do {                                                                              \
        int found_ = 0;                                                               \
        for (size_t q_ = 0; q_ < fr_result_nmessages(e->res, FR_SEV_INFO); q_++)     \
            found_ |= !strcmp(rname(e, msg(e, FR_SEV_INFO, q_)), rule);               \
        if (!found_)                                                                  \
            fail_msg("expected info %s in\n%s", rule, e->last);                       \
    } while (0)
#define HASNT(rule)                                                                   \
    do {                                                                              \
        for (size_t q_ = 0; q_ < fr_result_nmessages(e->res, FR_SEV_INFO); q_++)     \
            if (!strcmp(rname(e, msg(e, FR_SEV_INFO, q_)), rule))                     \
                fail_msg("unexpected info %s in\n%s", rule, e->last);                 \
    } while (0)
    run(e, "");
    HAS("null-eq");
    HAS("null-ne");
    HASNT("null-lt");
    HASNT("null-ge");
    HAS("null-not-lt");
    HASNT("null-arith");
    HASNT("in-set");
    HAS("notin-set");
    HAS("in-null");
    HASNT("regex-null");
    HASNT("str-eq");
    HAS("nb-null");
    HASNT("bools");
    run(e, "--i 5 --j 2");
    HAS("arith");
    HASNT("div");   /* 5 / 2 = 2 */
    HAS("mod");
    HAS("int-in");
    run(e, "--i 6 --j 2");
    HAS("div");
    HASNT("mod");
    run(e, "--i -7 --j 2");
    HASNT("mod");   /* -7 % 2 = -1: the sign of the dividend */
    run(e, "--i 7 --j -2");
    HAS("mod");     /* 7 % -2 = 1 */
    run(e, "--i -4");
    HAS("neg");
    run(e, "--i 3");
    HAS("cmp");
    run(e, "--i 4");
    HASNT("cmp");
    run(e, "--k 3 --m normal");
    HASNT("null-eq");
    HAS("null-ne");
    HAS("null-lt");
    HAS("null-arith");
    HAS("in-set");
    HASNT("notin-set");
    HASNT("in-null");
    run(e, "--k 5 --m None");
    HASNT("null-ne");
    HAS("null-ge");
    HAS("in-null");
    run(e, "--s 'a b'");
    HAS("str-in");
    run(e, "--s instance://x");
    HAS("regex");
    assert_string_equal(text_of(e, FR_SEV_INFO, "regex"), "re 'instance://x'");
    run(e, "--s inst://x --t x");
    HAS("regex");
    HAS("regex-null");
    HAS("str-eq");
    run(e, "--s abc");
    HAS("regex-i");
    run(e, "--b --nb=false");
    HAS("bools");
    HASNT("nb-null");
    run(e, "--b --nb");
    HASNT("bools");
    run(e, "--b --nb=null");
    HAS("bools");   /* !null is true: two-valued logic */
    ev2_free(e);
}

static void test_runtime_errors(void **state)
{
    (void)state;
    ev2 *e = ev2_new(
        "flag i : int = 0;\n"
        "flag j : int = 1;\n"
        "flag s : string = \"\";\n"
        "flag d : int = 0;\n"
        "rule div: i / j > 0 -> warn \"pos\";\n"
        "rule mod: i % j = 0 & i > 0 -> info \"even\";\n"
        "rule over: i * i > 0 -> info \"square\";\n"
        "rule neg: -i > 0 -> info \"negative\";\n"
        "rule decl: i > 100 -> declare d = i / (j - 1);\n"
        "rule evil: s ~ /(a+)+$/ -> error \"matched\";\n");
    assert_string_equal(run(e, "--i 4 --j 0"), "error\tdiv,mod\t-");
    const fr_message *m = msg(e, FR_SEV_ERROR, 0);
    assert_string_equal(m->kind, "runtime");
    assert_non_null(strstr(m->text, "division by zero"));
    assert_non_null(strstr(m->text, "i / j"));
    assert_non_null(strstr(msg(e, FR_SEV_ERROR, 1)->text, "remainder by zero"));
    assert_string_equal(run(e, "--i 4000000000"), "error\tover,decl\t-");
    assert_non_null(strstr(msg(e, FR_SEV_ERROR, 0)->text, "overflow"));
    assert_string_equal(run(e, "--i=-9223372036854775808"), "error\tover,neg\t-");
    assert_string_equal(run(e, "--i 101"), "error\tdecl\t-");
    assert_false(fr_result_declared(e->res, (size_t)key(e, "d")));
    /* a catastrophic regex hits the match limit: an error naming the rule */
    char line[40100];
    strcpy(line, "--s ");
    memset(line + 4, 'a', 40000);
    strcpy(line + 40004, "b");
    run(e, line);
    assert_int_equal(fr_result_status(e->res), FR_STATUS_ERROR);
    assert_string_equal(rname(e, msg(e, FR_SEV_ERROR, 0)), "evil");
    assert_non_null(strstr(msg(e, FR_SEV_ERROR, 0)->text, "limit"));
    assert_string_equal(run(e, "--s aaa"), "error\tevil\t-");
    assert_string_equal(msg(e, FR_SEV_ERROR, 0)->text, "matched");
    assert_string_equal(run(e, ""), "ok\t-\t-");
    ev2_free(e);
}

static void test_require_and_templates(void **state)
{
    (void)state;
    ev2 *e = ev2_new(
        "flag a2a : enum { none, pplx, \"odd value\" } = none;\n"
        "flag dp : int = 1;\n"
        "flag att : bool = false;\n"
        "flag path : string? = null;\n"
        "rule need: a2a = pplx -> require att & dp >= 2\n"
        "    else \"needs dp: {a2a}/{a2a!r} dp={dp} att={att}/{att!r} path={path}/{path!r} {{x}}\";\n"
        "rule odd: a2a = \"odd value\" -> warn \"odd {a2a!r} {path!r}\";\n");
    assert_string_equal(run(e, "--a2a pplx"), "error\tneed\t-");
    assert_string_equal(msg(e, FR_SEV_ERROR, 0)->text,
                        "needs dp: pplx/'pplx' dp=1 att=false/False path=null/None {x}");
    assert_string_equal(run(e, "--a2a pplx --att --dp 2"), "ok\t-\t-");
    assert_string_equal(run(e, "--a2a pplx --att --dp 1 --path \"it's\""), "error\tneed\t-");
    assert_string_equal(msg(e, FR_SEV_ERROR, 0)->text,
                        "needs dp: pplx/'pplx' dp=1 att=true/True path=it's/\"it's\" {x}");
    assert_string_equal(run(e, "--a2a 'odd value' --path 'a\\b'"), "ok\t-\t-");
    assert_string_equal(msg(e, FR_SEV_WARNING, 0)->text, "odd 'odd value' 'a\\\\b'");
    ev2_free(e);
}

/* ---- configs through the API ------------------------------------------------------------------ */

static void test_configs(void **state)
{
    (void)state;
    ev2 *e = ev2_new(
        "flag tp_size : int = 1 cli \"--tp-size\", \"--tp\";\n"
        "flag chunked_prefill_size : int = 8192;\n"
        "flag mode : enum { auto, normal } = auto;\n"
        "flag fast : bool = false;\n"
        "env SGLANG_X : int = 4;\n"
        "fact arch : string? = null;\n"
        "rule big: tp_size > 4 & SGLANG_X > 4 -> warn \"big {tp_size} {SGLANG_X} {arch}\";\n"
        "rule neg: chunked_prefill_size < 0 -> info \"chunking off\";\n");
    assert_string_equal(run(e, "SGLANG_X=8 python -m sglang.launch_server --tp 8 arch=Foo"), "ok\t-\t-");
    assert_string_equal(msg(e, FR_SEV_WARNING, 0)->text, "big 8 8 Foo");
    assert_string_equal(run(e, "--chunked-prefill-size -1"), "ok\t-\t-");
    assert_int_equal(fr_result_nmessages(e->res, FR_SEV_INFO), 1);
    assert_string_equal(run(e, "--tp-sise 8"), "invalid\t-\t-");
    assert_string_equal(fr_result_invalid_reason(e->res), "unknown flag '--tp-sise'; did you mean '--tp-size'?");
    assert_null(fr_result_invalid_reason(fr_eval_line(e->inc, "", 0)));
    assert_string_equal(run(e, "--mode normall"), "invalid\t-\t-");
    assert_string_equal(fr_result_invalid_reason(e->res),
                        "--mode expects one of auto, normal, got 'normall'; did you mean 'normal'?");
    assert_string_equal(run(e, "--fast=maybe"), "invalid\t-\t-");
    assert_string_equal(run(e, "--tp"), "invalid\t-\t-");
    assert_string_equal(run(e, "--tp 2 extra"), "invalid\t-\t-");
    assert_string_equal(run(e, "--tp '2"), "invalid\t-\t-");
    assert_string_equal(run(e, "--tp 8 --tp 2"), "ok\t-\t-");
    assert_int_equal(fr_result_resolved(e->res, (size_t)key(e, "tp_size")).i, 2);
    /* CRLF and a trailing newline are stripped */
    assert_string_equal(run(e, "--tp 8 SGLANG_X=9\r"), "ok\t-\t-");
    assert_int_equal(fr_result_nmessages(e->res, FR_SEV_WARNING), 1);
    assert_string_equal(run(e, "\r"), "ok\t-\t-");
    /* argv */
    const char *argv[] = { "--tp", "8", "SGLANG_X=5", "arch=a b" };
    const fr_result *r = fr_eval_argv(e->inc, 4, argv);
    assert_int_equal(fr_result_nmessages(r, FR_SEV_WARNING), 1);
    assert_string_equal(fr_result_message(r, FR_SEV_WARNING, 0)->text, "big 8 5 a b");
    fr_value v = fr_result_input(r, (size_t)key(e, "arch"));
    assert_string_equal(v.s, "a b");
    assert_true(fr_result_given(r, (size_t)key(e, "arch")));
    assert_false(fr_result_given(r, (size_t)key(e, "mode")));
    ev2_free(e);
}

static void test_environ(void **state)
{
    (void)state;
    fr_ruleset *rs = compile(
        "flag tp : int = 1;\n"
        "env FR_TEST_ENV_X : int = 4;\n"
        "env FR_TEST_ENV_S : string? = null;\n"
        "rule big: FR_TEST_ENV_X > 4 -> warn \"x={FR_TEST_ENV_X} s={FR_TEST_ENV_S!r}\";\n");
    setenv("FR_TEST_ENV_X", "9", 1);
    setenv("FR_TEST_ENV_S", "hello", 1);
    fr_eval *ev = fr_eval_new(rs);
    const fr_result *r = fr_eval_line(ev, "", 0);
    assert_int_equal(fr_result_nmessages(r, FR_SEV_WARNING), 0);   /* off by default */
    fr_eval_set_use_environ(ev, true);
    r = fr_eval_line(ev, "", 0);
    assert_int_equal(fr_result_nmessages(r, FR_SEV_WARNING), 1);
    assert_string_equal(fr_result_message(r, FR_SEV_WARNING, 0)->text, "x=9 s='hello'");
    assert_false(fr_result_given(r, 1));
    r = fr_eval_line(ev, "FR_TEST_ENV_X=3", 15);   /* the config wins */
    assert_int_equal(fr_result_nmessages(r, FR_SEV_WARNING), 0);
    /* snapshot: later changes of the environment are not seen */
    setenv("FR_TEST_ENV_X", "1", 1);
    r = fr_eval_line(ev, "", 0);
    assert_int_equal(fr_result_nmessages(r, FR_SEV_WARNING), 1);
    /* a bad value: the key keeps its default, with an input warning,
     * unless the config gives it */
    setenv("FR_TEST_ENV_X", "lots", 1);
    fr_eval_set_use_environ(ev, true);
    r = fr_eval_line(ev, "--tp 2", 6);
    assert_int_equal(fr_result_status(r), FR_STATUS_OK);
    size_t nw = fr_result_nmessages(r, FR_SEV_WARNING);
    assert_true(nw >= 1);
    const fr_message *fm = fr_result_message(r, FR_SEV_WARNING, nw - 1);
    assert_int_equal(fm->rule, -1);
    assert_string_equal(fm->kind, "input");
    assert_string_equal(fm->text, "FR_TEST_ENV_X expects an integer, got 'lots' in the environment; "
                                  "its default 4 is used, as the program falls back to it");
    assert_false(fr_result_given(r, 1));
    r = fr_eval_line(ev, "FR_TEST_ENV_X=5", 15);
    assert_int_equal(fr_result_status(r), FR_STATUS_OK);
    for (size_t i = 0; i < fr_result_nmessages(r, FR_SEV_WARNING); i++)
        assert_string_not_equal(fr_result_message(r, FR_SEV_WARNING, i)->kind, "input");
    fr_eval_set_use_environ(ev, false);
    r = fr_eval_line(ev, "", 0);
    assert_int_equal(fr_result_status(r), FR_STATUS_OK);
    unsetenv("FR_TEST_ENV_X");
    unsetenv("FR_TEST_ENV_S");
    fr_eval_free(&ev);
    fr_ruleset_free(&rs);
}

/* fr_eval_values: typed values by key give the result the same config gives
 * as a command line, in every mode; what does not fit is invalid with a
 * reason; fr_eval_reject makes an invalid record of the caller's reason. */
static const char *values_rules =
    "flag tp_size : int = 1 cli \"--tp-size\";\n"
    "flag mode : enum { auto, normal } = auto;\n"
    "flag fast : bool = false;\n"
    "flag path : string? = null;\n"
    "env SGLANG_X : int = 4;\n"
    "rule big: tp_size > 4 & SGLANG_X > 4 -> warn \"big {tp_size} {SGLANG_X} {path!r}\";\n"
    "rule normal-fast: mode = normal & fast -> error \"normal is not fast\";\n"
    "rule named: path != null -> info \"path {path!r}\";\n"
    "rule auto-fast: mode = auto & tp_size >= 8 -> declare fast = true;\n";

static fr_value v_int(int64_t i) { fr_value v = { .type = FR_INT, .i = i }; return v; }
static fr_value v_bool(bool b) { fr_value v = { .type = FR_BOOL, .i = b }; return v; }
static fr_value v_null(void) { fr_value v = { .type = FR_STRING, .is_null = true }; return v; }
static fr_value v_text(const char *s) { fr_value v = { .type = FR_STRING, .s = s, .len = strlen(s) }; return v; }

static void test_eval_values(void **state)
{
    (void)state;
    ev2 *e = ev2_new(values_rules);
    size_t tp = (size_t)key(e, "tp_size"), mode = (size_t)key(e, "mode"), fast = (size_t)key(e, "fast"),
           path = (size_t)key(e, "path"), x = (size_t)key(e, "SGLANG_X");
    fr_eval *evs[3] = { e->inc, e->full, e->scan };
    struct {
        const char *line;
        size_t      n;
        size_t      keys[4];
        fr_value    vals[4];
    } cases[] = {
        { "", 0, { 0 }, { { 0 } } },
        { "--tp-size 8 SGLANG_X=9 --path a", 3, { tp, x, path }, { v_int(8), v_int(9), v_text("a") } },
        { "--mode normal --fast", 2, { mode, fast }, { v_text("normal"), v_bool(true) } },
        { "--mode normal --fast", 2, { mode, fast }, { { .type = FR_ENUM, .s = "normal", .len = 6 }, v_text("true") } },
        { "--tp-size 8", 1, { tp }, { v_text("8") } },
        { "--tp-size 8 --tp-size 2", 2, { tp, tp }, { v_int(8), v_int(2) } },
        { "--path ''", 1, { path }, { v_text("") } },
        { "--tp-size 9 SGLANG_X=5", 4, { fast, x, tp, path }, { v_bool(false), v_text("5"), v_int(9), v_null() } },
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        run(e, cases[c].line);   /* (the modes agree on the line) */
        char *want = describe(e->rs, fr_eval_line(e->full, cases[c].line, strlen(cases[c].line)), 1);
        for (int m = 0; m < 3; m++) {
            const fr_result *r = fr_eval_values(evs[m], cases[c].n, cases[c].keys, cases[c].vals);
            assert_non_null(r);
            char *got = describe(e->rs, r, 1);
            if (strcmp(got, want))
                fprintf(stderr, "values and line '%s' differ (mode %d):\n%s\n----\n%s\n", cases[c].line, m, got, want);
            assert_string_equal(got, want);
            free(got);
        }
        free(want);
    }
    /* a string key holds the text "null", which is not null */
    {
        fr_value v = v_text("null");
        const fr_result *r = fr_eval_values(e->inc, 1, &path, &v);
        assert_int_equal(fr_result_status(r), FR_STATUS_OK);
        fr_value got = fr_result_resolved(r, path);
        assert_false(got.is_null);
        assert_string_equal(got.s, "null");
        assert_int_equal(fr_result_nmessages(r, FR_SEV_INFO), 1);
        assert_string_equal(fr_result_message(r, FR_SEV_INFO, 0)->text, "path 'null'");
    }
    /* the library copies the caller's text: the result outlives it */
    {
        char *buf = strdup("/m/x");
        fr_value v = { .type = FR_STRING, .s = buf, .len = 4 };
        const fr_result *r = fr_eval_values(e->inc, 1, &path, &v);
        memset(buf, 'z', 4);
        free(buf);
        assert_string_equal(fr_result_resolved(r, path).s, "/m/x");
        assert_string_equal(fr_result_message(r, FR_SEV_INFO, 0)->text, "path '/m/x'");
    }
    /* what does not fit its key */
    struct {
        size_t      k;
        fr_value    v;
        const char *reason;
    } bad[] = {
        { tp, v_null(), "tp_size expects an integer, got null" },
        { tp, v_bool(true), "tp_size expects an integer, got true" },
        { fast, v_int(1), "fast expects true or false, got 1" },
        { path, v_int(3), "path expects a string (or null), got 3" },
        { mode, v_text("fast"), NULL },
        { tp, v_text("eight"), NULL },
        { 99, v_int(1), "no key 99 (the rule set has 5)" },
        { tp, { .type = 42, .i = 1 }, "tp_size: a value of no known type (42)" },
    };
    for (size_t c = 0; c < sizeof bad / sizeof *bad; c++) {
        const fr_result *r = fr_eval_values(e->inc, 1, &bad[c].k, &bad[c].v);
        assert_int_equal(fr_result_status(r), FR_STATUS_INVALID);
        const char *why = fr_result_invalid_reason(r);
        assert_non_null(why);
        if (bad[c].reason)
            assert_string_equal(why, bad[c].reason);
    }
    /* an enum value given as text is read as on a command line */
    {
        fr_value v = v_text("normall");
        const fr_result *r = fr_eval_values(e->inc, 1, &mode, &v);
        assert_string_equal(fr_result_invalid_reason(r), "mode expects one of auto, normal, got 'normall'; did you mean 'normal'?");
    }
    /* an env key's text that does not read keeps the default, warned */
    {
        fr_value v = v_text("lots");
        const fr_result *r = fr_eval_values(e->inc, 1, &x, &v);
        assert_int_equal(fr_result_status(r), FR_STATUS_OK);
        assert_int_equal(fr_result_resolved(r, x).i, 4);
        assert_int_equal(fr_result_nmessages(r, FR_SEV_WARNING), 1);
        assert_string_equal(fr_result_message(r, FR_SEV_WARNING, 0)->kind, "input");
        /* a later value of the key wins and drops the warning */
        size_t ks[2] = { x, x };
        fr_value vs[2] = { v_text("lots"), v_int(6) };
        r = fr_eval_values(e->inc, 2, ks, vs);
        assert_int_equal(fr_result_nmessages(r, FR_SEV_WARNING), 0);
        assert_int_equal(fr_result_resolved(r, x).i, 6);
    }
    /* fr_eval_reject: an invalid record with the reason, copied */
    {
        char reason[] = "not a JSON config";
        const fr_result *r = fr_eval_reject(e->inc, reason);
        reason[0] = 'X';
        assert_int_equal(fr_result_status(r), FR_STATUS_INVALID);
        assert_string_equal(fr_result_invalid_reason(r), "not a JSON config");
        char *buf = NULL;
        size_t len = 0, cap = 0;
        assert_int_equal(fr_result_append_compact(r, &buf, &len, &cap), FR_OK);
        assert_string_equal(buf, "invalid\t-\t-\n");
        free(buf);
    }
    /* and the evaluator goes on as before */
    assert_string_equal(run(e, "--mode normal --fast"), "error\tnormal-fast\t-");
    ev2_free(e);
}

/* ---- explanations and tests -------------------------------------------------------------------- */

static void test_explain(void **state)
{
    (void)state;
    fr_ruleset *rs = compile(
        "flag moe_a2a_backend : enum { none, deepep, pplx } = none;\n"
        "flag deepep_mode : enum { auto, normal, low_latency } = auto;\n"
        "flag dp : int = 1;\n"
        "rule auto-ll: moe_a2a_backend = pplx & deepep_mode = auto -> declare deepep_mode = low_latency;\n"
        "rule need-dp: moe_a2a_backend = pplx -> require dp >= 2 else \"dp\";\n");
    fr_eval *ev = fr_eval_new(rs);
    const char *line = "--moe-a2a-backend pplx --dp 4";
    fr_eval_line(ev, line, strlen(line));
    char *t = fr_explain_key(ev, 1);
    assert_non_null(t);
    assert_non_null(strstr(t, "deepep_mode = 'low_latency'"));
    assert_non_null(strstr(t, "auto-ll"));
    assert_non_null(strstr(t, "t.rules:4"));
    assert_non_null(strstr(t, "given by the config"));
    free(t);
    t = fr_explain_key(ev, 2);
    assert_non_null(strstr(t, "dp = 4"));
    free(t);
    t = fr_explain_why_not(ev, 1);
    assert_non_null(strstr(t, "need-dp"));
    assert_non_null(strstr(t, "dp >= 2"));
    free(t);
    fr_eval_line(ev, "", 0);
    t = fr_explain_why_not(ev, 0);
    assert_non_null(strstr(t, "did not fire"));
    assert_non_null(strstr(t, "moe_a2a_backend = pplx"));
    assert_non_null(strstr(t, "false"));
    free(t);
    t = fr_explain_key(ev, 1);
    assert_non_null(strstr(t, "the default"));
    assert_non_null(strstr(t, "auto-ll"));
    free(t);
    fr_eval_line(ev, "--bogus", 7);
    t = fr_explain_key(ev, 1);
    assert_non_null(strstr(t, "invalid"));
    free(t);
    fr_eval_free(&ev);
    fr_ruleset_free(&rs);
}

static void test_test_blocks(void **state)
{
    (void)state;
    fr_ruleset *rs = compile(
        "flag a : enum { none, pplx } = none;\n"
        "flag mode : enum { auto, normal, low_latency } = auto;\n"
        "rule pn: a = pplx & mode = normal -> error \"no\";\n"
        "rule pa: a = pplx & mode = auto -> declare mode = low_latency warn \"set\";\n"
        "test \"good\" {\n"
        "    --a pplx --mode normal => error pn, error, first error pn;\n"
        "    --a pplx => ok, warn pa, mode = low_latency, not error pn;\n"
        "    --a pplx --mode bogus => invalid\n"
        "}\n"
        "test \"bad\" {\n"
        "    --a pplx => mode = normal;\n"
        "    --a pplx --mode normal => ok;\n"
        "    --a pplxx => ok\n"
        "}\n");
    fr_test_report rep;
    assert_int_equal(fr_run_tests(rs, &rep), FR_OK);
    assert_int_equal(rep.passed, 3);
    assert_int_equal(rep.failed, 3);
    assert_non_null(strstr(rep.text, "t.rules:11:17: test \"bad\": expected mode = normal, got low_latency"));
    assert_non_null(strstr(rep.text, "t.rules:12:31: test \"bad\": expected ok, got error (pn)"));
    assert_non_null(strstr(rep.text, "test \"bad\": config is invalid: --a expects one of none, pplx"));
    free(rep.text);
    assert_int_equal(fr_run_tests_verbose(rs, &rep), FR_OK);
    assert_non_null(strstr(rep.text, "test \"good\": ok"));
    free(rep.text);
    fr_ruleset_free(&rs);
}

/* ---- order independence ----------------------------------------------------------------------- */

typedef struct rng {
    uint64_t s;
} rng;

static uint64_t next(rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static unsigned below(rng *r, unsigned n)
{
    return (unsigned)(next(r) % n);
}

/* keys: e0..e2 enum {v0,v1,v2}, i0..i1 int, b0..b1 bool */
static const char *const kname[] = { "e0", "e1", "e2", "i0", "i1", "b0", "b1" };

static void atom(rng *r, char *out, size_t cap)
{
    unsigned k = below(r, 7);
    switch (k) {
    case 0: case 1: case 2:
        switch (below(r, 3)) {
        case 0: snprintf(out, cap, "%s = v%u", kname[k], below(r, 3)); break;
        case 1: snprintf(out, cap, "%s != v%u", kname[k], below(r, 3)); break;
        default: snprintf(out, cap, "%s in { v%u, v%u }", kname[k], below(r, 3), below(r, 3)); break;
        }
        break;
    case 3: case 4:
        switch (below(r, 4)) {
        case 0: snprintf(out, cap, "%s > %u", kname[k], below(r, 4)); break;
        case 1: snprintf(out, cap, "%s = %u", kname[k], below(r, 4)); break;
        case 2: snprintf(out, cap, "%s / %s < %u", kname[k], kname[3 + below(r, 2)], below(r, 3)); break;
        default: snprintf(out, cap, "%s + %s < %u", kname[k], kname[3 + below(r, 2)], below(r, 6)); break;
        }
        break;
    default:
        snprintf(out, cap, below(r, 2) ? "%s" : "!%s", kname[k]);
        break;
    }
}

/* The flags the random rules of gen_rule and gen_rule2 are written over. */
static const char gen_head[] =
    "flag e0 : enum { v0, v1, v2 } = v0;\n"
    "flag e1 : enum { v0, v1, v2 } = v0;\n"
    "flag e2 : enum { v0, v1, v2 } = v1;\n"
    "flag i0 : int = 0;\n"
    "flag i1 : int = 2;\n"
    "flag b0 : bool = false;\n"
    "flag b1 : bool = true;\n";

static void gen_rule(rng *r, unsigned id, char *out, size_t cap)
{
    char cond[256] = "", a[64];
    unsigned n = 1 + below(r, 3);
    for (unsigned i = 0; i < n; i++) {
        atom(r, a, sizeof a);
        strcat(cond, i ? (below(r, 4) ? " & " : " | ") : "");
        strcat(cond, a);
    }
    unsigned kind = below(r, 10);
    if (kind < 4) {
        unsigned k = below(r, 7);
        char val[16];
        if (k < 3)
            snprintf(val, sizeof val, "v%u", below(r, 3));
        else if (k < 5)
            snprintf(val, sizeof val, "%u", below(r, 4));
        else
            snprintf(val, sizeof val, "%s", below(r, 2) ? "true" : "false");
        snprintf(out, cap, "rule r%u: %s -> declare %s = %s%s;\n", id, cond, kname[k], val,
                 below(r, 3) ? "" : " warn \"w{e0}\"");
    } else {
        static const char *const act[] = { "error", "warn", "info" };
        snprintf(out, cap, "rule r%u: %s -> %s \"m {%s} {%s!r}\";\n", id, cond, act[below(r, 3)],
                 kname[below(r, 7)], kname[below(r, 7)]);
    }
}

static void gen_config(rng *r, char *out, size_t cap)
{
    out[0] = '\0';
    unsigned n = below(r, 4);
    for (unsigned i = 0; i < n; i++) {
        unsigned k = below(r, 7);
        char w[32];
        if (k < 3)
            snprintf(w, sizeof w, "--%s v%u ", kname[k], below(r, 3));
        else if (k < 5)
            snprintf(w, sizeof w, "--%s %u ", kname[k], below(r, 4));
        else
            snprintf(w, sizeof w, "--%s%s ", kname[k], below(r, 2) ? "" : "=false");
        if (strlen(out) + strlen(w) < cap)
            strcat(out, w);
    }
}

/* An order-insensitive description: status, resolved and declared values,
 * and the sorted list of (severity, rule) for rule messages plus the count of
 * conflicts and oscillations. */
static char *canon(const fr_ruleset *rs, const fr_result *r)
{
    char *buf = calloc(1, 8192);
    size_t len = 0;
    len += (size_t)snprintf(buf + len, 8192 - len, "%d|", fr_result_status(r));
    if (fr_result_status(r) == FR_STATUS_INVALID)
        return buf;
    for (size_t k = 0; k < fr_ruleset_nkeys(rs); k++) {
        fr_value v = fr_result_resolved(r, k);
        char *s = fr_value_format(&v, false);
        len += (size_t)snprintf(buf + len, 8192 - len, "%s=%s%s ", fr_key_name(rs, k), s,
                                fr_result_declared(r, k) ? "*" : "");
        free(s);
    }
    char items[64][80];
    size_t n = 0;
    int conflicts = 0, oscs = 0;
    for (int sev = 0; sev < 3; sev++)
        for (size_t i = 0; i < fr_result_nmessages(r, (fr_severity)sev); i++) {
            const fr_message *m = fr_result_message(r, (fr_severity)sev, i);
            if (!strcmp(m->kind, "conflict"))
                conflicts++;
            else if (!strcmp(m->kind, "oscillation"))
                oscs++;
            else if (n < 64)
                snprintf(items[n++], 80, "%d:%s:%s:%.40s", sev, fr_rule_name(rs, (size_t)m->rule), m->kind,
                         m->text);
        }
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && strcmp(items[j - 1], items[j]) > 0; j--) {
            char t[80];
            memcpy(t, items[j], 80);
            memcpy(items[j], items[j - 1], 80);
            memcpy(items[j - 1], t, 80);
        }
    for (size_t i = 0; i < n; i++)
        len += (size_t)snprintf(buf + len, 8192 - len, "%s;", items[i]);
    snprintf(buf + len, 8192 - len, "c%d o%d", conflicts, oscs);
    return buf;
}

static void test_order_independence(void **state)
{
    (void)state;
    rng r = { 20240601 };
    int sets = 0, configs = 0, interesting = 0;
    for (int set = 0; set < 60; set++) {
        unsigned nr = 3 + below(&r, 10);
        char rules[16][400];
        for (unsigned i = 0; i < nr; i++)
            gen_rule(&r, i, rules[i], sizeof rules[i]);
        /* variant texts: in order; shuffled; split over two files both ways */
        char *texts[4];
        unsigned perm[16];
        for (unsigned i = 0; i < nr; i++)
            perm[i] = i;
        for (unsigned i = nr - 1; i > 0; i--) {
            unsigned j = below(&r, i + 1), t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        size_t cap = sizeof gen_head + 16 * 400;
        for (int v = 0; v < 2; v++) {
            texts[v] = calloc(1, cap);
            strcpy(texts[v], gen_head);
            for (unsigned i = 0; i < nr; i++)
                strcat(texts[v], rules[v == 0 ? i : perm[i]]);
        }
        unsigned half = nr / 2;
        texts[2] = calloc(1, cap);
        texts[3] = calloc(1, cap);
        for (unsigned i = 0; i < half; i++)
            strcat(texts[2], rules[perm[i]]);
        strcpy(texts[3], gen_head);
        for (unsigned i = half; i < nr; i++)
            strcat(texts[3], rules[perm[i]]);
        fr_ruleset *rs[4];
        rs[0] = compile(texts[0]);
        rs[1] = compile(texts[1]);
        const char *n23[2] = { "x.rules", "y.rules" };
        const char *t23[2] = { texts[3], texts[2] };   /* keys first */
        rs[2] = compile_files(n23, t23, 2);
        const char *t32[2] = { texts[3], texts[2] };
        const char *n32[2] = { "z.rules", "a.rules" };
        rs[3] = compile_files(n32, t32, 2);
        fr_eval *ev[4], *full[4], *scan[4];
        for (int v = 0; v < 4; v++) {
            ev[v] = fr_eval_new(rs[v]);
            full[v] = fr_eval_new(rs[v]);
            scan[v] = fr_eval_new(rs[v]);
            fr_eval_set_mode(ev[v], FR_MODE_INCR);
            fr_eval_set_mode(full[v], FR_MODE_FULL);
            fr_eval_set_mode(scan[v], FR_MODE_SCAN);
        }
        for (int c = 0; c < 25; c++) {
            char line[256];
            gen_config(&r, line, sizeof line);
            char *want = NULL;
            for (int v = 0; v < 4; v++) {
                const fr_result *a = fr_eval_line(ev[v], line, strlen(line));
                char *ca = canon(rs[v], a);
                const fr_result *b = fr_eval_line(full[v], line, strlen(line));
                char *cb = canon(rs[v], b);
                if (strcmp(ca, cb))
                    fail_msg("set %d variant %d config '%s': incremental %s != full %s\n%s", set, v, line, ca,
                             cb, texts[v]);
                const fr_result *sc = fr_eval_line(scan[v], line, strlen(line));
                char *cs = canon(rs[v], sc);
                if (strcmp(cs, cb))
                    fail_msg("set %d variant %d config '%s': scan %s != full %s\n%s", set, v, line, cs, cb,
                             texts[v]);
                free(cs);
                free(cb);
                if (!want)
                    want = ca;
                else {
                    if (strcmp(want, ca))
                        fail_msg("set %d config '%s': variant %d gives\n%s\nnot\n%s\nrules:\n%s", set, line, v,
                                 ca, want, texts[0]);
                    free(ca);
                }
            }
            interesting += strstr(want, "*") != NULL;
            free(want);
            configs++;
        }
        for (int v = 0; v < 4; v++) {
            fr_eval_free(&ev[v]);
            fr_eval_free(&full[v]);
            fr_eval_free(&scan[v]);
            fr_ruleset_free(&rs[v]);
            free(texts[v]);
        }
        sets++;
    }
    assert_true(interesting > 50);
    (void)configs;
}

/* Exact form of a result (messages in report order, with their texts). */
static char *exact(const fr_ruleset *rs, const fr_result *r)
{
    char *c = canon(rs, r);
    size_t cap = 16384, len = strlen(c);
    char *buf = calloc(1, cap);
    memcpy(buf, c, len);
    free(c);
    for (int sev = 0; sev < 3; sev++)
        for (size_t i = 0; i < fr_result_nmessages(r, (fr_severity)sev); i++) {
            const fr_message *m = fr_result_message(r, (fr_severity)sev, i);
            len += (size_t)snprintf(buf + len, cap - len, "|%d %s %s %s", sev, fr_rule_name(rs, (size_t)m->rule),
                                    m->kind, m->text);
            if (len >= cap)
                len = cap - 1;
        }
    char *out = NULL;
    size_t olen = 0, ocap = 0;
    if (fr_result_append_compact(r, &out, &olen, &ocap) == FR_OK && len + olen + 2 < cap)
        len += (size_t)snprintf(buf + len, cap - len, "|%s", out);
    free(out);
    return buf;
}

/* Conditions the fast paths take apart: key against key, given(), require
 * with a list, many rules (bit sets over several words), declared keys
 * read by later rules. */
static void atom2(rng *r, char *out, size_t cap)
{
    switch (below(r, 9)) {
    case 0: snprintf(out, cap, "i%u %s i%u", below(r, 2), (const char *const[]){ "=", "!=", "<", "<=", ">", ">=" }[below(r, 6)], below(r, 2)); break;
    case 1: snprintf(out, cap, "given(i%u) != i%u", below(r, 2), below(r, 2)); break;
    case 2: snprintf(out, cap, "e%u %s e%u", below(r, 3), below(r, 2) ? "=" : "!=", below(r, 3)); break;
    case 3: snprintf(out, cap, "b0 %s b1", below(r, 2) ? "=" : "!="); break;
    case 4: snprintf(out, cap, "given(e%u) = v%u", below(r, 3), below(r, 3)); break;
    case 5: snprintf(out, cap, "i%u / i%u > 0", below(r, 2), below(r, 2)); break;
    default: atom(r, out, cap); break;
    }
}

static void gen_rule2(rng *r, unsigned id, char *out, size_t cap)
{
    char cond[256] = "", req[256] = "", a[64];
    unsigned n = 1 + below(r, 3);
    for (unsigned i = 0; i < n; i++) {
        atom2(r, a, sizeof a);
        strcat(cond, i ? (below(r, 5) ? " & " : " | ") : "");
        strcat(cond, a);
    }
    unsigned kind = below(r, 10);
    if (kind < 3) {
        unsigned k = below(r, 7);
        char val[16];
        if (k < 3)
            snprintf(val, sizeof val, "v%u", below(r, 3));
        else if (k < 5)
        {
            unsigned lit = below(r, 2);
            snprintf(val, sizeof val, lit ? "%u" : "i%u", lit ? below(r, 4) : below(r, 2));
        }
        else
            snprintf(val, sizeof val, "%s", below(r, 2) ? "true" : "false");
        snprintf(out, cap, "rule r%u: %s -> declare %s = %s%s;\n", id, cond, kname[k], val,
                 below(r, 3) ? "" : " info \"i{i0}\"");
    } else if (kind < 5) {
        unsigned m = 1 + below(r, 2);
        for (unsigned i = 0; i < m; i++) {
            atom2(r, a, sizeof a);
            strcat(req, i ? " & " : "");
            strcat(req, a);
        }
        snprintf(out, cap, "rule r%u: %s -> require %s else \"q {i1}\";\n", id, cond, req);
    } else {
        static const char *const act[] = { "error", "warn", "info" };
        snprintf(out, cap, "rule r%u: %s -> %s \"m {%s}\";\n", id, cond, act[below(r, 3)], kname[below(r, 7)]);
    }
}

/* A result's status and messages (severity, rule, kind, text), of any
 * length. */
static char *outcome(const fr_result *r)
{
    size_t len = 0, cap = 64;
    char *b = malloc(cap);
    assert_non_null(b);
    len += (size_t)snprintf(b, cap, "%d", (int)fr_result_status(r));
    for (int sev = 0; sev < 3; sev++)
        for (size_t i = 0; i < fr_result_nmessages(r, (fr_severity)sev); i++) {
            const fr_message *m = fr_result_message(r, (fr_severity)sev, i);
            assert_non_null(m);
            size_t need = len + strlen(m->kind) + strlen(m->text) + 64;
            if (need > cap) {
                cap = 2 * need;
                b = realloc(b, cap);
                assert_non_null(b);
            }
            len += (size_t)snprintf(b + len, cap - len, "|%d %ld %s %s", sev, m->rule, m->kind, m->text);
        }
    return b;
}

/* The regexes matched through pcre2_jit_match (ix->re_jit), after the
 * length and first-byte checks (ix->re_pre), give what pcre2_match gives:
 * the same results with the tables and without them, on random subjects
 * (also invalid UTF-8, also one hitting the match limit). */
static void test_regex_jit(void **state)
{
    (void)state;
    fr_ruleset *rs = compile(
        "flag s : string = \"\";\n"
        "rule r0: s ~ /^instance:\\/\\/(?!.*:\\/\\/)/ -> error \"r0\";\n"
        "rule r1: s ~ /ab+c/i -> error \"r1\";\n"
        "rule r2: s ~ /^x.y$/s -> warn \"r2\";\n"
        "rule r3: s ~ /^.b/u -> error \"r3\";\n"
        "rule r4: s ~ /(*UTF)^.c/ -> error \"r4\";\n"
        "rule r5: s ~ /^a(?x) b c/m -> info \"r5\";\n"
        "rule r6: s ~ /(a+)+$/ -> error \"r6\";\n"
        "rule r7: s ~ /^Ab/i -> error \"r7\";\n"
        "rule r8: s ~ /^\\/\\/a|^\\/\\/b/ -> warn \"r8\";\n"
        "rule r9: s ~ /\\Ab:/ -> info \"r9\";\n"
        "rule r10: s ~ /^x/m -> info \"r10\";\n");
    assert_non_null(rs);
    struct fr_evindex *ix = (struct fr_evindex *)rs->evindex;
    assert_non_null(ix->re_jit);
    uint8_t *jit = ix->re_jit;
    struct fr_repre *pre = ix->re_pre;
    assert_non_null(pre);
    size_t nfirst = 0;
    for (uint32_t i = 0; i < rs->nregexes; i++)
        nfirst += pre[i].has_first;
    assert_true(nfirst >= 4);
    size_t njit = 0;
    for (uint32_t i = 0; i < rs->nregexes; i++)
        njit += jit[i];
    assert_true(njit >= 4 && njit < rs->nregexes);   /* (r3 and r4 are UTF) */
    fr_eval *ev = fr_eval_new(rs);
    assert_non_null(ev);
    /* A regex is JIT-compiled after REGEX_WARM matches: r1 (/ab+c/i, on
     * re_jit) takes pcre2_match until then, its JIT copy after. */
    const char *abc = "--s 'xABbc'";
    uint32_t r1 = UINT32_MAX;
    for (uint32_t n = 0; n <= REGEX_WARM; n++) {
        const fr_result *res = fr_eval_line(ev, abc, strlen(abc));
        assert_non_null(res);
        char *o = outcome(res);
        assert_non_null(strstr(o, "r1"));
        free(o);
        if (n == 0) {
            for (uint32_t i = 0; i < rs->nregexes; i++)
                if (ev->re_state[i] == 1)
                    r1 = i;
            assert_int_not_equal(r1, UINT32_MAX);
            assert_true(jit[r1]);
        }
        assert_int_equal(ev->re_state[r1], n < REGEX_WARM ? n + 1 : RE_JIT);
        assert_true(n < REGEX_WARM ? ev->re_code[r1] == NULL : ev->re_code[r1] != NULL);
    }
    /* the random subjects below: every regex on re_jit by its JIT copy */
    for (uint32_t i = 0; i < rs->nregexes; i++)
        if (ev->re_state[i] < REGEX_WARM)
            ev->re_state[i] = REGEX_WARM;
    static const char *const parts[] = { "a", "b", "c", "x", "y", "A", "B", "C", ":", "/", "instance:", "//",
                                         "\xc3\xa9", "\xff", "\xe2\x82", " " };
    rng r = { 7 };
    static char line[40200];
    for (int n = 0; n < 3000; n++) {
        char sub[64] = "";
        unsigned len = below(&r, 8);
        for (unsigned i = 0; i < len; i++)
            strcat(sub, parts[below(&r, sizeof parts / sizeof *parts)]);
        if (n % 500 == 499) {
            memset(line, 'a', 40000);
            strcpy(line + 40000, "b");
            memmove(line + 5, line, 40001);
            memcpy(line, "--s '", 5);
            strcat(line, "'");
        } else
            snprintf(line, sizeof line, "--s '%s'", sub);
        char *want[2];
        for (int j = 0; j < 2; j++) {
            ix->re_jit = j ? NULL : jit;
            ix->re_pre = j ? NULL : pre;
            const fr_result *res = fr_eval_line(ev, line, strlen(line));
            assert_non_null(res);
            want[j] = outcome(res);
        }
        ix->re_jit = jit;
        ix->re_pre = pre;
        if (strcmp(want[0], want[1]))
            fail_msg("subject '%s': pcre2_jit_match gives\n%s\npcre2_match\n%s", sub, want[0], want[1]);
        free(want[0]);
        free(want[1]);
    }
    size_t made = 0;
    for (uint32_t i = 0; i < rs->nregexes; i++) {
        assert_true(jit[i] ? ev->re_state[i] >= RE_JIT : ev->re_state[i] <= REGEX_WARM);
        made += ev->re_state[i] == RE_JIT;
    }
    assert_true(made >= 4);
    fr_eval_free(&ev);
    fr_ruleset_free(&rs);
}

/* gen_config, then now and then words that make the fast reader hand the
 * rest of the line to the general one after it took some keys (a
 * backslash, a key given again) or make the line invalid (an unknown flag,
 * a bad value), so that the values the fast reader wrote are undone or
 * overwritten. */
static void gen_config2(rng *r, char *out, size_t cap)
{
    gen_config(r, out, cap);
    static const char *const extra[] = { "--i0 \\3", "--e1 'v2'", "--e0=v1 --e0 v2", "--bogus",
                                         "--i1 x",    "--e2 v9",  "--b0 --i1=\\7", "--i0 1 --i0 \\2" };
    unsigned x = below(r, 12);
    if (x < 8 && strlen(out) + strlen(extra[x]) + 2 < cap) {
        strcat(out, extra[x]);
        if (below(r, 2) && strlen(out) + 8 < cap)
            strcat(out, " --b1");
    }
}

/* SCAN mode: the resolved values of an invalid config are the defaults
 * (the fast reader's writes are undone), the input values the keys given
 * before the word that made it invalid. */
static void check_scan_invalid(const fr_ruleset *rs, const fr_eval *ev, const char *line)
{
    for (uint32_t k = 0; k < rs->nkeys; k++)
        if (!fr_val_eq(rs->keys[k].type, ev->res[k], rs->keys[k].def))
            fail_msg("config '%s' (invalid): key %s not at its default", line, rs->keys[k].name);
}

/* Pass 2 frees the syntax tree's blocks as it goes and the index build
 * reuses the last ones (compile.c, arena.c) -- unless test blocks are
 * compiled, which are walked after the rules: the same rules compiled both
 * ways (big enough for the tree to span blocks of a MiB and more) must give
 * the same rule set. */
static void test_tree_release(void **state)
{
    (void)state;
    rng r = { 20261203 };
    static const char tail[] = "test \"a test block\" {\n    --e0 v1 => ok;\n}\n";
    unsigned nr = 12000;
    size_t cap = sizeof gen_head + sizeof tail + 400 * (size_t)nr, len = strlen(gen_head);
    char *text = calloc(1, cap);
    assert_non_null(text);
    memcpy(text, gen_head, len);
    for (unsigned i = 0; i < nr; i++) {
        char rule[400];
        gen_rule2(&r, i, rule, sizeof rule);
        size_t n = strlen(rule);
        memcpy(text + len, rule, n);
        len += n;
    }
    memcpy(text + len, tail, sizeof tail);
    len += sizeof tail - 1;
    /* (and, third and fourth, with the helper thread that faults fresh
     * memory in forced on: fr_compiler_set_prefault, prefault.h) */
    fr_ruleset *rs[4];
    for (int v = 0; v < 4; v++) {
        fr_compiler *c = fr_compiler_new();
        assert_non_null(c);
        fr_compiler_set_skip_tests(c, v > 0);
        fr_compiler_set_prefault(c, v >= 2 ? 1 : 0);
        if (v == 3) {
            /* (from a file: add_file reads it with the helper too; named
             * t.rules from its directory, so that locations read alike) */
            char dir[] = "/tmp/fr-test-eval-XXXXXX", cwd[4096];
            assert_non_null(getcwd(cwd, sizeof cwd));
            assert_non_null(mkdtemp(dir));
            assert_int_equal(chdir(dir), 0);
            FILE *f = fopen("t.rules", "wb");
            assert_non_null(f);
            assert_int_equal(fwrite(text, 1, len, f), len);
            assert_int_equal(fclose(f), 0);
            assert_int_equal(fr_compiler_add_path(c, "t.rules"), FR_OK);
            remove("t.rules");
            assert_int_equal(chdir(cwd), 0);
            rmdir(dir);
        } else {
            assert_int_equal(fr_compiler_add_text(c, "t.rules", text, len), FR_OK);
        }
        fr_rc rc = FR_OK;
        rs[v] = fr_compile(c, &rc);
        assert_int_equal(rc, FR_OK);
        assert_non_null(rs[v]);
        fr_compiler_free(&c);
    }
    for (int v = 1; v < 4; v++) {
        assert_int_equal(fr_ruleset_nrules(rs[0]), fr_ruleset_nrules(rs[v]));
        assert_int_equal(rs[0]->nnodes, rs[v]->nnodes);
        for (size_t i = 0; i < nr; i++)
            assert_string_equal(fr_rule_name(rs[0], i), fr_rule_name(rs[v], i));
    }
    assert_int_equal(fr_ruleset_nrules(rs[0]), nr);
    char *dump[2] = { fr_ruleset_dump(rs[1]), fr_ruleset_dump(rs[2]) };
    assert_non_null(dump[0]);
    assert_non_null(dump[1]);
    assert_string_equal(dump[0], dump[1]);
    free(dump[0]);
    free(dump[1]);
    /* the fast node tests, built on the helper (rs[2], rs[3]) while the
     * plan is built, or after it (rs[0], rs[1]): the same tests */
    for (int v = 1; v < 4; v++) {
        const struct fr_evindex *x = rs[0]->evindex, *y = rs[v]->evindex;
        assert_int_equal(x->nfast, y->nfast);
        assert_true(x->nfast > nr / 2);
        assert_memory_equal(x->fast_id, y->fast_id, rs[0]->nnodes * sizeof *x->fast_id);
        for (uint32_t i = 0; i < x->nfast; i++) {
            assert_int_equal(x->fast[i].slot, y->fast[i].slot);
            assert_int_equal(x->fast[i].vidx, y->fast[i].vidx);
            assert_int_equal(x->fast[i].kind, y->fast[i].kind);
            assert_int_equal(x->fast[i].op, y->fast[i].op);
            assert_int_equal(x->fast[i].bits, y->fast[i].bits);
            assert_int_equal(x->fast[i].c, y->fast[i].c);
        }
        /* the conjunct lists and pre-checks, each half of the rules walked
         * on a thread of its own with the helper */
        for (uint32_t ri = 0; ri < nr; ri++) {
            assert_int_equal(x->pslot[ri], y->pslot[ri]);
            assert_int_equal(x->pvidx[ri], y->pvidx[ri]);
            assert_int_equal(x->pbits[ri], y->pbits[ri]);
            assert_int_equal(x->rname_len[ri], y->rname_len[ri]);
            assert_int_equal(x->rname_off[ri], y->rname_off[ri]);
            const fr_rflat *fx = &x->rflat[ri], *fy = &y->rflat[ri];
            assert_int_equal(fx->cl, fy->cl);
            assert_int_equal(fx->ncl, fy->ncl);
            assert_int_equal(fx->flags, fy->flags);
            for (uint32_t i = 0; i < fx->ncl; i++) {
                assert_int_equal(x->cl_test[fx->cl + i].vidx, y->cl_test[fy->cl + i].vidx);
                assert_int_equal(x->cl_test[fx->cl + i].kind, y->cl_test[fy->cl + i].kind);
                assert_int_equal(x->cl_test[fx->cl + i].op, y->cl_test[fy->cl + i].op);
                assert_int_equal(x->cl_test[fx->cl + i].x, y->cl_test[fy->cl + i].x);
            }
        }
        assert_memory_equal(x->rnames, y->rnames, x->rname_off[nr]);
        /* the guards and the open lists (their halves too) */
        uint32_t nsl = 2 * (uint32_t)fr_ruleset_nkeys(rs[0]);
        assert_memory_equal(x->guards, y->guards, nr * sizeof *x->guards);
        assert_memory_equal(x->open_off, y->open_off, (nsl + 1) * sizeof *x->open_off);
        assert_true(x->open_off[nsl] > 0);
        assert_memory_equal(x->open_rules, y->open_rules, x->open_off[nsl] * sizeof *x->open_rules);
        assert_memory_equal(x->qrule, y->qrule, nr * sizeof *x->qrule);
    }
    fr_eval *ev[4] = { fr_eval_new(rs[0]), fr_eval_new(rs[1]), fr_eval_new(rs[2]), fr_eval_new(rs[3]) };
    for (int i = 0; i < 4; i++)
        assert_non_null(ev[i]);
    for (int c = 0; c < 200; c++) {
        char line[256];
        gen_config(&r, line, sizeof line);
        char *d[4];
        for (int i = 0; i < 4; i++) {
            const fr_result *res = fr_eval_line(ev[i], line, strlen(line));
            assert_non_null(res);
            d[i] = describe(rs[i], res, 1);
        }
        assert_string_equal(d[0], d[1]);
        assert_string_equal(d[0], d[2]);
        assert_string_equal(d[0], d[3]);
        for (int i = 0; i < 4; i++)
            free(d[i]);
    }
    for (int i = 0; i < 4; i++) {
        fr_eval_free(&ev[i]);
        fr_ruleset_free(&rs[i]);
    }
    free(text);
}

/* fr_compiler_set_threads (public): a big rule text (1 MiB or more) starts
 * the compiler's helper thread by default, none when threads are off, and
 * both rule sets are the same. */
static void test_threads_option(void **state)
{
    (void)state;
    rng r = { 20261204 };
    size_t cap = FR_PREFAULT_MIN + 4096, len = strlen(gen_head);
    char *text = malloc(cap);
    assert_non_null(text);
    memcpy(text, gen_head, len);
    unsigned nr = 0;
    while (len < FR_PREFAULT_MIN) {
        char rule[400];
        gen_rule2(&r, nr++, rule, sizeof rule);
        size_t n = strlen(rule);
        assert_true(len + n < cap);
        memcpy(text + len, rule, n);
        len += n;
    }
    /* (no MADV_POPULATE_WRITE on this kernel: no helper either way) */
    fr_prefault *probe = fr_prefault_new();
    bool can = probe != NULL;
    fr_prefault_free(&probe);
    char *dump[2];
    for (int on = 0; on < 2; on++) {
        fr_compiler *c = fr_compiler_new();
        assert_non_null(c);
        if (!on)
            fr_compiler_set_threads(c, false);
        assert_int_equal(fr_compiler_add_text(c, "t.rules", text, len), FR_OK);
        fr_rc rc = FR_OK;
        fr_ruleset *rs = fr_compile(c, &rc);
        assert_int_equal(rc, FR_OK);
        assert_non_null(rs);
        assert_int_equal(fr_ruleset_nrules(rs), nr);
        assert_int_equal(fr_compiler_helpers(c), on && can ? 1 : 0);
        dump[on] = fr_ruleset_dump(rs);
        assert_non_null(dump[on]);
        fr_ruleset_free(&rs);
        fr_compiler_free(&c);
    }
    assert_string_equal(dump[0], dump[1]);
    free(dump[0]);
    free(dump[1]);
    free(text);
}

/* One evaluator per mode, FULL first (the reference the others are
 * compared with), for the tests that check the modes agree. */
static const int eval_modes[3] = { FR_MODE_FULL, FR_MODE_SCAN, FR_MODE_INCR };

static void evals_new(const fr_ruleset *rs, fr_eval *ev[3])
{
    for (int m = 0; m < 3; m++) {
        ev[m] = fr_eval_new(rs);
        assert_non_null(ev[m]);
        fr_eval_set_mode(ev[m], eval_modes[m]);
    }
}

static void evals_free(fr_eval *ev[3])
{
    for (int m = 0; m < 3; m++)
        fr_eval_free(&ev[m]);
}

/* One line through the three evaluators of evals_new: SCAN's and INCR's
 * output (and with `rules`, every rule's state) the same as FULL's.  ctx
 * names the line in a failure. */
static void agree_line(const fr_ruleset *rs, fr_eval *ev[3], const char *ctx, const char *line, bool rules)
{
    char *want = NULL;
    for (int m = 0; m < 3; m++) {
        const fr_result *res = fr_eval_line(ev[m], line, strlen(line));
        assert_non_null(res);
        for (uint32_t ri = 0; rules && m > 0 && ri < rs->nrules; ri++)
            if (fr_rule_on(ev[m], ri) != fr_rule_on(ev[0], ri) || fr_rule_rt(ev[m], ri) != fr_rule_rt(ev[0], ri))
                fail_msg("%s '%s' mode %d: rule %s on %d rt %d, full: on %d rt %d", ctx, line, eval_modes[m],
                         rs->rules[ri].name, fr_rule_on(ev[m], ri), fr_rule_rt(ev[m], ri),
                         fr_rule_on(ev[0], ri), fr_rule_rt(ev[0], ri));
        char *got = exact(rs, res);
        if (!want)
            want = got;
        else {
            if (strcmp(want, got))
                fail_msg("%s '%s': mode %d gives\n%s\nnot (full)\n%s", ctx, line, eval_modes[m], got, want);
            free(got);
        }
    }
    free(want);
}

static void test_modes_agree(void **state)
{
    (void)state;
    rng r = { 20261202 };
    int differ_from_empty = 0, nvalid = 0;
    for (int set = 0; set < 40; set++) {
        unsigned nr = set < 30 ? 3 + below(&r, 20) : 70 + below(&r, 130);
        size_t cap = sizeof gen_head + 400 * (size_t)nr;
        char *text = calloc(1, cap);
        strcpy(text, gen_head);
        for (unsigned i = 0; i < nr; i++) {
            char rule[400];
            gen_rule2(&r, i, rule, sizeof rule);
            strcat(text, rule);
        }
        fr_ruleset *rs = compile(text);
        fr_eval *ev[3];
        evals_new(rs, ev);
        for (int c = 0; c < 40; c++) {
            char line[256];
            gen_config2(&r, line, sizeof line);
            char *want = NULL, *want_in = NULL;
            for (int m = 0; m < 3; m++) {
                const fr_result *res = fr_eval_line(ev[m], line, strlen(line));
                assert_non_null(res);
                nvalid += fr_result_status(res) != FR_STATUS_INVALID;
                if (fr_result_status(res) == FR_STATUS_INVALID && eval_modes[m] == FR_MODE_SCAN)
                    check_scan_invalid(rs, ev[m], line);
                {
                    /* the input values, in every mode and status */
                    char in[512] = "";
                    for (size_t k = 0; k < fr_ruleset_nkeys(rs); k++) {
                        fr_value v = fr_result_input(res, k);
                        char *t = fr_value_format(&v, false);
                        strncat(in, t, sizeof in - strlen(in) - 2);
                        strcat(in, " ");
                        free(t);
                    }
                    if (!want_in)
                        want_in = strdup(in);
                    else if (strcmp(want_in, in))
                        fail_msg("config '%s': mode %d input %s, not %s", line, eval_modes[m], in, want_in);
                }
                /* every check as the condition trees say (fr_eval_node,
                 * no conjunct lists), on the resolved state */
                for (size_t ri = 0; fr_result_status(res) != FR_STATUS_INVALID && ri < rs->nrules; ri++) {
                    const fr_rule *ru = &rs->rules[ri];
                    if (ru->kind == FR_RULE_DECLARE)
                        continue;
                    fr_val v;
                    int rc = fr_eval_node(ev[m], ru->cond, &v);
                    int cv = rc ? -rc : (!v.is_null && v.i);
                    if (cv > 0 && ru->kind == FR_RULE_REQUIRE) {
                        rc = fr_eval_node(ev[m], ru->req, &v);
                        cv = rc ? -rc : !(!v.is_null && v.i);
                    } else if (cv < 0 && ru->kind == FR_RULE_REQUIRE) {
                        /* COND & !(C): C holding clears COND's run-time error */
                        fr_val q;
                        if (!fr_eval_node(ev[m], ru->req, &q) && !q.is_null && q.i)
                            cv = 0;
                    }
                    if (fr_rule_on(ev[m], (uint32_t)ri) != (cv > 0) || fr_rule_rt(ev[m], (uint32_t)ri) != (cv < 0 ? -cv : 0))
                        fail_msg("set %d config '%s' mode %d: rule %s on %d rt %d, its tree says %d\n%s", set,
                                 line, eval_modes[m], ru->name, fr_rule_on(ev[m], (uint32_t)ri), fr_rule_rt(ev[m], (uint32_t)ri), cv, text);
                }
                char *got = exact(rs, res);
                if (!want)
                    want = got;
                else {
                    if (strcmp(want, got))
                        fail_msg("set %d config '%s': mode %d gives\n%s\nnot (full)\n%s\nrules:\n%s", set, line,
                                 eval_modes[m], got, want, text);
                    free(got);
                }
            }
            differ_from_empty += line[0] != '\0';
            free(want);
            free(want_in);
        }
        evals_free(ev);
        fr_ruleset_free(&rs);
        free(text);
    }
    assert_true(differ_from_empty > 100);
    assert_true(nvalid > 100 && nvalid < 3 * 40 * 40 - 100);
}

/* INCR on a set of many rules over many keys, each anchored on an int key's
 * value (as bench/gen-synth's sparse sets): a config queues few checks out
 * of many words of the queue's bit set; checks on at the baseline turn off
 * and back; run-time errors come and go between configs (an INCR check's
 * state is its baseline's unless judged in this config).  Every mode must
 * give the same records, texts and outcomes, config after config. */
static void test_modes_agree_many(void **state)
{
    (void)state;
    rng r = { 20261203 };
    enum { NI = 100, NG = 8, NR = 6000, DOM = 40 };
    size_t cap = 64 * 1024 + 128 * (size_t)NR, len = 0;
    char *text = calloc(1, cap);
    assert_non_null(text);
    for (unsigned k = 0; k < NI; k++)
        len += (size_t)snprintf(text + len, cap - len, "flag n%u : int = 0;\n", k);
    for (unsigned k = 0; k < NG; k++)
        len += (size_t)snprintf(text + len, cap - len, "flag g%u : enum { a, b, c } = a;\n", k);
    for (unsigned i = 0; i < NR; i++) {
        unsigned a = below(&r, NI), v = below(&r, DOM), g = below(&r, NG), b = below(&r, NI);
        switch (below(&r, 16)) {
        case 0:
        case 1:   /* declares an enum key that checks read */
            len += (size_t)snprintf(text + len, cap - len, "rule r%u: n%u = %u -> declare g%u = %s;\n", i, a,
                                    1 + v, g, below(&r, 2) ? "b" : "c");
            break;
        case 2:   /* not a conjunct list */
            len += (size_t)snprintf(text + len, cap - len, "rule r%u: n%u = %u | g%u = c -> warn \"w{n%u}\";\n",
                                    i, a, 1 + v, g, a);
            break;
        case 3:   /* a run-time error when n<b> is 0 (never at the baseline) */
            len += (size_t)snprintf(text + len, cap - len, "rule r%u: n%u = %u & n%u / n%u >= 0 -> error \"d\";\n",
                                    i, a, 1 + v, a, b);
            break;
        default:  /* v = 0: on at the baseline */
            len += (size_t)snprintf(text + len, cap - len, "rule r%u: n%u = %u & g%u != %s -> %s \"m{g%u}\";\n", i,
                                    a, v, g, below(&r, 2) ? "b" : "c", below(&r, 3) ? "error" : "info", g);
            break;
        }
        assert_true(len < cap);
    }
    fr_ruleset *rs = compile(text);
    fr_eval *ev[3];
    evals_new(rs, ev);
    assert_int_equal(ev[2]->mode, FR_MODE_INCR);
    for (int c = 0; c < 400; c++) {
        char line[256] = "";
        size_t l = 0;
        for (unsigned j = below(&r, 4); j > 0; j--)
            l += (size_t)snprintf(line + l, sizeof line - l, "--n%u %u ", below(&r, NI), below(&r, DOM + 2));
        if (!below(&r, 4))
            l += (size_t)snprintf(line + l, sizeof line - l, "--g%u %s ", below(&r, NG),
                                  (const char *const[]){ "a", "b", "c" }[below(&r, 3)]);
        char ctx[32];
        snprintf(ctx, sizeof ctx, "config %d", c);
        agree_line(rs, ev, ctx, line, true);
    }
    evals_free(ev);
    fr_ruleset_free(&rs);
    free(text);
}

/* Guard tables of int keys with many entries (sorted by value at build
 * time; eval.c sorts them digit by digit): values of narrow and of wide
 * spans, negative ones, duplicates across rules and `in` sets.  SCAN and
 * INCR find their rules through those tables; FULL reads every rule. */
static void test_int_guard_spans(void **state)
{
    (void)state;
    rng r = { 20261204 };
    enum { NR = 1500 };
    static const int64_t wide[] = { -9000000000000000000LL, -4611686018427387904LL, -65536, -2049, -1, 0, 1, 2047,
                                    2048, 4194303, 4194304, 1LL << 40, 9000000000000000000LL };
    size_t cap = 4096 + 160 * (size_t)NR, len = 0;
    char *text = calloc(1, cap);
    assert_non_null(text);
    len += (size_t)snprintf(text + len, cap - len, "flag narrow : int = 100;\nflag mid : int = 0;\nflag far : int = 0;\n");
    int64_t vals[NR];
    for (unsigned i = 0; i < NR; i++) {
        int64_t v;
        const char *key;
        switch (i % 3) {
        case 0:
            key = "narrow";
            v = (int64_t)below(&r, 7) - 3;
            break;
        case 1:
            key = "mid";
            v = (int64_t)below(&r, 3000000) - 1000000;
            break;
        default:
            key = "far";
            v = wide[below(&r, sizeof wide / sizeof *wide)] + (int64_t)below(&r, 3);
            break;
        }
        vals[i] = v;
        if (below(&r, 5))
            len += (size_t)snprintf(text + len, cap - len, "rule r%u: %s = %lld -> error \"e%u\";\n", i, key,
                                    (long long)v, i);
        else
            len += (size_t)snprintf(text + len, cap - len, "rule r%u: %s in {%lld, %lld} -> warn \"w%u\";\n", i,
                                    key, (long long)v, (long long)v + 7, i);
        assert_true(len < cap);
    }
    fr_ruleset *rs = compile(text);
    fr_eval *ev[3];
    evals_new(rs, ev);
    static const char *const keys[] = { "narrow", "mid", "far" };
    for (int c = 0; c < 600; c++) {
        char line[256] = "";
        size_t l = 0;
        for (unsigned j = 1 + below(&r, 3); j > 0; j--) {
            unsigned i = below(&r, NR);
            int64_t v = vals[i] + (below(&r, 4) ? 0 : (int64_t)below(&r, 9) - 1);
            l += (size_t)snprintf(line + l, sizeof line - l, "--%s %lld ", keys[below(&r, 4) ? i % 3 : below(&r, 3)],
                                  (long long)v);
        }
        char ctx[32];
        snprintf(ctx, sizeof ctx, "config %d", c);
        agree_line(rs, ev, ctx, line, true);
    }
    evals_free(ev);
    fr_ruleset_free(&rs);
    free(text);
}

/* INCR's order of the rules (eval.c, build_order): a permutation; the guard
 * tables and open lists hold positions of rules that read their slot, a
 * dense bucket's rules in rule order; each rule's conjunct list the same
 * tests as its condition's fast tests (FULL, which reads the lists too,
 * against the trees in test_modes_agree).  Then INCR agrees with FULL on
 * rules guarded on several values (`in`, `!=`), several slots and none. */
static void test_incr_order(void **state)
{
    (void)state;
    rng r = { 20261204 };
    enum { NR = 3000 };
    size_t cap = 4096 + 128 * (size_t)NR, len = 0;
    char *text = calloc(1, cap);
    assert_non_null(text);
    for (unsigned k = 0; k < 6; k++)
        len += (size_t)snprintf(text + len, cap - len, "flag e%u : enum { a, b, c, d } = a;\nflag n%u : int = 0;\nflag m%u : int = 0;\n", k, k, k);
    for (unsigned i = 0; i < NR; i++) {
        unsigned x = below(&r, 6), y = below(&r, 6), v = below(&r, 9);
        const char *ev = (const char *const[]){ "a", "b", "c", "d" }[below(&r, 4)];
        switch (below(&r, 10)) {
        case 6:   /* a declare rule whose value is not a constant, with a message (not simple: fr_dplan) */
            len += (size_t)snprintf(text + len, cap - len, "rule r%u: e%u = %s & n%u > %u -> declare m%u = n%u * 2 warn \"w{m%u}\";\n",
                                    i, x, ev, y, v, x, y, x);
            break;
        case 7:   /* simple, with a message */
            len += (size_t)snprintf(text + len, cap - len, "rule r%u: e%u = %s & n%u = %u -> declare m%u = %u info \"i{m%u}\";\n",
                                    i, x, ev, y, v + 1, y, v, y);
            break;
        case 8:   /* simple, two items */
            len += (size_t)snprintf(text + len, cap - len, "rule r%u: n%u in { %u, 1 } -> declare m%u = 2, m%u = %u;\n",
                                    i, x, v + 2, x, (x + 1) % 6, v);
            break;
        case 9:   /* reads what they declare */
            len += (size_t)snprintf(text + len, cap - len, "rule r%u: m%u = %u & e%u != %s -> error \"m{m%u}\";\n", i, x, v,
                                    y, ev, x);
            break;
        case 0:
            len += (size_t)snprintf(text + len, cap - len, "rule r%u: e%u in { b, %s } & n%u > %u -> error \"x\";\n", i, x, ev, y, v);
            break;
        case 1:
            len += (size_t)snprintf(text + len, cap - len, "rule r%u: e%u != %s & n%u != %u -> warn \"x\";\n", i, x, ev, y, v);
            break;
        case 2:
            len += (size_t)snprintf(text + len, cap - len, "rule r%u: n%u in { %u, %u } & e%u = %s -> error \"x\";\n", i, x, v, v + 3, y, ev);
            break;
        case 3:
            len += (size_t)snprintf(text + len, cap - len, "rule r%u: n%u = %u -> declare e%u = %s;\n", i, x, v + 1, (x + 1 + below(&r, 5)) % 6 == x ? (x + 1) % 6 : (x + 1 + below(&r, 5)) % 6, ev);
            break;
        case 4:
            len += (size_t)snprintf(text + len, cap - len, "rule r%u: n%u + n%u > %u -> info \"x\";\n", i, x, y, v);
            break;
        default:
            len += (size_t)snprintf(text + len, cap - len, "rule r%u: e%u = %s & n%u = %u -> error \"x\";\n", i, x, ev, y, v);
            break;
        }
        assert_true(len < cap);
    }
    fr_ruleset *rs = compile(text);
    const struct fr_evindex *ix = rs->evindex;
    uint32_t nr = (uint32_t)rs->nrules, ns = 2 * (uint32_t)rs->nkeys;
    assert_non_null(ix->qrule);
    uint8_t *seen = calloc(nr, 1);
    uint32_t *rq = calloc(nr, sizeof *rq);
    assert_non_null(seen);
    assert_non_null(rq);
    for (uint32_t q = 0; q < nr; q++) {
        assert_true(ix->qrule[q] < nr);
        assert_false(seen[ix->qrule[q]]);
        seen[ix->qrule[q]] = 1;
        rq[ix->qrule[q]] = q;
    }
    /* every position in a list is a rule reading the slot's key */
    for (uint32_t s = 0; s < ns; s++) {
        const fr_gtable *gt = &ix->gtab[ix->gtab_of[s]];
        uint32_t k = s / 2;
        if (gt->ndom)
            for (uint32_t d = 0; d < gt->ndom; d++)
                for (uint32_t i = gt->off[d]; i < gt->off[d + 1]; i++) {
                    assert_true(gt->rules[i] < nr);
                    assert_int_equal(ix->guards[ix->qrule[gt->rules[i]]].slot, s);
                    if (i > gt->off[d])
                        assert_true(ix->qrule[gt->rules[i - 1]] < ix->qrule[gt->rules[i]]);
                }
        for (uint32_t i = 0; i < gt->nents; i++)
            assert_int_equal(ix->guards[ix->qrule[gt->ents[i].rule]].slot, s);
        for (uint32_t i = ix->open_off[s]; i < ix->open_off[s + 1]; i++) {
            const fr_rule *ru = &rs->rules[ix->qrule[ix->open_rules[i]]];
            int reads = 0;
            for (uint32_t j = 0; j < ru->nreads; j++)
                reads |= ru->reads[j] == k;
            assert_true(reads);
        }
    }
    /* the int tables' hashes: slots whose value's rules are a run of
     * positions (a lookup reads no entry), and others (the entries) */
    unsigned nrun = 0, nents = 0;
    for (uint32_t s = 0; s < ns; s++) {
        const fr_gtable *gt = &ix->gtab[ix->gtab_of[s]];
        for (uint32_t h = 0; gt->hslot && h <= gt->hmask; h++) {
            const fr_hslot *hs = &gt->hslot[h];
            if (hs->x == UINT32_MAX)
                continue;
            if (!hs->run) {
                assert_true(hs->x < gt->nents);
                assert_true(gt->ents[hs->x].v.i == hs->v);
                nents++;
                continue;
            }
            nrun++;
            uint32_t n = 0;
            for (uint32_t i = 0; i < gt->nents; i++)
                if (gt->ents[i].v.i == hs->v) {
                    assert_int_equal(gt->ents[i].rule, hs->x + n);
                    n++;
                }
            assert_int_equal(n, hs->run);
        }
    }
    assert_true(nrun > 5 && nents > 5);
    /* each list where its rule says (the lists were copied in this order) */
    for (uint32_t q = 0, at = 0; q < nr; q++) {
        const fr_rflat *rf = &ix->rflat[ix->qrule[q]];
        if (rf->ncl)
            assert_int_equal(rf->cl, at);
        at += rf->ncl;
    }
    free(seen);
    free(rq);
    /* the declare rules' records: simple ones among them, and not */
    unsigned nsimple = 0;
    assert_non_null(ix->dplan);
    for (uint32_t p = 0; p < ix->nplan; p++) {
        assert_int_equal(ix->dplan[p].rule, ix->plan_rules[p]);
        nsimple += ix->dplan[p].flags & FR_DP_SIMPLE;
    }
    assert_true(nsimple > 100 && nsimple + 100 < ix->nplan);
    fr_eval *ev[3];
    evals_new(rs, ev);
    assert_int_equal(ev[2]->mode, FR_MODE_INCR);
    for (int c = 0; c < 300; c++) {
        char line[256] = "";
        size_t l = 0;
        for (unsigned j = below(&r, 5); j > 0; j--) {
            if (below(&r, 2))
                l += (size_t)snprintf(line + l, sizeof line - l, "--n%u %u ", below(&r, 6), below(&r, 12));
            else
                l += (size_t)snprintf(line + l, sizeof line - l, "--e%u %s ", below(&r, 6),
                                      (const char *const[]){ "a", "b", "c", "d" }[below(&r, 4)]);
        }
        char ctx[32];
        snprintf(ctx, sizeof ctx, "config %d", c);
        agree_line(rs, ev, ctx, line, true);
    }
    evals_free(ev);
    fr_ruleset_free(&rs);
    free(text);
}

/* The index build's fast tests go to what the newest arena block has left
 * when that is less than a room for every node (eval.c, build_prechecks;
 * without a helper the block is most often the syntax tree's last one),
 * and move to a room for all when they outgrow it.  Rules of bool
 * conjunctions (a fast test a leaf) outgrow it at some sizes (1,000 and
 * 2,000 rules when this was written), not at others: the three modes
 * agree on every size. */
static void test_fast_room(void **state)
{
    (void)state;
    rng r = { 7 };
    static const unsigned sizes[] = { 1000, 1400, 2000 };
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        unsigned nr = sizes[si];
        size_t cap = 4096 + 96 * (size_t)nr, len = 0;
        char *text = calloc(1, cap);
        assert_non_null(text);
        for (unsigned k = 0; k < 20; k++)
            len += (size_t)snprintf(text + len, cap - len, "flag b%u : bool = false;\n", k);
        len += (size_t)snprintf(text + len, cap - len, "flag k : int = 0;\n");
        for (unsigned i = 0; i < nr; i++) {
            len += (size_t)snprintf(text + len, cap - len, "rule r%u:", i);
            for (unsigned j = 0; j < 10; j++)
                len += (size_t)snprintf(text + len, cap - len, " %sb%u &", j == 3 ? "!" : "", (i + j) % 20);
            len += (size_t)snprintf(text + len, cap - len, " k = %u -> error \"x\";\n", i % 7);
            assert_true(len < cap);
        }
        fr_ruleset *rs = compile(text);
        fr_eval *ev[3];
        evals_new(rs, ev);
        for (int c = 0; c < 100; c++) {
            char line[512] = "";
            size_t l = 0;
            for (unsigned k = 0; k < 20; k++)
                if (below(&r, 3))
                    l += (size_t)snprintf(line + l, sizeof line - l, "--b%u %s ", k, below(&r, 4) ? "true" : "false");
            l += (size_t)snprintf(line + l, sizeof line - l, "--k %u", below(&r, 8));
            char ctx[32];
            snprintf(ctx, sizeof ctx, "%u rules, config", nr);
            agree_line(rs, ev, ctx, line, false);
        }
        evals_free(ev);
        fr_ruleset_free(&rs);
        free(text);
    }
}

/* Many declarers of one key evaluated in a config, in an order that is not
 * the rules' order: each also declares one of a few hook keys, whose
 * readers come first in the file (the plan takes a hook's declarers
 * together), and reads a key at a random depth of a chain of declared keys.  A key's value, the rule
 * that declared it and a conflict's two rules come from its declarers in
 * rule order (the incremental mode sorts the ones it noted: by insertion
 * when few, by radix when many, one or two passes of its digits); all three
 * modes must agree, and the declaring rule is the first in rule order. */
static void test_noted_order(void **state)
{
    (void)state;
    rng r = { 20261207 };
    static const unsigned sizes[] = { 12, 40, 2600 };
    enum { D = 24 };
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
        unsigned nd = sizes[si];
        size_t cap = 4096 + 128 * (size_t)nd, len = 0;
        char *text = calloc(1, cap);
        unsigned *val = calloc(nd, sizeof *val), *sel = calloc(nd, sizeof *sel);
        assert_non_null(text);
        /* each declarer also declares one of G hook keys, each read by a
         * declare rule placed first: the plan takes a hook's declarers
         * (in rule order) before that rule, hook after hook */
        enum { G = 8 };
        len += (size_t)snprintf(text + len, cap - len, "flag go : bool = false;\nflag x : int = 0;\n");
        for (unsigned j = 0; j < G; j++)
            len += (size_t)snprintf(text + len, cap - len, "flag u%u : bool = false;\nflag z%u : bool = false;\n", j, j);
        for (unsigned j = 0; j < 4; j++)
            len += (size_t)snprintf(text + len, cap - len, "flag p%u : bool = false;\n", j);
        for (unsigned j = 1; j <= D; j++)
            len += (size_t)snprintf(text + len, cap - len, "flag s%u : bool = false;\n", j);
        for (unsigned j = 0; j < G; j++)
            len += (size_t)snprintf(text + len, cap - len, "rule h%u: u%u -> declare z%u = true;\n", j, j, j);
        /* the declarers (rule order = their index), then the chain */
        for (unsigned i = 0; i < nd; i++) {
            val[i] = 1 + below(&r, 3);
            sel[i] = below(&r, 4);
            len += (size_t)snprintf(text + len, cap - len, "rule d%u: s%u & p%u -> declare x = %u, u%u = true;\n", i,
                                    1 + below(&r, D), sel[i], val[i], below(&r, G));
        }
        len += (size_t)snprintf(text + len, cap - len, "rule c1: go -> declare s1 = true;\n");
        for (unsigned j = 2; j <= D; j++)
            len += (size_t)snprintf(text + len, cap - len, "rule c%u: s%u -> declare s%u = true;\n", j, j - 1, j);
        assert_true(len < cap);
        fr_ruleset *rs = compile(text);
        fr_eval *ev[3];
        evals_new(rs, ev);
        long kx = fr_ruleset_find_key(rs, "x");
        assert_true(kx >= 0);
        for (unsigned mask = 0; mask < 16; mask++) {
            char line[128] = "--go";
            for (unsigned j = 0; j < 4; j++)
                if (mask & (1u << j))
                    snprintf(line + strlen(line), sizeof line - strlen(line), " --p%u", j);
            char ctx[48];
            snprintf(ctx, sizeof ctx, "%u declarers, config", nd);
            agree_line(rs, ev, ctx, line, true);
            /* the expected value: the smallest declared, by the first rule
             * declaring it; a conflict when two values are declared */
            unsigned best = 0, seen = 0;
            long by = -1;
            for (unsigned i = 0; i < nd; i++) {
                if (!(mask & (1u << sel[i])))
                    continue;
                seen |= 1u << val[i];
                if (!best || val[i] < best) {
                    best = val[i];
                    by = (long)i;
                }
            }
            for (int m = 0; m < 3; m++) {
                const fr_result *res = fr_eval_line(ev[m], line, strlen(line));
                assert_non_null(res);
                fr_value v = fr_result_resolved(res, (size_t)kx);
                assert_int_equal(v.i, best ? (int64_t)best : 0);
                if (!best) {
                    assert_false(fr_result_declared(res, (size_t)kx));
                    continue;
                }
                char want[32];
                snprintf(want, sizeof want, "d%ld", by);
                assert_string_equal(fr_rule_name(rs, (size_t)fr_result_declared_by(res, (size_t)kx)), want);
                int conflict = (seen & (seen - 1)) != 0;
                assert_int_equal(fr_result_status(res), conflict ? FR_STATUS_ERROR : FR_STATUS_OK);
            }
        }
        evals_free(ev);
        fr_ruleset_free(&rs);
        free(text);
        free(val);
        free(sel);
    }
}

/* Spellings (and enum values) of one length that differ only before their
 * last 8 bytes: the fused reader's tables are built with every byte hashed
 * (fr_spellmap.fwide), and a line reads each flag and value right. */
static void test_fused_wide_tables(void **state)
{
    (void)state;
    enum { N = 300 };
    size_t cap = (size_t)N * 200 + 4096, len = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    len += (size_t)snprintf(text + len, cap - len, "flag mode : enum {");
    for (int i = 0; i < N; i++)
        len += (size_t)snprintf(text + len, cap - len, "%s mode_%05d_value", i ? "," : "", i);
    len += (size_t)snprintf(text + len, cap - len, " } = mode_00000_value;\n");
    for (int i = 0; i < N; i++)
        len += (size_t)snprintf(text + len, cap - len, "flag f%d : int = 0 cli \"--attn-%05d-backend\";\n", i, i);
    len += (size_t)snprintf(text + len, cap - len,
                            "rule r: f7 = 70 & f299 = 2990 & mode = mode_00123_value -> error \"hit {f150}\";\n");
    assert_true(len < cap);
    fr_ruleset *rs = compile(text);
    free(text);
    const fr_spellmap *m = &rs->evindex->map;
    if (m->fused) {
        /* (AVX2: the fused reader's tables find every text) */
        assert_int_equal(m->fwide, 1);
        long km = fr_ruleset_find_key(rs, "mode");
        uint32_t e = rs->keys[km].type.enum_id;
        for (int i = 0; i < N; i++) {
            char t[64];
            int n = snprintf(t, sizeof t, "--attn-%05d-backend", i);
            int32_t k = fr_spellmap_find(m, t, (size_t)n);
            assert_true(k >= 0);
            assert_int_equal(fr_spellmap_fused_find(m, 0, t, (size_t)n), k);
            n = snprintf(t, sizeof t, "mode_%05d_value", i);
            assert_int_equal(fr_spellmap_fused_find(m, e + 1, t, (size_t)n), i);
        }
        assert_int_equal(fr_spellmap_fused_find(m, 0, "--attn-00300-backend", 20), -1);
    } else
        assert_int_equal(fr_spellmap_fused_find(m, 0, "--attn-00001-backend", 20), -2);
    fr_eval *ev = fr_eval_new(rs);
    assert_non_null(ev);
    const char *line = "--attn-00007-backend 70 --attn-00299-backend=2990 --mode mode_00123_value "
                       "--attn-00150-backend 1500";
    const fr_result *r = fr_eval_line(ev, line, strlen(line));
    assert_null(fr_result_invalid_reason(r));
    assert_int_equal(fr_result_nmessages(r, FR_SEV_ERROR), 1);
    assert_string_equal(fr_result_message(r, FR_SEV_ERROR, 0)->text, "hit 1500");
    /* every spelling and value, each with its own key */
    for (int i = 0; i < N; i++) {
        char l[128];
        int n = snprintf(l, sizeof l, "--attn-%05d-backend %d --mode mode_%05d_value", i, i + 1, N - 1 - i);
        r = fr_eval_line(ev, l, (size_t)n);
        assert_null(fr_result_invalid_reason(r));
        char name[16];
        snprintf(name, sizeof name, "f%d", i);
        long k = fr_ruleset_find_key(rs, name), km = fr_ruleset_find_key(rs, "mode");
        assert_true(k >= 0 && km >= 0);
        fr_value v = fr_result_resolved(r, (size_t)k);
        assert_int_equal(v.i, i + 1);
        v = fr_result_resolved(r, (size_t)km);
        char want[32];
        snprintf(want, sizeof want, "mode_%05d_value", N - 1 - i);
        assert_string_equal(v.s, want);
    }
    r = fr_eval_line(ev, "--attn-00300-backend 1", 22);
    assert_non_null(fr_result_invalid_reason(r));   /* (no such flag) */
    fr_eval_free(&ev);
    fr_ruleset_free(&rs);
}

/* The guard tables' int hash spreads values that differ only in their high
 * bits (multiples of 2^k) as well as small ones: 4,096 values in 8,192 slots. */
static void test_int_hash_spread(void **state)
{
    (void)state;
    for (unsigned k = 0; k <= 51; k += 3) {
        unsigned *count = calloc(8192, sizeof *count), most = 0;
        assert_non_null(count);
        for (int64_t v = 1; v <= 4096; v++) {
            uint64_t x = (uint64_t)v << k;
            for (int neg = 0; neg < 2; neg++) {
                int64_t i = (int64_t)(neg ? 0 - x : x);
                unsigned c = ++count[fr_int_hash(i) & 8191];
                if (c > most)
                    most = c;
            }
        }
        free(count);
        /* 8,192 values at random: ~7 at most */
        if (most > 24)
            fail_msg("multiples of 2^%u: %u values in one slot", k, most);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chain),
        cmocka_unit_test(test_own_key_input),
        cmocka_unit_test(test_retraction),
        cmocka_unit_test(test_conflict),
        cmocka_unit_test(test_oscillation),
        cmocka_unit_test(test_report_order),
        cmocka_unit_test(test_operators),
        cmocka_unit_test(test_runtime_errors),
        cmocka_unit_test(test_require_and_templates),
        cmocka_unit_test(test_configs),
        cmocka_unit_test(test_environ),
        cmocka_unit_test(test_explain),
        cmocka_unit_test(test_test_blocks),
        cmocka_unit_test(test_order_independence),
        cmocka_unit_test(test_modes_agree),
        cmocka_unit_test(test_regex_jit),
        cmocka_unit_test(test_modes_agree_many),
        cmocka_unit_test(test_incr_order),
        cmocka_unit_test(test_int_guard_spans),
        cmocka_unit_test(test_fast_room),
        cmocka_unit_test(test_tree_release),
        cmocka_unit_test(test_threads_option),
        cmocka_unit_test(test_eval_values),
        cmocka_unit_test(test_noted_order),
        cmocka_unit_test(test_int_hash_spread),
        cmocka_unit_test(test_fused_wide_tables),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
