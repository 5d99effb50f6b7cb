/* test_parser.c — the compiler through its public API (fr_compiler_*,
 * fr_compile, diagnostics, introspection) and the IR it builds (ir.h):
 * good inputs, bad inputs with their messages and locations, the plan,
 * limits, rendering. */
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
#include "eval.h"
#include "ir.h"

static const char *const sglang =
    "flag moe_a2a_backend : enum { none, deepep, deepep_v2, pplx, mori, mooncake } = none\n"
    "    \"Choose the backend for MoE all-to-all communication.\";\n"
    "flag deepep_mode : enum { auto, normal, low_latency } = auto;\n"
    "flag dp_size : int = 1 cli \"--dp-size\", \"--dp\";\n"
    "flag enable_dp_attention : bool = false;\n"
    "flag disaggregation_mode : enum { prefill, decode }? = null;\n"
    "env  SGLANG_MAX_TOKENS : int = 4096;\n"
    "fact model_architecture : string? = null;\n"
    "alias a2a = moe_a2a_backend;  alias mode = deepep_mode;\n"
    "\n"
    "rule pplx-normal-mode:\n"
    "    a2a=pplx & mode=normal -> error \"moe_a2a_backend='pplx' only supports low-latency mode\";\n"
    "a2a=pplx & mode=auto   -> declare low_latency warn \"auto set deepep_mode=`{mode}` for PPLX EP\";\n"
    "rule pplx-needs-dp-attention:\n"
    "    a2a=pplx -> require enable_dp_attention & dp_size >= 2\n"
    "        else \"pplx requires --enable-dp-attention with {dp_size!r} < 2\";\n"
    "rule arch: model_architecture ~ /^Deep/i & disaggregation_mode = null -> error \"x\"\n"
    "    doc { summary \"s\"; means \"m\"; solution \"a\"; solution \"b\"; see pplx-normal-mode; }\n"
    "rule arch2: model_architecture ~ /^Deep/i -> info \"{{literal}} {given(dp_size)!r}\";\n"
    "test \"pplx\" { --moe-a2a-backend pplx --deepep-mode normal => error pplx-normal-mode, "
    "deepep_mode = normal ; --dp 3 => ok }\n";

typedef struct built {
    fr_compiler *c;
    fr_ruleset  *rs;
    fr_rc        rc;
} built;

static built compile_text(const char *text, bool lint)
{
    built b;
    b.c = fr_compiler_new();
    assert_non_null(b.c);
    fr_compiler_set_lint(b.c, lint);
    assert_int_equal(fr_compiler_add_text(b.c, "t.rules", text, strlen(text)), FR_OK);
    b.rs = fr_compile(b.c, &b.rc);
    return b;
}

static void built_free(built *b)
{
    fr_ruleset_free(&b->rs);
    fr_compiler_free(&b->c);
    assert_null(b->rs);
    assert_null(b->c);
}

/* The message of diagnostic i. */
static const char *msg(const built *b, size_t i)
{
    const fr_diags *d = fr_compiler_diags(b->c);
    assert_true(i < fr_diags_count(d));
    return fr_diag_message(fr_diags_get(d, i));
}

static fr_loc loc(const built *b, size_t i)
{
    return fr_diag_loc(fr_diags_get(fr_compiler_diags(b->c), i));
}

/* Compiles text that must fail with exactly one error: its message and
 * line:col. */
static void one_error(const char *text, const char *message, uint32_t line, uint32_t col)
{
    built b = compile_text(text, false);
    if (b.rs || fr_diags_errors(fr_compiler_diags(b.c)) != 1) {
        const fr_diags *d = fr_compiler_diags(b.c);
        for (size_t i = 0; i < fr_diags_count(d); i++) {
            char *r = fr_diags_render(d, fr_diags_get(d, i), false);
            fprintf(stderr, "%s", r);
            free(r);
        }
    }
    assert_null(b.rs);
    assert_int_equal(b.rc, FR_ESYNTAX);
    assert_int_equal(fr_diags_errors(fr_compiler_diags(b.c)), 1);
    assert_string_equal(msg(&b, 0), message);
    assert_int_equal(loc(&b, 0).line, line);
    assert_int_equal(loc(&b, 0).col, col);
    built_free(&b);
}

/* ---- good input ----------------------------------------------------------- */

static void test_keys(void **state)
{
    (void)state;
    built b = compile_text(sglang, true);
    assert_non_null(b.rs);
    assert_int_equal(b.rc, FR_OK);
    assert_int_equal(fr_diags_count(fr_compiler_diags(b.c)), 0);
    fr_ruleset *rs = b.rs;
    assert_int_equal(fr_ruleset_nkeys(rs), 7);
    assert_string_equal(fr_key_name(rs, 0), "moe_a2a_backend");
    assert_int_equal(fr_key_type(rs, 0), FR_ENUM);
    assert_string_equal(fr_key_cli(rs, 0), "--moe-a2a-backend");
    assert_string_equal(fr_key_help(rs, 0), "Choose the backend for MoE all-to-all communication.");
    assert_string_equal(fr_key_cli(rs, 2), "--dp-size");
    assert_int_equal(fr_key_type(rs, 2), FR_INT);
    assert_false(fr_key_nullable(rs, 2));
    assert_true(fr_key_nullable(rs, 4));
    assert_int_equal(fr_key_kind(rs, 5), FR_ENV);
    assert_null(fr_key_cli(rs, 5));
    assert_int_equal(fr_key_kind(rs, 6), FR_FACT);
    assert_int_equal(fr_key_type(rs, 6), FR_STRING);
    assert_null(fr_key_help(rs, 1));
    assert_int_equal(fr_ruleset_find_key(rs, "deepep_mode"), 1);
    assert_int_equal(fr_ruleset_find_key(rs, "mode"), 1);       /* alias */
    assert_int_equal(fr_ruleset_find_key(rs, "a2a"), 0);
    assert_int_equal(fr_ruleset_find_key(rs, "nope"), -1);
    /* spellings: the cli list replaces the default; env/fact by name */
    assert_int_equal(fr_ir_find_cli(rs, "--dp", 4), 2);
    assert_int_equal(fr_ir_find_cli(rs, "--dp-size", 9), 2);
    assert_int_equal(fr_ir_find_cli(rs, "--deepep-mode", 13), 1);
    assert_int_equal(fr_ir_find_cli(rs, "SGLANG_MAX_TOKENS", 17), 5);
    assert_int_equal(fr_ir_find_cli(rs, "model_architecture", 18), 6);
    assert_int_equal(fr_ir_find_cli(rs, "--dp_size", 9), -1);
    for (uint32_t i = 1; i < rs->nclinames; i++)
        assert_true(strcmp(rs->clinames[i - 1].spelling, rs->clinames[i].spelling) < 0);
    /* enums and defaults */
    const fr_key *mode = &rs->keys[1];
    assert_int_equal(mode->type.kind, FR_T_ENUM);
    assert_int_equal(fr_ir_find_enum_value(&rs->enums[mode->type.enum_id], "normal", 6), 1);
    assert_int_equal(mode->def.i, 0);
    assert_true(rs->keys[4].def.is_null);
    assert_int_equal(rs->keys[5].def.i, 4096);
    built_free(&b);
}

static void test_rules(void **state)
{
    (void)state;
    built b = compile_text(sglang, false);
    fr_ruleset *rs = b.rs;
    assert_non_null(rs);
    assert_int_equal(fr_ruleset_nrules(rs), 5);
    assert_string_equal(fr_rule_name(rs, 0), "pplx-normal-mode");
    assert_int_equal(fr_ruleset_find_rule(rs, "pplx-needs-dp-attention"), 2);
    assert_int_equal(fr_ruleset_find_rule(rs, "no-such-rule"), -1);
    assert_true(strncmp(fr_rule_name(rs, 1), "t-", 2) == 0);   /* unnamed: <stem>-<hash> */
    assert_int_equal(strlen(fr_rule_name(rs, 1)), 10);
    fr_loc l = fr_rule_loc(rs, 1);
    assert_string_equal(l.file, "t.rules");
    assert_int_equal(l.line, 13);
    assert_int_equal(l.col, 1);
    assert_int_equal(fr_rule_loc(rs, 0).line, 11);

    const fr_rule *r0 = &rs->rules[0];
    assert_int_equal(r0->kind, FR_RULE_ERROR);
    assert_true(r0->named);
    const fr_node *c = &rs->nodes[r0->cond];
    assert_int_equal(c->op, FR_OP_AND);
    assert_int_equal(fr_node_type(c).kind, FR_T_BOOL);
    const fr_node *eq = &rs->nodes[c->a];
    assert_int_equal(eq->op, FR_OP_EQ);
    assert_int_equal(rs->nodes[eq->a].op, FR_OP_KEY);
    assert_int_equal(rs->nodes[eq->a].a, 0);
    assert_int_equal(rs->nodes[eq->b].op, FR_OP_CONST);
    assert_int_equal(rs->consts[rs->nodes[eq->b].a].i, 3);   /* pplx */
    /* (a 20-byte node: a leaf's enum type keeps its id in b; its text is
     * in its rule's file) */
    assert_int_equal(sizeof(fr_node), 20);
    {
        size_t n = 0;
        const char *t = fr_span_text(rs, fr_node_span(rs, 0, c->a), &n);
        assert_non_null(t);
        assert_int_equal(n, strlen("a2a=pplx"));
        assert_memory_equal(t, "a2a=pplx", n);
        t = fr_span_text(rs, fr_node_span(rs, 0, r0->cond), &n);
        assert_non_null(t);
        assert_memory_equal(t, "a2a=pplx & mode=normal", n);
        assert_int_equal(fr_node_span(rs, 0, eq->b).file, r0->loc.file);
        assert_int_equal(rs->rules[2].kind, FR_RULE_REQUIRE);
        assert_int_equal(fr_node_span(rs, 2, rs->rules[2].req).file, rs->rules[2].loc.file);
        t = fr_span_text(rs, fr_node_span(rs, 2, rs->rules[2].req), &n);
        assert_non_null(t);
        assert_memory_equal(t, "enable_dp_attention & dp_size >= 2", n);
        assert_int_equal(n, strlen("enable_dp_attention & dp_size >= 2"));
    }
    fr_type kt = fr_node_type(&rs->nodes[eq->a]), ct = fr_node_type(&rs->nodes[eq->b]);
    assert_int_equal(kt.kind, rs->keys[0].type.kind);
    assert_int_equal(kt.kind, FR_T_ENUM);
    assert_int_equal(kt.enum_id, rs->keys[0].type.enum_id);
    assert_int_equal(ct.kind, FR_T_ENUM);
    assert_int_equal(ct.enum_id, rs->keys[0].type.enum_id);
    assert_int_equal(fr_node_type(eq).kind, FR_T_BOOL);
    assert_int_equal(fr_node_type(eq).enum_id, 0);
    assert_int_equal(r0->nreads, 2);
    assert_int_equal(r0->reads[0], 0);
    assert_int_equal(r0->reads[1], 1);

    /* the declare rule reads its own key at the input value */
    const fr_rule *r1 = &rs->rules[1];
    assert_int_equal(r1->kind, FR_RULE_DECLARE);
    assert_int_equal(r1->nitems, 1);
    assert_int_equal(r1->items[0].key, 1);
    const fr_node *v = &rs->nodes[r1->items[0].value];
    assert_int_equal(v->op, FR_OP_CONST);
    assert_int_equal(rs->consts[v->a].i, 2);   /* low_latency */
    assert_int_equal(fr_node_type(v).kind, FR_T_ENUM);
    assert_int_equal(fr_node_type(v).enum_id, rs->keys[1].type.enum_id);
    const fr_node *c1 = &rs->nodes[r1->cond];
    assert_int_equal(rs->nodes[rs->nodes[c1->b].a].op, FR_OP_INPUT);
    assert_int_equal(r1->nattached, 1);
    assert_int_equal(r1->attached[0].severity, FR_SEV_WARNING);
    const fr_template *t = &r1->attached[0].msg;
    assert_int_equal(t->nsegs, 3);
    assert_int_equal(t->segs[1].kind, FR_SEG_INPUT);   /* {mode} inside its own declare */
    assert_int_equal(t->segs[1].key, 1);

    /* require */
    const fr_rule *r2 = &rs->rules[2];
    assert_int_equal(r2->kind, FR_RULE_REQUIRE);
    assert_int_equal(rs->nodes[r2->req].op, FR_OP_AND);
    assert_int_equal(r2->msg.nsegs, 3);
    assert_int_equal(r2->msg.segs[1].kind, FR_SEG_KEY);
    assert_int_equal(r2->msg.segs[1].repr, 1);
    assert_int_equal(r2->nreads, 3);

    /* regexes are compiled once; null compares; the doc block */
    const fr_rule *r3 = &rs->rules[3];
    assert_int_equal(rs->nregexes, 1);
    assert_non_null(rs->regexes[0].code);
    assert_string_equal(rs->regexes[0].pattern, "^Deep");
    assert_non_null(r3->doc);
    assert_string_equal(r3->doc->summary, "s");
    assert_int_equal(r3->doc->nsolutions, 2);
    assert_string_equal(r3->doc->solutions[1], "b");
    assert_int_equal(r3->doc->nsee, 1);
    assert_int_equal(r3->doc->see[0], 0);
    const fr_node *isnull = &rs->nodes[rs->nodes[r3->cond].b];
    assert_int_equal(rs->nodes[isnull->b].op, FR_OP_CONST);
    assert_true(rs->consts[rs->nodes[isnull->b].a].is_null);
    /* fr_node_set_type on a leaf and on an inner node */
    fr_node leaf = { FR_OP_CONST, 0, 0, 7, 0, 0, 0 }, inner = { FR_OP_AND, 0, 0, 1, 2, 0, 0 };
    fr_type et = { FR_T_ENUM, 1, 5 }, bt = { FR_T_BOOL, 0, 0 };
    fr_node_set_type(&leaf, et);
    assert_int_equal(fr_node_type(&leaf).kind, FR_T_ENUM);
    assert_int_equal(fr_node_type(&leaf).nullable, 1);
    assert_int_equal(fr_node_type(&leaf).enum_id, 5);
    assert_int_equal(leaf.a, 7);
    fr_node_set_type(&leaf, bt);
    assert_int_equal(fr_node_type(&leaf).enum_id, 0);
    assert_int_equal(leaf.b, 0);
    fr_node_set_type(&inner, bt);
    assert_int_equal(inner.a, 1);
    assert_int_equal(inner.b, 2);
    assert_int_equal(fr_node_type(&inner).kind, FR_T_BOOL);

    /* templates: braces unescaped, given(), repr */
    const fr_template *t4 = &rs->rules[4].msg;
    assert_int_equal(t4->nsegs, 4);
    assert_int_equal(t4->segs[0].len, 1);
    assert_memory_equal(t4->segs[0].text, "{", 1);
    assert_memory_equal(t4->segs[1].text, "literal}", 8);
    assert_int_equal(t4->segs[3].kind, FR_SEG_INPUT);
    assert_int_equal(t4->segs[3].repr, 1);
    assert_string_equal(t4->source, "{{literal}} {given(dp_size)!r}");
    built_free(&b);
}

static void test_plan_and_tests(void **state)
{
    (void)state;
    built b = compile_text(sglang, false);
    fr_ruleset *rs = b.rs;
    assert_int_equal(rs->ngroups, 1);
    assert_int_equal(rs->nplan_rules, 1);
    assert_int_equal(rs->plan_rules[0], 1);
    assert_false(rs->groups[0].cyclic);
    assert_int_equal(rs->ncheck_rules, 4);
    assert_int_equal(rs->check_rules[0], 0);
    assert_int_equal(rs->check_rules[1], 2);
    assert_int_equal(rs->keys[1].ndeclarers, 1);
    assert_int_equal(rs->keys[1].declarers[0], 1);
    assert_int_equal(rs->keys[0].nreaders, 3);
    assert_true(rs->max_depth >= 3);

    assert_int_equal(rs->ntests, 1);
    const fr_test *t = &rs->tests[0];
    assert_string_equal(t->name, "pplx");
    assert_int_equal(t->ncases, 2);
    assert_string_equal(t->cases[0].config, "--moe-a2a-backend pplx --deepep-mode normal");
    assert_int_equal(t->cases[0].nexpects, 2);
    assert_int_equal(t->cases[0].expects[0].kind, FR_EXP_MSG);
    assert_int_equal(t->cases[0].expects[0].severity, FR_SEV_ERROR);
    assert_int_equal(t->cases[0].expects[0].rule, 0);
    assert_int_equal(t->cases[0].expects[1].kind, FR_EXP_VALUE);
    assert_int_equal(t->cases[0].expects[1].key, 1);
    assert_int_equal(t->cases[0].expects[1].value.i, 1);
    assert_int_equal(t->cases[1].expects[0].kind, FR_EXP_OK);
    built_free(&b);
}

/* fr_compiler_set_skip_tests: well-formed test and doc blocks are scanned
 * over, not compiled; a block the scanner cannot vouch for is parsed. */
static built compile_skip(const char *text)
{
    built b;
    b.c = fr_compiler_new();
    assert_non_null(b.c);
    fr_compiler_set_skip_tests(b.c, true);
    assert_int_equal(fr_compiler_add_text(b.c, "t.rules", text, strlen(text)), FR_OK);
    b.rs = fr_compile(b.c, &b.rc);
    return b;
}

static void test_skip_blocks(void **state)
{
    (void)state;
    built full = compile_text(sglang, false);
    built b = compile_skip(sglang);
    assert_non_null(b.rs);
    assert_int_equal(b.rs->ntests, 0);
    assert_int_equal(b.rs->nrules, full.rs->nrules);
    for (uint32_t r = 0; r < b.rs->nrules; r++) {
        assert_string_equal(b.rs->rules[r].name, full.rs->rules[r].name);
        assert_null(b.rs->rules[r].doc);
        assert_int_equal(b.rs->rules[r].loc.start, full.rs->rules[r].loc.start);
        assert_int_equal(b.rs->rules[r].loc.end, full.rs->rules[r].loc.end);
    }
    assert_non_null(full.rs->rules[3].doc);
    built_free(&b);
    built_free(&full);

    const char *flags = "flag a : bool = false;\nflag s : string = \"\";\n";
    char text[1024];
    /* quotes, comments, '}' inside words and strings, '=>' inside a word;
     * the names a skipped block uses are not checked */
    snprintf(text, sizeof text, "%s"
             "rule r: a -> error \"x\" doc { summary \"a } b\"; # }\n see nowhere; }\n"
             "test \"t\" { --x '}' \"}\\\"\" a\\} b}c --y=>z # }\n => error nope, s = \"}\"; ;\n"
             "  --z => ok }\n"
             "rule q: !a -> warn \"y\";\n", flags);
    b = compile_skip(text);
    assert_non_null(b.rs);
    assert_int_equal(b.rs->nrules, 2);
    assert_int_equal(b.rs->ntests, 0);
    built_free(&b);

    /* errors that end or break a block are still reported */
    snprintf(text, sizeof text, "%s"
             "test \"t\" { --x 1 => ok\n"
             "rule r: a -> error \"x\";\n", flags);
    b = compile_skip(text);
    assert_null(b.rs);
    assert_string_equal(msg(&b, 0), "missing '}' at the end of the test block");
    built_free(&b);
    snprintf(text, sizeof text, "%s"
             "rule r: a -> error \"x\" doc { sumary \"s\"; }\n", flags);
    b = compile_skip(text);
    assert_null(b.rs);
    assert_string_equal(msg(&b, 0), "unknown doc field 'sumary'; did you mean 'summary'?");
    built_free(&b);
    snprintf(text, sizeof text, "%s"
             "rule r: a -> error \"x\" doc { summary \"s\" means \"m\"; }\n", flags);
    b = compile_skip(text);
    assert_null(b.rs);
    built_free(&b);
    snprintf(text, sizeof text, "%s"
             "test \"t\" { --x \"1 => ok }\n", flags);
    b = compile_skip(text);
    assert_null(b.rs);
    built_free(&b);
}

static void test_sets(void **state)
{
    (void)state;
    built b = compile_text("flag m : enum { a, b, c } = a;\nflag n : int = 0;\nflag s : string = \"\";\n"
                           "rule r1: m in { c, a, c } -> warn \"x\";\n"
                           "rule r2: n not in { 3, -1, 3, 2 } -> warn \"x\";\n"
                           "rule r3: s in { \"b\", \"a\", \"ab\" } -> warn \"x\";\n",
                           false);
    fr_ruleset *rs = b.rs;
    assert_non_null(rs);
    assert_int_equal(rs->nsets, 3);
    assert_int_equal(rs->sets[0].n, 2);
    assert_true(rs->sets[0].bits[0] == 5);
    assert_int_equal(rs->nodes[rs->rules[1].cond].op, FR_OP_NOTIN);
    assert_int_equal(rs->sets[1].n, 3);
    assert_true(rs->sets[1].vals[0].i == -1 && rs->sets[1].vals[1].i == 2 && rs->sets[1].vals[2].i == 3);
    assert_int_equal(rs->sets[2].n, 3);
    assert_memory_equal(rs->sets[2].vals[0].s, "a", 1);
    assert_int_equal(rs->sets[2].vals[1].i, 2);   /* "ab" */
    assert_memory_equal(rs->sets[2].vals[2].s, "b", 1);
    built_free(&b);
}

static void test_sparse_enum_sets(void **state)
{
    (void)state;
    /* a few members of a big enum are kept as sorted indices, not as a bit
     * set of the whole enum (c_set); a dense set or a small enum as bits */
    char text[8192];
    size_t at = (size_t)snprintf(text, sizeof text, "flag e : enum {");
    for (int i = 0; i < 1000; i++)
        at += (size_t)snprintf(text + at, sizeof text - at, "%s v%d", i ? "," : "", i);
    snprintf(text + at, sizeof text - at,
             " } ? = v0;\nflag s : enum { a, b, c } = a;\n"
             "rule r1: e in { v900, v3, null, v3 } -> error \"m\";\n"
             "rule r2: e not in { v0 } -> error \"m\";\n"
             "rule r3: s in { b } -> error \"m\";\n");
    built b = compile_text(text, false);
    fr_ruleset *rs = b.rs;
    assert_non_null(rs);
    assert_int_equal(rs->nsets, 3);
    const fr_set *sp = &rs->sets[0];
    assert_null(sp->bits);
    assert_int_equal(sp->n, 2);
    assert_true(sp->has_null);
    assert_true(sp->vals[0].i == 3 && sp->vals[1].i == 900);
    for (int64_t i = 0; i < 1000; i++) {
        fr_val v = { i, NULL, 0 };
        assert_int_equal(fr_set_contains(sp, v), i == 3 || i == 900);
        assert_int_equal(fr_set_contains(&rs->sets[1], v), i == 0);
    }
    fr_val nul = { 0, NULL, 1 };
    assert_true(fr_set_contains(sp, nul));
    assert_false(fr_set_contains(&rs->sets[1], nul));
    assert_null(rs->sets[1].bits);
    assert_non_null(rs->sets[2].bits);   /* a small enum */
    built_free(&b);
}

static void test_unnamed_ids(void **state)
{
    (void)state;
    /* the same text with other whitespace gets the same id; collisions
     * get -2, -3 */
    built a = compile_text("flag x : int = 0;\nx > 1 -> warn \"m\";\n", false);
    built b = compile_text("flag x : int = 0;\n\n  x   >\t1\n ->  warn \"m\" ;\n", false);
    assert_non_null(a.rs);
    assert_non_null(b.rs);
    assert_string_equal(fr_rule_name(a.rs, 0), fr_rule_name(b.rs, 0));
    built c = compile_text("flag x : int = 0;\nx > 1 -> warn \"m\";\nx  >  1 -> warn \"m\";\n"
                           "x > 1 -> warn \"m\";\n",
                           false);
    assert_non_null(c.rs);
    char want[64];
    snprintf(want, sizeof want, "%s-2", fr_rule_name(c.rs, 0));
    assert_string_equal(fr_rule_name(c.rs, 1), want);
    snprintf(want, sizeof want, "%s-3", fr_rule_name(c.rs, 0));
    assert_string_equal(fr_rule_name(c.rs, 2), want);
    /* two ids interleaved, each numbered on its own (-2, -3, ... where the
     * last rule of that id stopped: p1_unnamed's TAG_DUPNEXT) */
    built d = compile_text("flag x : int = 0;\nx > 1 -> warn \"m\";\nx > 2 -> warn \"m\";\n"
                           "x > 1 -> warn \"m\";\nx > 2 -> warn \"m\";\nx > 1 -> warn \"m\";\n",
                           false);
    assert_non_null(d.rs);
    assert_string_equal(fr_rule_name(d.rs, 0), fr_rule_name(c.rs, 0));
    snprintf(want, sizeof want, "%s-2", fr_rule_name(d.rs, 0));
    assert_string_equal(fr_rule_name(d.rs, 2), want);
    snprintf(want, sizeof want, "%s-3", fr_rule_name(d.rs, 0));
    assert_string_equal(fr_rule_name(d.rs, 4), want);
    snprintf(want, sizeof want, "%s-2", fr_rule_name(d.rs, 1));
    assert_string_equal(fr_rule_name(d.rs, 3), want);
    built_free(&a);
    built_free(&b);
    built_free(&c);
    built_free(&d);
}

/* A file with CRLF line ends reads as the same file with LF ones: in a test
 * config a line break quoted or after a backslash is a LF, and a backslash
 * before a CRLF in a string is one error, as before a LF. */
static void test_crlf_like_lf(void **state)
{
    (void)state;
    static const char *const lf[] = {
        "flag x : string = \"\";\ntest \"t\" { --x \"a\nb\" => x = \"a\\nb\" }\n",
        "flag x : string = \"\";\ntest \"t\" { --x 'a\nb' => x = \"a\\nb\" }\n",
        "flag x : string = \"\";\ntest \"t\" {\n  --x \"a\\\nb\" => x = \"ab\"}\n",
        "flag x : string = \"\";\ntest \"t\" { --x a\\\nb => x = \"ab\" }\n",
    };
    for (size_t i = 0; i < sizeof lf / sizeof *lf; i++) {
        for (int crlf = 0; crlf < 2; crlf++) {
            char text[256];
            size_t n = 0;
            for (const char *p = lf[i]; *p; p++) {
                if (*p == '\n' && crlf)
                    text[n++] = '\r';
                text[n++] = *p;
            }
            text[n] = '\0';
            built b = compile_text(text, false);
            if (!b.rs)
                fail_msg("case %zu (%s): %s", i, crlf ? "CRLF" : "LF", msg(&b, 0));
            fr_test_report rep = { 0 };
            assert_int_equal(fr_run_tests(b.rs, &rep), FR_OK);
            if (rep.passed != 1 || rep.failed != 0)
                fail_msg("case %zu (%s): %s", i, crlf ? "CRLF" : "LF", rep.text ? rep.text : "");
            free(rep.text);
            built_free(&b);
        }
    }
    built a = compile_text("flag x : string = \"a\\\nb\";\n", false);
    built b = compile_text("flag x : string = \"a\\\r\nb\";\r\n", false);
    assert_null(a.rs);
    assert_null(b.rs);
    assert_int_equal(fr_diags_count(fr_compiler_diags(a.c)), 1);
    assert_int_equal(fr_diags_count(fr_compiler_diags(b.c)), 1);
    assert_string_equal(msg(&a, 0), msg(&b, 0));
    built_free(&a);
    built_free(&b);
}

/* An unnamed rule's id takes its stem from the file name as name
 * characters: a run of anything else (newline, tab, comma, ESC, a dot, a
 * blank, UTF-8) is one '_', so the id stays one word in every format. */
static void test_unnamed_id_stem(void **state)
{
    (void)state;
    static const struct { const char *path, *stem; } cases[] = {
        { "dir/10-a2a-moe.rules", "10-a2a-moe-" },
        { "a\nb\x1b[31m.rules", "a_b_31m-" },
        { "t\tx.rules", "t_x-" },
        { "t t,x.rules", "t_t_x-" },
        { "my rules.v2.rules", "my_rules_v2-" },
        { "r\xc3\xa8gles.rules", "r_gles-" },
        { "a_.b.rules", "a__b-" },
        { ".rules", "_rules-" },
    };
    const char *text = "flag x : int = 0;\nx > 1 -> warn \"m\";\n";
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        fr_compiler *c = fr_compiler_new();
        assert_non_null(c);
        assert_int_equal(fr_compiler_add_text(c, cases[i].path, text, strlen(text)), FR_OK);
        fr_rc rc;
        fr_ruleset *rs = fr_compile(c, &rc);
        assert_non_null(rs);
        const char *name = fr_rule_name(rs, 0);
        size_t n = strlen(cases[i].stem);
        if (strncmp(name, cases[i].stem, n) != 0 || strlen(name) != n + 8)
            fail_msg("%s: id %s, want %s<8 hex>", cases[i].path, name, cases[i].stem);
        fr_ruleset_free(&rs);
        fr_compiler_free(&c);
    }
}

static void test_later_file(void **state)
{
    (void)state;
    fr_compiler *c = fr_compiler_new();
    const char *a = "rule r: dp > 1 -> error \"{dp}\";\n";
    const char *f = "flag dp : int = 1;\n";
    assert_int_equal(fr_compiler_add_text(c, "a.rules", a, strlen(a)), FR_OK);
    assert_int_equal(fr_compiler_add_text(c, "b.rules", f, strlen(f)), FR_OK);
    fr_rc rc;
    fr_ruleset *rs = fr_compile(c, &rc);
    assert_non_null(rs);
    /* compiling twice is refused */
    assert_null(fr_compile(c, &rc));
    assert_int_equal(rc, FR_EINVAL);
    /* the ruleset outlives its compiler (the sources are shared) */
    fr_compiler_free(&c);
    fr_loc l = fr_rule_loc(rs, 0);
    assert_string_equal(l.file, "a.rules");
    assert_int_equal(l.line, 1);
    char *dump = fr_ruleset_dump(rs);
    assert_non_null(dump);
    assert_non_null(strstr(dump, "when dp > 1"));
    free(dump);
    fr_ruleset_free(&rs);
}

static void test_empty(void **state)
{
    (void)state;
    built b = compile_text("", false);
    assert_non_null(b.rs);
    assert_int_equal(fr_ruleset_nrules(b.rs), 0);
    assert_int_equal(fr_ruleset_nkeys(b.rs), 0);
    built_free(&b);
    built c = compile_text("# only a comment\n;;\n", false);
    assert_non_null(c.rs);
    built_free(&c);
}

static void test_io_errors(void **state)
{
    (void)state;
    fr_compiler *c = fr_compiler_new();
    assert_int_equal(fr_compiler_add_path(c, "/nonexistent/x.rules"), FR_EIO);
    fr_rc rc;
    assert_null(fr_compile(c, &rc));
    assert_int_equal(rc, FR_EIO);
    const fr_diags *d = fr_compiler_diags(c);
    assert_int_equal(fr_diags_errors(d), 1);
    assert_string_equal(fr_diag_message(fr_diags_get(d, 0)),
                        "/nonexistent/x.rules: cannot open: No such file or directory");
    assert_null(fr_diag_loc(fr_diags_get(d, 0)).file);
    fr_compiler_free(&c);
    assert_int_equal(fr_compiler_add_text(NULL, "x", "", 0), FR_EINVAL);
    fr_compiler_free(&c);   /* NULL is fine */
}

/* Rule files of 64 KiB or more are mapped rather than read (compile.c,
 * add_file) when their last page has room for the two NULs the lexers
 * need; else read.  Either way: the same diagnostics (messages, locations,
 * quoted source lines) as the same text given with fr_compiler_add_text,
 * the same rules, and the file left as it was (the flex scanner writes
 * into the text: a private mapping). */
static char *render_all(const fr_compiler *c)
{
    const fr_diags *d = fr_compiler_diags(c);
    size_t cap = 1, len = 0;
    char *out = calloc(1, cap);
    assert_non_null(out);
    for (size_t i = 0; i < fr_diags_count(d); i++) {
        char *r = fr_diags_render(d, fr_diags_get(d, i), false);
        assert_non_null(r);
        size_t n = strlen(r);
        out = realloc(out, cap = len + n + 1);
        assert_non_null(out);
        memcpy(out + len, r, n + 1);
        len += n;
        free(r);
    }
    return out;
}

static void test_mapped_files(void **state)
{
    (void)state;
    static const char bad[] = "rule last: dp_sise = 2 -> error \"x\";\n";
    static const size_t tails[] = { 0, 1, 2, 100, 4093, 4094, 4095 };
    for (size_t t = 0; t < sizeof tails / sizeof tails[0]; t++) {
        for (int good = 0; good < 2; good++) {
            size_t want = (size_t)(80 << 10) + tails[t];
            char *text = malloc(want + 1);
            assert_non_null(text);
            size_t len = strlen(sglang);
            memcpy(text, sglang, len);
            /* plain rules (the fast path), then a comment to the size */
            for (unsigned i = 0; len + 200 < want; i++)
                len += (size_t)sprintf(text + len, "rule m%u: dp_size = %u & a2a = pplx -> error \"m%u\";\n", i, i, i);
            const char *last = good ? "" : bad;
            size_t nl = strlen(last);
            memset(text + len, '#', want - len - nl);
            text[want - nl - 1] = '\n';
            memcpy(text + want - nl, last, nl);
            text[want] = '\0';
            len = want;
            char dir[] = "/tmp/fr-test-parser-XXXXXX", path[64];
            assert_non_null(mkdtemp(dir));
            snprintf(path, sizeof path, "%s/t.rules", dir);
            FILE *f = fopen(path, "wb");
            assert_non_null(f);
            assert_int_equal(fwrite(text, 1, len, f), len);
            assert_int_equal(fclose(f), 0);
            built b[2];
            for (int v = 0; v < 2; v++) {
                b[v].c = fr_compiler_new();
                assert_non_null(b[v].c);
                fr_compiler_set_skip_tests(b[v].c, true);
                if (v == 0)
                    assert_int_equal(fr_compiler_add_text(b[v].c, path, text, len), FR_OK);
                else
                    assert_int_equal(fr_compiler_add_path(b[v].c, path), FR_OK);
                b[v].rs = fr_compile(b[v].c, &b[v].rc);
            }
            assert_int_equal(b[0].rc, good ? FR_OK : FR_ESYNTAX);
            assert_int_equal(b[1].rc, b[0].rc);
            char *r0 = render_all(b[0].c), *r1 = render_all(b[1].c);
            assert_string_equal(r0, r1);
            if (!good)
                assert_non_null(strstr(r1, "rule last: dp_sise = 2"));
            free(r0);
            free(r1);
            if (good) {
                assert_int_equal(fr_ruleset_nrules(b[0].rs), fr_ruleset_nrules(b[1].rs));
                for (size_t i = 0; i < fr_ruleset_nrules(b[0].rs); i++)
                    assert_string_equal(fr_rule_name(b[0].rs, i), fr_rule_name(b[1].rs, i));
            }
            /* the ruleset outlives its compiler (and keeps the text) */
            fr_compiler_free(&b[1].c);
            built_free(&b[0]);
            fr_ruleset_free(&b[1].rs);
            f = fopen(path, "rb");
            assert_non_null(f);
            char *back = malloc(len + 1);
            assert_non_null(back);
            assert_int_equal(fread(back, 1, len + 1, f), len);
            fclose(f);
            assert_memory_equal(back, text, len);
            free(back);
            remove(path);
            rmdir(dir);
            free(text);
        }
    }
}

/* ---- bad input -------------------------------------------------------------- */

static void test_syntax_errors(void **state)
{
    (void)state;
    one_error("flag a : int = 1;\na = 1 error \"m\";\n", "missing '->' between the condition and the action",
              2, 7);
    one_error("flag a : int = 1;\na = 1 => error \"m\";\n", "expected '->' after the condition, not '=>'", 2, 7);
    one_error("flag a : int = 1;\nrule r: a = 1 -> error \"m\"\nrule s: a = 2 -> error \"n\";\n",
              "missing ';' after the rule", 2, 27);
    one_error("flag a : int = 1;\nrule r: a = 1 -> error \"m\"\n", "missing ';' after the rule", 2, 27);
    one_error("flag a : int = 1;\nrule r: a = 1 -> error;\n",
              "expected the message (a string) after 'error', not ';'", 2, 23);
    one_error("flag test : int = 1;\n", "expected a name, not keyword 'test'", 1, 6);
    one_error("flag a int = 1;\n", "expected ':' and a type after the key name, not name 'int'", 1, 8);
    one_error("flag a : int;\n", "expected '=' and a default value after the type, not ';'", 1, 13);
    one_error("flag a : int = 1;\na > 1 -> require a < 3 \"m\";\n",
              "expected 'else' and a message after the required condition, not a string", 2, 24);
    one_error("flag a : int = 1;\na = 1 -> error \"m\" \"n\" 3;\n", "expected 'doc' or ';', not an integer", 2, 24);
    one_error("flag a : int = 1;\na = 1 && a = 2 -> error \"m\";\n", "'&&' is not an operator here", 2, 7);
    one_error("flag a : int = 1;\na = 1 -> error \"m\\q\";\n", "unknown escape '\\q'", 2, 18);
    one_error("flag a : int = 1;\na = 1 -> error \"m;\n", "unterminated string", 2, 16);
    one_error("flag a : int = 1;\ntest \"t\" { --a 1 ; }\n", "expected '=>' after the test config, not ';'", 2, 18);
    one_error("flag a : int = 1;\na = = 1 -> error \"m\";\n", "expected an expression, not '='", 2, 5);
}

static void test_semantic_errors(void **state)
{
    (void)state;
    const char *decls = "flag dp_size : int = 1;\nflag mode : enum { auto, normal, low_latency } = auto;\n"
                        "flag b : bool = false;\nflag s : string = \"\";\nfact f : int = 0;\n";
    char text[1024];
#define SEM(rule, message, col)                                     \
    do {                                                            \
        snprintf(text, sizeof text, "%s%s\n", decls, rule);         \
        one_error(text, message, 6, col);                           \
    } while (0)
    SEM("world_size > 1 -> warn \"m\";", "unknown key 'world_size'", 1);
    SEM("dp_sise > 1 -> warn \"m\";", "unknown key 'dp_sise'; did you mean 'dp_size'?", 1);
    SEM("mode = nromal -> warn \"m\";",
        "unknown value 'nromal' for mode; did you mean 'normal'? choices: auto, normal, low_latency", 8);
    SEM("dp_size = normal -> warn \"m\";", "type mismatch: 'dp_size' is an int but 'normal' is an enum {auto, normal, low_latency}", 11);
    SEM("b > 3 -> warn \"m\";", "'>' needs ints, but 'b' is a bool", 1);
    SEM("s = 3 -> warn \"m\";", "type mismatch: 's' is a string but '3' is an int", 1);
    SEM("s in { \"a\", 1 } -> warn \"m\";", "'1' is an int, not a string (the type of 's')", 13);
    SEM("dp_size ~ /x/ -> warn \"m\";", "'~' needs a string, but 'dp_size' is an int", 1);
    SEM("b + 1 > 0 -> warn \"m\";", "'+' needs ints, but 'b' is a bool", 1);
    SEM("dp_size -> warn \"m\";", "the condition 'dp_size' is an int, not a condition (bool)", 1);
    SEM("dp_size = null -> warn \"m\";", "'dp_size' is never null: its type is not nullable", 11);
    SEM("b -> declare f = 1;", "cannot declare 'f': it is a fact (given by the caller)", 14);
    SEM("b -> declare dp_size = true;", "cannot declare 'dp_size' (an int) to 'true', which is a bool", 24);
    SEM("b -> declare normal;", "'normal' is not a value of any key in the condition", 14);
    SEM("s ~ /a(/ -> warn \"m\";", "bad regular expression: missing closing parenthesis", 8);
    SEM("b -> warn \"{dp_sise}\";", "unknown key 'dp_sise' in the message; did you mean 'dp_size'?", 13);
    SEM("b -> warn \"}\";", "single '}' in the message", 12);
    SEM("dp-size > 1 -> warn \"m\";", "'dp-size' is not a key (names of keys have no '-'); did you mean 'dp_size'?", 1);
    SEM("world-size > 1 -> warn \"m\";", "'world-size' is not a key (names of keys have no '-')", 1);
    SEM("b -> error \"m\" doc { sumary \"x\"; };", "unknown doc field 'sumary'; did you mean 'summary'?", 22);
    SEM("b -> error \"m\" doc { see nope; };", "unknown rule 'nope' in 'see'", 26);
    SEM("b -> warn \"m\" doc { summary \"x\"; };",
        "a doc block belongs to an error or require rule, not to a warn rule", 15);
    SEM("b -> error \"m\" doc { summary \" \"; };", "an empty 'summary' in the doc block", 30);
    SEM("test \"t\" { --b => mode = nromal }",
        "unknown value 'nromal' for mode; did you mean 'normal'? choices: auto, normal, low_latency", 26);
#undef SEM
    one_error("flag a : int = \"x\";\n", "\"x\" is a string, not an int (the type of 'a')", 1, 16);
    one_error("flag a : int = null;\n", "'a' cannot be null: its type is not nullable", 1, 16);
    one_error("flag a : int = 1;\nflag a : int = 2;\n", "duplicate key 'a'", 2, 6);
    one_error("flag a : enum { x, y, x } = x;\n", "duplicate value 'x' in the enum", 1, 23);
    one_error("flag a : int = 1;\nrule r: a > 1 -> warn \"m\";\nrule r: a > 2 -> warn \"m\";\n",
              "duplicate rule name 'r'", 3, 6);
    one_error("flag a : integer = 1;\n", "unknown type 'integer'; did you mean 'int'?", 1, 10);
}

static void test_notes_and_hints(void **state)
{
    (void)state;
    built b = compile_text("flag a : int = 1;\nflag a : int = 2;\n", false);
    const fr_diag *g = fr_diags_get(fr_compiler_diags(b.c), 0);
    assert_int_equal(fr_diag_nnotes(g), 1);
    const fr_diag *n = fr_diag_note(g, 0);
    assert_int_equal(fr_diag_severity(n), FR_SEV_NOTE);
    assert_int_equal(fr_diag_loc(n).line, 1);
    assert_null(fr_diag_note(g, 1));
    char *r = fr_diags_render(fr_compiler_diags(b.c), g, false);
    assert_string_equal(r, "t.rules:2:6: error: duplicate key 'a'\n"
                           "flag a : int = 2;\n"
                           "     ^\n"
                           "t.rules:1:6: note: 'a' is first declared here (as a key)\n"
                           "flag a : int = 1;\n"
                           "     ^\n");
    free(r);
    r = fr_diags_render(fr_compiler_diags(b.c), g, true);
    assert_non_null(strstr(r, "\033["));
    free(r);
    built_free(&b);

    b = compile_text("flag a : int = 1;\na = 1 && a = 2 -> error \"m\";\n", false);
    r = fr_diags_render(fr_compiler_diags(b.c), fr_diags_get(fr_compiler_diags(b.c), 0), false);
    assert_string_equal(r, "t.rules:2:7: error: '&&' is not an operator here\n"
                           "a = 1 && a = 2 -> error \"m\";\n"
                           "      ^~\n"
                           "hint: write '&' for 'and'\n");
    free(r);
    built_free(&b);
}

static void test_render_safety(void **state)
{
    (void)state;
    /* a tab before the span is kept in the caret line; control bytes and
     * invalid UTF-8 become '?', and a UTF-8 character counts one column */
    built b = compile_text("flag a : int = 1;\n\t\x01\xff\xc3\xa9 ; x > 1 -> warn \"m\";\n", false);
    const fr_diags *d = fr_compiler_diags(b.c);
    assert_true(fr_diags_count(d) >= 1);
    char *r = fr_diags_render(d, fr_diags_get(d, fr_diags_count(d) - 1), false);
    assert_non_null(strstr(r, "\t??\xc3\xa9 ; x > 1"));
    assert_non_null(strstr(r, "\n\t      ^\n"));
    free(r);
    built_free(&b);
}

static void test_several_errors_and_cap(void **state)
{
    (void)state;
    built b = compile_text("flag a : int = 1;\n"
                           "a = 1 error \"m\";\n"
                           "b > 1 -> warn \"m\";\n"
                           "a = 1 && a = 2 -> error \"m\";\n"
                           "a = \"x\" -> info \"m\";\n",
                           false);
    const fr_diags *d = fr_compiler_diags(b.c);
    assert_int_equal(fr_diags_errors(d), 4);
    /* in file order */
    for (size_t i = 0; i < 4; i++)
        assert_int_equal(fr_diag_loc(fr_diags_get(d, i)).line, i + 2);
    built_free(&b);

    fr_compiler *c = fr_compiler_new();
    fr_compiler_set_max_errors(c, 3);
    const char *text = "x1 > 1 -> warn \"m\";\nx2 > 1 -> warn \"m\";\nx3 > 1 -> warn \"m\";\n"
                       "x4 > 1 -> warn \"m\";\nx5 > 1 -> warn \"m\";\n";
    fr_compiler_add_text(c, "t.rules", text, strlen(text));
    fr_rc rc;
    assert_null(fr_compile(c, &rc));
    d = fr_compiler_diags(c);
    assert_int_equal(fr_diags_errors(d), 3);
    assert_int_equal(fr_diags_count(d), 4);
    assert_string_equal(fr_diag_message(fr_diags_get(d, 3)), "too many errors, stopping");
    assert_int_equal(fr_diag_severity(fr_diags_get(d, 3)), FR_SEV_NOTE);
    fr_compiler_free(&c);
}

static void test_cycle_warning(void **state)
{
    (void)state;
    const char *text = "flag a : int = 0;\nflag b : int = 0;\nflag c : int = 0;\n"
                       "rule ra: b > 0 -> declare a = b + 1;\n"
                       "rule rb: a > 0 -> declare b = a - 1;\n"
                       "rule rc: a > 5 -> declare c = 1;\n";
    built b = compile_text(text, true);
    assert_non_null(b.rs);
    const fr_diags *d = fr_compiler_diags(b.c);
    assert_int_equal(fr_diags_count(d), 1);
    assert_int_equal(fr_diag_severity(fr_diags_get(d, 0)), FR_SEV_WARNING);
    assert_string_equal(msg(&b, 0), "key dependency cycle: a -> rule ra (t.rules:4) -> b -> rule rb (t.rules:5) -> a");
    assert_int_equal(fr_diag_nnotes(fr_diags_get(d, 0)), 2);
    fr_ruleset *rs = b.rs;
    assert_int_equal(rs->ngroups, 2);
    assert_true(rs->groups[0].cyclic);
    assert_int_equal(rs->groups[0].n, 2);
    assert_int_equal(rs->plan_rules[0], 0);
    assert_int_equal(rs->plan_rules[1], 1);
    assert_false(rs->groups[1].cyclic);   /* rc reads a: after the cycle */
    assert_int_equal(rs->plan_rules[2], 2);
    built_free(&b);
    /* without lint: no warning */
    b = compile_text(text, false);
    assert_non_null(b.rs);
    assert_int_equal(fr_diags_count(fr_compiler_diags(b.c)), 0);
    built_free(&b);
}

/* A long chain of declare rules: the plan is in dependency order and the
 * iterative Tarjan does not recurse. */
static void test_long_chain(void **state)
{
    (void)state;
    const int n = 100000;
    size_t cap = (size_t)n * 64, len = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    for (int i = 0; i <= n; i++)
        len += (size_t)snprintf(text + len, cap - len, "flag k%d : int = 0;\n", i);
    /* written backwards: k(i+1) from k(i) */
    for (int i = n - 1; i >= 0; i--)
        len += (size_t)snprintf(text + len, cap - len, "k%d > 0 -> declare k%d = k%d;\n", i, i + 1, i);
    built b = compile_text(text, true);
    free(text);
    assert_non_null(b.rs);
    fr_ruleset *rs = b.rs;
    assert_int_equal(rs->ngroups, (uint32_t)n);
    /* rule n-1-i declares k(i+1); the first group must declare k1 */
    for (uint32_t g = 0; g < rs->ngroups; g++) {
        const fr_rule *r = &rs->rules[rs->plan_rules[rs->groups[g].first]];
        assert_int_equal(r->items[0].key, g + 1);
    }
    built_free(&b);
}

static void test_nesting_limits(void **state)
{
    (void)state;
    size_t n = 100000;
    char *text = malloc(2 * n + 100);
    assert_non_null(text);
    strcpy(text, "flag a : int = 1;\n");
    size_t len = strlen(text);
    memset(text + len, '(', n);
    strcpy(text + len + n, "a = 1 -> error \"m\";\n");
    built b = compile_text(text, false);
    assert_null(b.rs);
    assert_int_equal(fr_diags_errors(fr_compiler_diags(b.c)), 1);
    assert_string_equal(msg(&b, 0), "expression nested too deeply (more than 256 levels)");
    built_free(&b);

    memset(text + len, '!', n);
    strcpy(text + len + n, "(a = 1) -> error \"m\";\nrule ok: a = 2 -> error \"m\";\n");
    b = compile_text(text, false);
    assert_null(b.rs);
    assert_int_equal(fr_diags_errors(fr_compiler_diags(b.c)), 1);
    built_free(&b);

    free(text);

    /* a flat chain of '&' or '|' of any length compiles (ast_binary keeps
     * it balanced past 32 levels), and means what it says */
    for (int op = 0; op < 2; op++) {
        size_t nt = 50000;
        char *t = malloc(nt * 16 + 100);
        assert_non_null(t);
        size_t at = (size_t)sprintf(t, "flag a : int = 1;\nrule r: ");
        for (size_t i = 0; i < nt; i++)
            at += (size_t)sprintf(t + at, op ? "a = %zu | " : "a != %zu & ", i + 2);
        sprintf(t + at, op ? "a = -5 -> error \"m\";\n" : "a > 0 -> error \"m\";\n");
        b = compile_text(t, false);
        assert_non_null(b.rs);
        assert_int_equal(fr_diags_errors(fr_compiler_diags(b.c)), 0);
        fr_eval *ev = fr_eval_new(b.rs);
        assert_non_null(ev);
        /* &: a > 0 and a not in 2..50001; |: a in 2..50001 or a = -5 */
        const char *lines[] = { "--a 1", "--a 2", "--a 25001", "--a 50001", "--a 50002", "--a -5" };
        const int fires[2][6] = { { 1, 0, 0, 0, 1, 0 }, { 0, 1, 1, 1, 0, 1 } };
        for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
            const fr_result *res = fr_eval_line(ev, lines[i], strlen(lines[i]));
            assert_non_null(res);
            assert_int_equal(fr_result_status(res) == FR_STATUS_ERROR, fires[op][i]);
        }
        fr_eval_free(&ev);
        built_free(&b);
        free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_keys),
        cmocka_unit_test(test_rules),
        cmocka_unit_test(test_plan_and_tests),
        cmocka_unit_test(test_sets),
        cmocka_unit_test(test_unnamed_ids),
        cmocka_unit_test(test_unnamed_id_stem),
        cmocka_unit_test(test_crlf_like_lf),
        cmocka_unit_test(test_sparse_enum_sets),
        cmocka_unit_test(test_later_file),
        cmocka_unit_test(test_empty),
        cmocka_unit_test(test_skip_blocks),
        cmocka_unit_test(test_io_errors),
        cmocka_unit_test(test_mapped_files),
        cmocka_unit_test(test_syntax_errors),
        cmocka_unit_test(test_semantic_errors),
        cmocka_unit_test(test_notes_and_hints),
        cmocka_unit_test(test_render_safety),
        cmocka_unit_test(test_several_errors_and_cap),
        cmocka_unit_test(test_cycle_warning),
        cmocka_unit_test(test_long_chain),
        cmocka_unit_test(test_nesting_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
