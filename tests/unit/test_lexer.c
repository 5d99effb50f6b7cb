/* test_lexer.c — the token stream of grammar/lexer.l: keywords, names
 * (hyphenated too), numbers, strings and escapes, regex literals after '~',
 * the config text of test blocks, locations, lexical errors; and interning
 * (equal names are one pointer). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ast.h"
#include "diag.h"
#include "parser.h"

/* A lexer over one text, with everything it needs. */
typedef struct lx {
    fr_sources  *src;
    fr_diags    *diags;
    fr_errsink   sink;
    fr_arena    *arena, *strings;
    fr_interner *names;
    ast_file     file;
    fr_parse_ctx ctx;
} lx;

static lx *lx_new(const char *text)
{
    lx *l = calloc(1, sizeof *l);
    assert_non_null(l);
    l->src = fr_sources_new();
    l->diags = fr_diags_new(l->src);
    l->arena = fr_arena_new();
    l->strings = fr_arena_new();
    l->names = fr_interner_new(l->strings);
    assert_non_null(l->names);
    int32_t id = fr_sources_add(l->src, "t.rules", text, strlen(text));
    assert_true(id >= 0);
    l->sink.diags = l->diags;
    l->sink.max_errors = 20;
    l->ctx.arena = l->arena;
    l->ctx.strings = l->strings;
    l->ctx.names = l->names;
    l->ctx.sink = &l->sink;
    l->ctx.file = (uint32_t)id;
    size_t len;
    l->ctx.text = (char *)fr_sources_text(l->src, (uint32_t)id, &len);
    l->ctx.len = len;
    l->ctx.out = &l->file;
    assert_int_equal(fr_lex_begin(&l->ctx), 0);
    return l;
}

static void lx_free(lx *l)
{
    fr_lex_end(&l->ctx);
    fr_interner_free(&l->names);
    fr_arena_free(&l->arena);
    fr_arena_free(&l->strings);
    fr_diags_free(&l->diags);
    fr_sources_free(&l->src);
    free(l);
}

typedef struct tok {
    int     t;
    YYSTYPE v;
    YYLTYPE loc;
} tok;

static int next(lx *l, tok *out)
{
    int t;
    while ((t = frl_lex(&out->v, &out->loc, l->ctx.scanner)) == FR_TOK_SKIP)
        ;
    out->t = t;
    l->ctx.prev_tok = t;
    return t;
}

/* The kinds of all tokens of `text`, 0-terminated, into k[]. */
static int kinds(const char *text, int *k, int max)
{
    lx *l = lx_new(text);
    tok t;
    int n = 0;
    while (n < max - 1 && next(l, &t) != 0)
        k[n++] = t.t;
    k[n] = 0;
    lx_free(l);
    return n;
}

#define ASSERT_KINDS(text, ...)                                              \
    do {                                                                     \
        int want_[] = { __VA_ARGS__, 0 };                                    \
        int got_[64];                                                        \
        int n_ = kinds((text), got_, 64);                                    \
        int nw_ = (int)(sizeof want_ / sizeof want_[0]) - 1;                 \
        assert_int_equal(n_, nw_);                                           \
        for (int i_ = 0; i_ < nw_; i_++)                                     \
            assert_int_equal(got_[i_], want_[i_]);                           \
    } while (0)

static void test_keywords(void **state)
{
    (void)state;
    ASSERT_KINDS("flag env fact alias rule test doc require else error warn info declare",
                 K_FLAG, K_ENV, K_FACT, K_ALIAS, K_RULE, K_TEST, K_DOC, K_REQUIRE, K_ELSE, K_ERROR,
                 K_WARN, K_INFO, K_DECLARE);
    ASSERT_KINDS("in not null true false enum given cli", K_IN, K_NOT, K_NULL, K_TRUE, K_FALSE,
                 K_ENUM, K_GIVEN, K_CLI);
    /* bool, int, string are names; keywords inside longer names are names */
    ASSERT_KINDS("bool int string flags rules testing", IDENT, IDENT, IDENT, IDENT, IDENT, IDENT);
}

static void test_punctuation(void **state)
{
    (void)state;
    ASSERT_KINDS(": ; , = == != < <= > >= + - * / % ! & | ( ) { } ? -> =>", ':', ';', ',', '=',
                 EQ, NE, '<', LE, '>', GE, '+', '-', '*', '/', '%', '!', '&', '|', '(', ')', '{',
                 '}', '?', ARROW, FATARROW);
    ASSERT_KINDS("a->b", IDENT, ARROW, IDENT);
    ASSERT_KINDS("a=>b", IDENT, FATARROW, IDENT);
    ASSERT_KINDS("a<=-1", IDENT, LE, '-', INT);
}

static void test_hyphenated_names(void **state)
{
    (void)state;
    ASSERT_KINDS("pplx-normal-mode", NAME);
    ASSERT_KINDS("auto-round", NAME);
    /* subtraction: a digit or a space after the '-' */
    ASSERT_KINDS("dp_size-1", IDENT, '-', INT);
    ASSERT_KINDS("a - b", IDENT, '-', IDENT);
    ASSERT_KINDS("a -b", IDENT, '-', IDENT);
    ASSERT_KINDS("a--b", IDENT, '-', '-', IDENT);
    ASSERT_KINDS("error-rule", NAME);   /* a keyword prefix does not matter */
    ASSERT_KINDS("a-b-", NAME, '-');

    lx *l = lx_new("rule pplx-normal-mode:");
    tok t;
    assert_int_equal(next(l, &t), K_RULE);
    assert_int_equal(next(l, &t), NAME);
    assert_string_equal(t.v.name.s, "pplx-normal-mode");
    assert_int_equal(t.v.name.hyphen, 1);
    assert_int_equal(t.loc.start, 5);
    assert_int_equal(t.loc.end, 21);
    assert_int_equal(next(l, &t), ':');
    lx_free(l);
}

static void test_integers(void **state)
{
    (void)state;
    lx *l = lx_new("0 42 9223372036854775807 9223372036854775808 9223372036854775809");
    tok t;
    assert_int_equal(next(l, &t), INT);
    assert_int_equal(t.v.i, 0);
    assert_int_equal(next(l, &t), INT);
    assert_int_equal(t.v.i, 42);
    assert_int_equal(next(l, &t), INT);
    assert_true(t.v.i == INT64_MAX);
    /* 2^63: INT64_MIN, for the parser and compiler to take after a '-' only */
    assert_int_equal(next(l, &t), INT);
    assert_true(t.v.i == INT64_MIN);
    assert_int_equal(fr_diags_count(l->diags), 0);
    assert_int_equal(next(l, &t), INT);   /* overflow: an error, lexing goes on */
    assert_int_equal(fr_diags_errors(l->diags), 1);
    assert_string_equal(fr_diag_message(fr_diags_get(l->diags, 0)),
                        "integer out of range (an int is -9223372036854775808 to 9223372036854775807)");
    assert_int_equal(next(l, &t), 0);
    lx_free(l);
}

static void test_strings(void **state)
{
    (void)state;
    lx *l = lx_new("\"a\\\"b\\\\c\\nd\\te\\r\\x41\\u{e9}\\u{1F600}\" \"\"");
    tok t;
    assert_int_equal(next(l, &t), STRING);
    const char want[] = "a\"b\\c\nd\te\rA\xc3\xa9\xf0\x9f\x98\x80";
    assert_int_equal(t.v.str.len, sizeof want - 1);
    assert_memory_equal(t.v.str.s, want, sizeof want - 1);
    assert_int_equal(t.loc.start, 0);
    assert_int_equal(next(l, &t), STRING);
    assert_int_equal(t.v.str.len, 0);
    assert_int_equal(fr_diags_count(l->diags), 0);
    lx_free(l);

    /* \0 is a byte like any other */
    l = lx_new("\"a\\0b\"");
    assert_int_equal(next(l, &t), STRING);
    assert_int_equal(t.v.str.len, 3);
    assert_memory_equal(t.v.str.s, "a\0b", 3);
    lx_free(l);
}

static void test_string_errors(void **state)
{
    (void)state;
    /* unterminated: the error points at the opening quote, a STRING is
     * still returned and lexing goes on at the next line */
    lx *l = lx_new("x \"abc\ny");
    tok t;
    assert_int_equal(next(l, &t), IDENT);
    assert_int_equal(next(l, &t), STRING);
    assert_int_equal(next(l, &t), IDENT);
    assert_int_equal(fr_diags_errors(l->diags), 1);
    const fr_diag *g = fr_diags_get(l->diags, 0);
    assert_string_equal(fr_diag_message(g), "unterminated string");
    fr_loc loc = fr_diag_loc(g);
    assert_int_equal(loc.line, 1);
    assert_int_equal(loc.col, 3);
    lx_free(l);

    l = lx_new("\"abc");
    assert_int_equal(next(l, &t), STRING);
    assert_int_equal(next(l, &t), 0);
    assert_string_equal(fr_diag_message(fr_diags_get(l->diags, 0)), "unterminated string");
    lx_free(l);

    l = lx_new("\"a\\qb\" \"\\x4\" \"\\u{d800}\"");
    assert_int_equal(next(l, &t), STRING);
    assert_int_equal(next(l, &t), STRING);
    assert_int_equal(next(l, &t), STRING);
    assert_int_equal(fr_diags_errors(l->diags), 3);
    assert_string_equal(fr_diag_message(fr_diags_get(l->diags, 0)), "unknown escape '\\q'");
    assert_string_equal(fr_diag_message(fr_diags_get(l->diags, 1)), "bad escape '\\x'");
    assert_string_equal(fr_diag_message(fr_diags_get(l->diags, 2)),
                        "'\\u{d800}' is not a Unicode scalar value");
    lx_free(l);

    l = lx_new("'single'");
    assert_int_equal(next(l, &t), STRING);
    assert_string_equal(t.v.str.s, "single");
    assert_string_equal(fr_diag_message(fr_diags_get(l->diags, 0)), "single quotes do not make a string");
    lx_free(l);
}

static void test_regex(void **state)
{
    (void)state;
    ASSERT_KINDS("a ~ /x/", IDENT, '~', REGEX);
    ASSERT_KINDS("a ~/x/ & b", IDENT, '~', REGEX, '&', IDENT);
    /* without '~' a slash divides */
    ASSERT_KINDS("a / b / c", IDENT, '/', IDENT, '/', IDENT);
    /* after '~' something else than a regex is lexed normally */
    ASSERT_KINDS("a ~ \"x\"", IDENT, '~', STRING);

    lx *l = lx_new("m ~ /^Deep\\/Seek[0-9]+$/imsxu");
    tok t;
    next(l, &t);
    next(l, &t);
    assert_int_equal(next(l, &t), REGEX);
    assert_int_equal(t.v.re->len, strlen("^Deep\\/Seek[0-9]+$"));
    assert_memory_equal(t.v.re->pat, "^Deep\\/Seek[0-9]+$", t.v.re->len);
    assert_int_equal(t.v.re->flags, 0x1f);
    assert_int_equal(t.v.re->pat_pos.start, 5);
    assert_int_equal(fr_diags_count(l->diags), 0);
    lx_free(l);

    l = lx_new("m ~ /x/gi");
    next(l, &t);
    next(l, &t);
    assert_int_equal(next(l, &t), REGEX);
    assert_int_equal(t.v.re->flags, 1);   /* i */
    assert_string_equal(fr_diag_message(fr_diags_get(l->diags, 0)), "unknown regex flag 'g'");
    lx_free(l);

    l = lx_new("m ~ /abc\nx");
    next(l, &t);
    next(l, &t);
    assert_int_equal(next(l, &t), REGEX);
    assert_int_equal(next(l, &t), IDENT);
    assert_string_equal(fr_diag_message(fr_diags_get(l->diags, 0)), "unterminated regular expression");
    lx_free(l);
}

static void test_comments_and_locations(void **state)
{
    (void)state;
    lx *l = lx_new("# comment\n  flag # more\n\tx");
    tok t;
    assert_int_equal(next(l, &t), K_FLAG);
    assert_int_equal(t.loc.start, 12);
    assert_int_equal(t.loc.end, 16);
    assert_int_equal(next(l, &t), IDENT);
    assert_int_equal(t.loc.start, 25);
    assert_int_equal(next(l, &t), 0);
    lx_free(l);
}

static void test_config_text(void **state)
{
    (void)state;
    const char *text =
        "test \"t\" {\n"
        "  --tp-size 2 --name 'a b' --x=\"c;d\" \\\n"
        "     # a comment line\n"
        "     --y => error r-x, k = 3 ;\n"
        "  => ok ;\n"
        "  PATH=/x#y --z }\n";
    lx *l = lx_new(text);
    tok t;
    assert_int_equal(next(l, &t), K_TEST);
    assert_int_equal(next(l, &t), STRING);
    assert_int_equal(next(l, &t), '{');
    int words = 0;
    while (next(l, &t) == CWORD)
        words++;
    assert_int_equal(words, 7);
    assert_int_equal(t.t, FATARROW);
    assert_string_equal(l->ctx.cbuf, "--tp-size 2 --name 'a b' --x=\"c;d\" \\\n --y");
    /* expectations are lexed normally */
    assert_int_equal(next(l, &t), K_ERROR);
    assert_int_equal(next(l, &t), NAME);
    assert_int_equal(next(l, &t), ',');
    assert_int_equal(next(l, &t), IDENT);
    assert_int_equal(next(l, &t), '=');
    assert_int_equal(next(l, &t), INT);
    assert_int_equal(next(l, &t), ';');   /* back to config text */
    assert_int_equal(next(l, &t), FATARROW);
    assert_int_equal(next(l, &t), IDENT);
    assert_int_equal(next(l, &t), ';');
    assert_int_equal(next(l, &t), CWORD);
    assert_int_equal(next(l, &t), CWORD);
    assert_string_equal(l->ctx.cbuf, "PATH=/x#y --z");
    assert_int_equal(next(l, &t), '}');
    assert_int_equal(next(l, &t), 0);
    assert_int_equal(fr_diags_count(l->diags), 0);
    lx_free(l);
}

static void test_config_missing_brace(void **state)
{
    (void)state;
    lx *l = lx_new("test \"t\" {\n --a ;\nrule r: x -> error \"m\";\n");
    tok t;
    next(l, &t);
    next(l, &t);
    next(l, &t);
    assert_int_equal(next(l, &t), CWORD);
    assert_int_equal(next(l, &t), ';');
    assert_int_equal(next(l, &t), '}');   /* virtual */
    assert_int_equal(next(l, &t), K_RULE);
    assert_string_equal(fr_diag_message(fr_diags_get(l->diags, 0)),
                        "missing '}' at the end of the test block");
    lx_free(l);
}

static void test_operator_slips(void **state)
{
    (void)state;
    lx *l = lx_new("a && b || c := <> =<");
    tok t;
    int want[] = { IDENT, '&', IDENT, '|', IDENT, '=', NE, LE, 0 };
    for (int i = 0; want[i]; i++)
        assert_int_equal(next(l, &t), want[i]);
    assert_int_equal(fr_diags_errors(l->diags), 5);
    assert_string_equal(fr_diag_message(fr_diags_get(l->diags, 0)), "'&&' is not an operator here");
    lx_free(l);
}

static void test_bad_characters(void **state)
{
    (void)state;
    lx *l = lx_new("a $ \x01 b");
    tok t;
    assert_int_equal(next(l, &t), IDENT);
    assert_int_equal(next(l, &t), IDENT);
    assert_int_equal(fr_diags_errors(l->diags), 2);
    assert_string_equal(fr_diag_message(fr_diags_get(l->diags, 0)), "unexpected character '$'");
    assert_string_equal(fr_diag_message(fr_diags_get(l->diags, 1)), "unexpected byte 0x01");
    lx_free(l);
}

static void test_limits(void **state)
{
    (void)state;
    char *text = malloc(FR_MAX_IDENT + 16);
    memset(text, 'x', FR_MAX_IDENT + 5);
    text[FR_MAX_IDENT + 5] = '\0';
    lx *l = lx_new(text);
    tok t;
    assert_int_equal(next(l, &t), IDENT);
    assert_int_equal(t.v.name.len, FR_MAX_IDENT);
    assert_string_equal(fr_diag_message(fr_diags_get(l->diags, 0)), "name too long (more than 1024 bytes)");
    lx_free(l);
    free(text);

    /* 100,000 '(' : one error at the 257th, no crash, the rest skipped */
    size_t n = 100000;
    text = malloc(n + 16);
    memset(text, '(', n);
    strcpy(text + n, "a; b");
    l = lx_new(text);
    int count = 0;
    while (next(l, &t) == '(')
        count++;
    assert_int_equal(count, FR_MAX_DEPTH);
    assert_int_equal(t.t, ';');
    assert_int_equal(next(l, &t), IDENT);
    assert_int_equal(fr_diags_errors(l->diags), 1);
    fr_loc loc = fr_diag_loc(fr_diags_get(l->diags, 0));
    assert_int_equal(loc.col, FR_MAX_DEPTH + 1);
    lx_free(l);
    free(text);
}

static void test_bom(void **state)
{
    (void)state;
    lx *l = lx_new("\xef\xbb\xbf" "flag");
    tok t;
    assert_int_equal(next(l, &t), K_FLAG);
    assert_int_equal(t.loc.start, 3);   /* offsets count the mark */
    assert_int_equal(next(l, &t), 0);
    assert_int_equal(fr_diags_count(l->diags), 0);
    lx_free(l);
}

static void test_interning(void **state)
{
    (void)state;
    lx *l = lx_new("tp_size dp_size tp_size a-b a-b");
    tok a, b, c, d, e;
    next(l, &a);
    next(l, &b);
    next(l, &c);
    next(l, &d);
    next(l, &e);
    assert_ptr_equal(a.v.name.s, c.v.name.s);
    assert_ptr_not_equal(a.v.name.s, b.v.name.s);
    assert_ptr_equal(d.v.name.s, e.v.name.s);
    assert_ptr_equal(fr_intern_lookup(l->names, "tp_size", 7), a.v.name.s);
    assert_null(fr_intern_lookup(l->names, "ep_size", 7));
    /* growth keeps every pointer */
    const char *first = fr_intern(l->names, "k0", 2);
    for (int i = 1; i < 5000; i++) {
        char buf[16];
        int m = snprintf(buf, sizeof buf, "k%d", i);
        assert_non_null(fr_intern(l->names, buf, (size_t)m));
    }
    assert_ptr_equal(fr_intern(l->names, "k0", 2), first);
    assert_ptr_equal(fr_intern_lookup(l->names, "tp_size", 7), a.v.name.s);
    /* lengths, not NULs, delimit names */
    assert_ptr_not_equal(fr_intern(l->names, "ab", 1), fr_intern(l->names, "ab", 2));
    lx_free(l);
}

/* ---- the parser's fast path for plain rules (parser.y) ---------------------------- */

static void dump_name(FILE *o, ast_name n)
{
    fprintf(o, "(%s %u %u %u-%u)", n.s ? n.s : "-", n.len, n.hyphen, n.pos.start, n.pos.end);
}

static void dump_expr(FILE *o, const ast_expr *e)
{
    if (!e) {
        fputs("NULL", o);
        return;
    }
    fprintf(o, "[%u %u %u %u-%u ", e->kind, e->op, e->depth, e->pos.start, e->pos.end);
    switch (e->kind) {
    case AE_NAME: case AE_GIVEN: fputs(e->u.name, o); break;
    case AE_INT:   fprintf(o, "%lld", (long long)e->u.i); break;
    case AE_STR:   fprintf(o, "\"%.*s\"", (int)e->u.str.len, e->u.str.s); break;
    case AE_UNARY: dump_expr(o, e->u.bin.l); break;
    case AE_BINARY:
        dump_expr(o, e->u.bin.l);
        dump_expr(o, e->u.bin.r);
        break;
    case AE_IN:
        dump_expr(o, e->u.in.l);
        fprintf(o, "{%u %u-%u", e->u.in.set->n, e->u.in.set->pos.start, e->u.in.set->pos.end);
        for (const ast_elist *m = e->u.in.set->head; m; m = m->next)
            dump_expr(o, m->e);
        fputc('}', o);
        break;
    case AE_MATCH: fprintf(o, "/%s/", e->u.match.re->pat); dump_expr(o, e->u.match.l); break;
    default: break;
    }
    fputc(']', o);
}

static void dump_str(FILE *o, ast_str s)
{
    fprintf(o, "<%.*s %u %u-%u>", (int)s.len, s.s ? s.s : "", s.len, s.pos.start, s.pos.end);
}

static void dump_vlist(FILE *o, const ast_vlist *v)
{
    for (; v; v = v->next) {
        fprintf(o, "%u", v->is_string);
        dump_str(o, v->v);
    }
}

/* The tree and the diagnostics of a text, parsed with or without the fast
 * path, skipping test and doc blocks or not, as text (malloc'd). */
static char *parse_dump2(const char *text, size_t textlen, bool no_fast, bool skip_blocks)
{
    char *out = NULL;
    size_t n = 0;
    FILE *o = open_memstream(&out, &n);
    assert_non_null(o);
    fr_sources *src = fr_sources_new();
    fr_diags *diags = fr_diags_new(src);
    fr_errsink sink = { diags, 0, 20, false, false };
    fr_arena *arena = fr_arena_new(), *strings = fr_arena_new();
    fr_interner *names = fr_interner_new(strings);
    int32_t id = fr_sources_add(src, "t.rules", text, textlen);
    assert_true(id >= 0);
    ast_file file;
    memset(&file, 0, sizeof file);
    fr_parse_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.arena = arena;
    ctx.strings = strings;
    ctx.names = names;
    ctx.sink = &sink;
    ctx.file = (uint32_t)id;
    size_t len;
    ctx.text = (char *)fr_sources_text(src, (uint32_t)id, &len);
    ctx.len = len;
    ctx.out = &file;
    ctx.no_fast = no_fast;
    ctx.skip_blocks = skip_blocks;
    fprintf(o, "rc %d, %u rules, %u keys, %u exprs\n", fr_parse(&ctx), file.nrules, file.nkeys, file.nexprs);
    for (const ast_stmt *st = file.stmts; st; st = st->next) {
        fprintf(o, "%u:", st->kind);
        if (st->kind == AS_RULE) {
            const ast_rule *r = &st->u.rule;
            fprintf(o, " %u %u %u-%u %u-%u ", r->named, r->kind, r->pos.start, r->pos.end, r->text.start,
                    r->text.end);
            dump_name(o, r->name);
            dump_expr(o, r->cond);
            dump_expr(o, r->req);
            fprintf(o, " \"%.*s\" %u-%u %u:", (int)r->msg.len, r->msg.s ? r->msg.s : "", r->msg.pos.start,
                    r->msg.pos.end, r->nitems);
            for (const ast_item *it = r->items; it; it = it->next) {
                dump_name(o, it->key);
                fprintf(o, "%u-%u", it->pos.start, it->pos.end);
                dump_expr(o, it->value);
            }
            fprintf(o, " %u %d", r->nattached, r->doc != NULL);
            for (const ast_msg *m = r->attached; m; m = m->next) {
                fprintf(o, " %u", m->sev);
                dump_str(o, m->text);
            }
            if (r->doc) {
                fprintf(o, " doc %u-%u", r->doc->pos.start, r->doc->pos.end);
                for (const ast_docfield *f = r->doc->fields; f; f = f->next) {
                    dump_name(o, f->field);
                    fprintf(o, "%u", f->is_name);
                    dump_str(o, f->str);
                    dump_name(o, f->name);
                }
            }
        } else if (st->kind == AS_DECL) {
            const ast_decl *d = &st->u.decl;
            fprintf(o, " %u %u %u %u ", d->keykind, d->is_enum, d->nullable, d->has_help);
            dump_name(o, d->name);
            dump_name(o, d->tname);
            dump_str(o, d->help);
            fprintf(o, " %u %u-%u:", d->nvalues, d->enum_pos.start, d->enum_pos.end);
            dump_vlist(o, d->values);
            dump_expr(o, d->def);
            fprintf(o, " %u %u-%u:", d->ncli, d->cli_pos.start, d->cli_pos.end);
            dump_vlist(o, d->cli);
        } else if (st->kind == AS_ALIAS) {
            dump_name(o, st->u.alias.name);
            dump_name(o, st->u.alias.target);
        } else if (st->kind == AS_PROG) {
            dump_name(o, st->u.prog.kind);
            fprintf(o, " %u:", st->u.prog.ncli);
            dump_vlist(o, st->u.prog.cli);
        } else if (st->kind == AS_TEST) {
            const ast_test *t = &st->u.test;
            dump_str(o, t->name);
            fprintf(o, " %u %u-%u", t->ncases, t->pos.start, t->pos.end);
            for (const ast_case *c = t->cases; c; c = c->next) {
                fprintf(o, " [%s %u-%u %u-%u", c->config, c->config_pos.start, c->config_pos.end, c->pos.start,
                        c->pos.end);
                for (const ast_expect *x = c->expects; x; x = x->next) {
                    fprintf(o, " %u %u %u %u-%u", x->kind, x->negated, x->sev, x->pos.start, x->pos.end);
                    dump_name(o, x->word);
                    dump_name(o, x->rule);
                    dump_expr(o, x->value);
                }
                fputc(']', o);
            }
        }
        fputc('\n', o);
    }
    for (size_t i = 0; i < fr_diags_count(diags); i++) {
        char *t = fr_diags_render(diags, fr_diags_get(diags, i), false);
        fputs(t, o);
        free(t);
    }
    fclose(o);
    fr_interner_free(&names);
    fr_arena_free(&arena);
    fr_arena_free(&strings);
    fr_diags_free(&diags);
    fr_sources_free(&src);
    return out;
}

static char *parse_dump(const char *text, bool no_fast)
{
    return parse_dump2(text, strlen(text), no_fast, false);
}

/* Fast path and bison agree on a text, with and without block skipping. */
static void same_both_ways(const char *text, size_t len)
{
    for (int skip = 0; skip < 2; skip++) {
        char *slow = parse_dump2(text, len, true, skip), *fast = parse_dump2(text, len, false, skip);
        if (strcmp(slow, fast) != 0) {
            fprintf(stderr, "fast path differs (skip %d) on:\n%.*s\n--- bison:\n%s--- fast:\n%s", skip, (int)len,
                    text, slow, fast);
            fail();
        }
        free(slow);
        free(fast);
    }
}

/* Every statement form of rules.d/sglang (declarations with enums, cli
 * spellings, nullable types, negative defaults, help texts of adjacent
 * strings; rules with attached messages, given(), regexes, doc blocks;
 * test blocks), then mutated copies: random bytes deleted, inserted,
 * replaced, and whole lines swapped, so that the fast path meets broken
 * statements, missing '}' and ';', stray keywords, after statements it took. */
static const char fp_corpus[] =
    "# a comment\n"
    "flag moe_a2a_backend : enum {\n"
    "        none, deepep, \"str val\" \"joined\", deep-ep,\n"
    "    } = none\n"
    "    \"Choose the backend \" \"for MoE A2A.\";\n"
    "flag tp_size : int = 1 cli \"--tp-size\", \"--tensor-parallel-size\"\n"
    "    \"The tensor parallelism size.\";\n"
    "flag neg : int = -5 cli \"--neg\";\n"
    "flag neg2 : int = - 7;\n"
    "fact model_architecture : string? = null;\n"
    "env SGLANG_X : string? = \"d\" \"help\";\n"
    "flag mode : enum { prefill, decode }? = null \"h\";\n"
    "flag hy-name : bool = true;\n"
    ";\n"
    "rule waterfill: enable_waterfill & moe_a2a_backend not in { deepep, megamoe }\n"
    "    -> declare moe_a2a_backend = deepep\n"
    "       warn \"moe_a2a_backend is overridden \"\n"
    "            \"to 'deepep'.\" info \"i {tp_size}\";\n"
    "rule a2a-ep: moe_a2a_backend in { megamoe, deepep, }\n"
    "    & given(ep_size) != tp_size & given(hy-name)\n"
    "    -> info \"{moe_a2a_backend} MoE \" \"adjusted {given(ep_size)}.\";\n"
    "rule r8:\n"
    "    moe_a2a_backend = deepep & model_path ~ /^instance:\\/\\/(?!.*:\\/\\/)/i\n"
    "    -> error \"a \" \"b\"\n"
    "    doc {\n"
    "        summary \"s\";\n"
    "        means \"m \" \"n\";\n"
    "        solution \"x\";\n"
    "        see r9;\n"
    "    };\n"
    "rule r9: a ~ # c\n /x/ -> declare b, c = d warn \"w\";\n"
    "rule r10: a -> error \"e\" doc { summary \"s\"; }\n"
    "rule r11: a -> require b | !c else \"r\" \"s\";\n"
    "test \"defaults\" {\n"
    "    --moe-a2a-backend none\n"
    "        => ok, moe_a2a_backend = none, ep_size = 1;\n"
    "    --tp-size 8 --ep-size 4 => ok, ep_size = 4, not info a2a-ep\n"
    "}\n"
    "test \"two\" \"parts\" {\n"
    "    X=1 python -m x --a 'q' \"d\" => error r8, tp_size = -1\n"
    "}\n"
    "rule r12: a -> error \"after tests\";\n"
    "alias a2 = a;\n"
    "cli value \"--mem-fraction-static\", \"--tokenizer-path\";\n"
    "cli bool\n    \"--trust-remote-code\", # c\n \"--x\";\n"
    "rule r13: a = 1 -> warn \"w\";\n"
    "cli list \"--cuda-graph-bs\" \"--joined\";\n"
    "cli \"--no-kind\";\n"
    "cli any \"--lora-paths\",;\n"
    "cli optional-x \"--y\";\n";

static unsigned long fp_rand(unsigned long *s)
{
    *s = *s * 6364136223846793005ul + 1442695040888963407ul;
    return *s >> 33;
}

static void test_fast_path_statements(void **state)
{
    (void)state;
    size_t n = sizeof fp_corpus - 1;
    same_both_ways(fp_corpus, n);
    /* each statement form alone, after a first statement (bison) */
    static const char *const one[] = {
        "flag a : bool = false;\nflag b : enum { x, y, } = x \"h\" \"i\";\n",
        "flag a : bool = false;\nflag b : int = 1 cli \"--b\", \"--bb\" \"help\";\n",
        "flag a : bool = false;\nflag b : enum {} = x;\n",
        "flag a : bool = false;\nflag b : int = 1 cli;\n",
        "flag a : bool = false;\nflag b : int = 1 cli \"--b\",;\n",
        "flag a : bool = false;\nflag b : int;\n",
        "flag a : bool = false;\ncli value \"--b\", \"--c\";\n",
        "flag a : bool = false;\ncli value;\n",
        "flag a : bool = false;\ncli \"--b\";\n",
        "flag a : bool = false;\ncli value \"--b\" \"--c\";\n",
        "flag a : bool = false;\ncli value \"--b\\n\";\n",
        "flag a : bool = false;\nflag b int = 1;\n",
        "flag a : bool = false;\nrule r: a -> error \"x\" doc { summary \"s\"; summary \"t\"; }\nrule q: a -> info \"i\";\n",
        "flag a : bool = false;\nrule r: a -> error \"x\" doc { bogus \"s\"; }\nrule q: a -> info \"i\";\n",
        "flag a : bool = false;\ntest \"t\" {\n  --a => ok\nrule r: a -> error \"x\";\n",
        "flag a : bool = false;\ntest \"t\" {\n  --a => ok;\n}\n;\n;\nrule r: a -> error \"x\";\n",
        "flag a : bool = false;\nrule r: a ~ /x/z -> error \"x\";\n",
        "flag a : bool = false;\nrule r: a ~ /x -> error \"x\";\n",
        "flag a : bool = false;\nrule r: a ~ x -> error \"x\";\n",
        "flag a : bool = false;\nrule r: a ~ /x/ = b -> error \"x\";\n",
        "flag a : bool = false;\nrule r: given(a -> error \"x\";\n",
        "flag a : bool = false;\nrule r: a -> declare b warn;\n",
        "flag a : bool = false;\nrule r: a -> declare b = c info \"x\" warn \"y\" \"z\";\n",
        "flag a : bool = false;\nrule r: a -> error \"x\" doc { see q; };;\nflag c : int = 2;\n",
        "flag a : bool = false;\nflag b : int = 1\nflag c : int = 2;\n",
        "flag a : bool = false;\nflag b : int = 1 \"h\"\nrule r: a -> error \"x\";\n",
    };
    for (size_t i = 0; i < sizeof one / sizeof one[0]; i++)
        same_both_ways(one[i], strlen(one[i]));
    /* mutations */
    static const char ins[] = "{};,:=!?-~/\"#\n ()&|<>a1";
    unsigned long seed = 20240607;
    char *buf = malloc(n + 64);
    assert_non_null(buf);
    for (int round = 0; round < 600; round++) {
        memcpy(buf, fp_corpus, n);
        size_t len = n;
        int edits = 1 + (int)(fp_rand(&seed) % 3);
        for (int e = 0; e < edits; e++) {
            size_t at = fp_rand(&seed) % len;
            switch (fp_rand(&seed) % 4) {
            case 0:   /* delete a byte */
                memmove(buf + at, buf + at + 1, len - at - 1);
                len--;
                break;
            case 1:   /* insert one */
                memmove(buf + at + 1, buf + at, len - at);
                buf[at] = ins[fp_rand(&seed) % (sizeof ins - 1)];
                len++;
                break;
            case 2:   /* replace one */
                buf[at] = ins[fp_rand(&seed) % (sizeof ins - 1)];
                break;
            default: {   /* delete a run of up to 12 bytes */
                size_t k = 1 + fp_rand(&seed) % 12;
                if (at + k > len)
                    k = len - at;
                memmove(buf + at, buf + at + k, len - at - k);
                len -= k;
                break;
            }
            }
        }
        same_both_ways(buf, len);
    }
    free(buf);
}

/* The block scanners' AVX2 steps (lexer.l, sk_ff_*) against the scalar
 * scanners alone: the same end (or the same refusal) for every '{' of
 * random test and doc blocks made of the pieces that matter to them. */
static uint32_t skip_at(const char *text, size_t len, size_t open, bool test, bool scalar)
{
    fr_sources *src = fr_sources_new();
    int32_t id = fr_sources_add(src, "t.rules", text, len);
    assert_true(id >= 0);
    fr_parse_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    size_t n;
    ctx.text = (char *)fr_sources_text(src, (uint32_t)id, &n);
    ctx.len = n;
    ctx.skip_scalar = scalar;
    uint32_t r = frl_skip_block(&ctx, open + 1, test);
    fr_sources_free(&src);
    return r;
}

static void test_block_skip_avx2(void **state)
{
    (void)state;
    /* well-formed pieces, and risky ones (one or two a block) */
    static const char *const cfg[] = {
        "--tp-size 8", "--moe-a2a-backend deepep", "--enable-dp-attention", "X=1", "python -m sglang.launch_server",
        "'q s'", "\"d q\"", "a\\ b", "--x=y", "--a}b", "--c#d", "--dp-size 2  # a comment\n",
    };
    static const char *const expect[] = {
        "ok", "invalid", "error", "not warn a2a-ep-size-adjusted", "info waterfill-redirects-to-deepep",
        "ep_size = 8", "tp_size = -1", "moe_a2a_backend = deepep", "flag_x = true", "testing = false",
        "rules = null", "x = \"True\"", "first error r-test-x", "alias_of = 3", "envy = 12", "a2a-flag-rule = 1",
        "deepep_mode = auto # note\n", "enforce_shared_experts_fusion = false", "factor = 123456789012345678",
    };
    static const char *const risky[] = {
        "rule", "flag", "fact", "test", "env", "alias", "1-rule", "2-test-x", "x -rule", "-flag", "12x",
        "1234567890123456789", "99999999999999999999", "\"bad\\q\"", "\"open", "'", "=", "=>", "(", ".",
        "}", ";", "#", "rule-", "env-1", "a-env", "\001", "\\",
    };
    static const char *const fixed[] = {
        "test \"t\" {\n    --a => ok, ep_size = 8, 1-rule, tp_size = 2;\n}\nrule q: a -> info \"some text after the block\";\n",
        "test \"t\" {\n    --a => ok, ep_size = 8, x-rule, tp_size = 2;\n}\nrule q: a -> info \"some text after the block\";\n",
        "test \"t\" {\n    --a => ok, ep_size = 8, x -rule, tp_size = 2;\n}\nrule q: a -> info \"some text after the block\";\n",
        "test \"t\" {\n    --a => ok, ep_size = 8, rule-x, tp_size = 2;\n}\nrule q: a -> info \"some text after the block\";\n",
        "test \"t\" {\n    --a => ok, ep_size = 8, 1234567890123456789;\n}\nrule q: a -> info \"some text after the block\";\n",
        "test \"t\" {\n    --a --b --c --d --e --f --g --h --i --j #x\n => ok;\n}\nrule q: a -> info \"some text after the block\";\n",
        "test \"t\" {\n    --a --b --c --d --e --f --g --h --i --j --k; => ok;\n}\nrule q: a -> info \"some text after the block\";\n",
        "test \"t\" {\n    --a --b --c --d --e --f --g --h --i --j --k; rule => ok;\n}\nrule q: a -> info \"some text after the block\";\n",
        "test \"t\" {\n    --a --b --c --d --e --f --g --h --i --j #it's; }\n => ok;\n}\nrule q: a -> info \"some text after the block\";\n",
        "test \"t\" {\n    --a --b --c --d --e --f --g --h --i --j\n => ok, # it's; }\n x = 1;\n}\nrule q: a -> info \"some text after the block\";\n",
        "test \"t\" {\n    --a --b --c --d --e --f --g --h --i --j }\n => ok;\n}\nrule q: a -> info \"some text after the block\";\n",
        "test \"t\" {\n    --a --b --c --d --e --f --g --h --i --j =x\n => ok;\n}\nrule q: a -> info \"some text after the block\";\n",
    };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        size_t len = strlen(fixed[i]), open = (size_t)(strchr(fixed[i], '{') - fixed[i]);
        assert_int_equal(skip_at(fixed[i], len, open, true, true), skip_at(fixed[i], len, open, true, false));
    }
    unsigned long seed = 77;
    char *buf = malloc(8192);
    assert_non_null(buf);
    unsigned refused = 0, skipped = 0;
    for (int round = 0; round < 4000; round++) {
        size_t len = (size_t)sprintf(buf, "test \"t\" {\n");
        size_t open = len - 2;
        int ncases = 1 + (int)(fp_rand(&seed) % 6), nrisky = (int)(fp_rand(&seed) % 3);
        for (int c = 0; c < ncases; c++) {
            int nw = 1 + (int)(fp_rand(&seed) % 5), nx = 1 + (int)(fp_rand(&seed) % 12);
            for (int w = 0; w < nw; w++)
                len += (size_t)sprintf(buf + len, "%s%s", w ? " " : "    ", cfg[fp_rand(&seed) % (sizeof cfg / sizeof cfg[0])]);
            len += (size_t)sprintf(buf + len, "%s=> ", fp_rand(&seed) % 2 ? "\n        " : " ");
            for (int x = 0; x < nx; x++) {
                if (nrisky && fp_rand(&seed) % 8 == 0) {
                    nrisky--;
                    len += (size_t)sprintf(buf + len, "%s%s", x ? " " : "",
                                           risky[fp_rand(&seed) % (sizeof risky / sizeof risky[0])]);
                }
                len += (size_t)sprintf(buf + len, "%s%s", x ? (fp_rand(&seed) % 3 ? ", " : ",\n           ") : "",
                                       expect[fp_rand(&seed) % (sizeof expect / sizeof expect[0])]);
            }
            if (fp_rand(&seed) % 30 == 0) {
                /* a hyphenated name of more than FR_MAX_IDENT bytes */
                len += (size_t)sprintf(buf + len, ", xabcdefg");
                for (int i = 0; i < 140; i++)
                    len += (size_t)sprintf(buf + len, "-abcdefg");
            }
            len += (size_t)sprintf(buf + len, "%s", c + 1 < ncases ? ";\n" : fp_rand(&seed) % 2 ? ";\n" : "\n");
        }
        len += (size_t)sprintf(buf + len, "}\nrule q: a -> info \"some text after the block\";\n");
        assert_true(len < 8192);
        uint32_t a = skip_at(buf, len, open, true, true), b = skip_at(buf, len, open, true, false);
        if (a != b) {
            fprintf(stderr, "block scanners differ (%u scalar, %u avx2) on:\n%.*s\n", a, b, (int)len, buf);
            fail();
        }
        if (a)
            skipped++;
        else
            refused++;
    }
    /* both outcomes are exercised */
    assert_true(skipped > 500 && refused > 500);
    free(buf);
}

/* Line maps (locfile.c, built 64 bytes a step with AVX2) against counting
 * the newlines before each offset. */
static void test_line_maps(void **state)
{
    (void)state;
    unsigned long seed = 5;
    char *buf = malloc(1200);
    assert_non_null(buf);
    for (int round = 0; round < 300; round++) {
        size_t len = fp_rand(&seed) % 1100;
        unsigned every = 1 + (unsigned)(fp_rand(&seed) % 80);
        for (size_t i = 0; i < len; i++)
            buf[i] = fp_rand(&seed) % every == 0 ? '\n' : (char)('a' + fp_rand(&seed) % 26);
        fr_sources *src = fr_sources_new();
        int32_t id = fr_sources_add(src, "t.rules", buf, len);
        assert_true(id >= 0);
        uint32_t line = 1, col = 1;
        for (size_t off = 0; off <= len; off++) {
            fr_span sp = { (uint32_t)id, (uint32_t)off, (uint32_t)off };
            fr_loc l = fr_sources_loc(src, sp);
            assert_int_equal(l.line, line);
            assert_int_equal(l.col, col);
            if (off < len && buf[off] == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
        }
        fr_sources_free(&src);
    }
    free(buf);
}

static void test_fast_path(void **state)
{
    (void)state;
    /* each text: a first statement for bison, then plain rules of every
     * form the fast path takes, forms it leaves to bison, and errors */
    static const char *const texts[] = {
        "flag a : bool = false;\n"
        "rule r1: a -> error \"x {a}\";\n"
        "rule r-2 : !a & b = v1 | c != 3 & d in {v0, v2,} -> warn \"w\";\n"
        "a = b & (c < 1 | !(d >= -0)) -> info \"i\";\n"
        "x-y not in { } & ! ! z <= 9223372036854775807 -> require a & b else \"r\";\n"
        "rule r3: a -> declare b = c = d, e, f-g = \"s\" in {\"t\", null, true, false};\n"
        "(a)->error\"\"; # comment\n\trule r4:a==b->error \"y\" ;",
        "flag a : bool = false;\n"
        "rule r1: a -> error \"x\" \"y\";\n"             /* adjacent strings */
        "rule r2: a -> declare b warn \"w\";\n"          /* attached message */
        "rule r3: given(a) & a + 1 > 2 -> error \"g\";\n" /* given, arithmetic */
        "rule r4: a -> error \"e\" doc { summary \"s\"; }\n"
        "rule r5: a = b = c -> error \"n\";\n"           /* a syntax error */
        "rule r6: a -> error \"after\";\n",
        "flag a : bool = false;\n"
        "rule r1: a -> error \"a\\tb\";\n"               /* an escape */
        "rule r2: a && b -> error \"x\";\n"              /* a lexical slip */
        "rule r3: a -> error \"y\";\n"
        "rule r4: 3x -> error \"z\";\n",
        "flag a : bool = false;\n"
        "rule r1: a -> error \"x\"\n"                    /* missing ';' */
        "rule r2: a -> error \"y\";\n"
        "rule r3: a -> declare b = c;",                  /* at the very end */
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        char *slow = parse_dump(texts[i], true), *fast = parse_dump(texts[i], false);
        assert_string_equal(fast, slow);
        free(slow);
        free(fast);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_keywords),
        cmocka_unit_test(test_punctuation),
        cmocka_unit_test(test_hyphenated_names),
        cmocka_unit_test(test_integers),
        cmocka_unit_test(test_strings),
        cmocka_unit_test(test_string_errors),
        cmocka_unit_test(test_regex),
        cmocka_unit_test(test_comments_and_locations),
        cmocka_unit_test(test_config_text),
        cmocka_unit_test(test_config_missing_brace),
        cmocka_unit_test(test_operator_slips),
        cmocka_unit_test(test_bad_characters),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_bom),
        cmocka_unit_test(test_interning),
        cmocka_unit_test(test_fast_path),
        cmocka_unit_test(test_fast_path_statements),
        cmocka_unit_test(test_block_skip_avx2),
        cmocka_unit_test(test_line_maps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
