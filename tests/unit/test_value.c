/* test_value.c — value.c: parsing, text/repr/compact/shell formatting,
 * comparison, sets and UTF-8 handling. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "value.h"
#include "mini_rs.h"

static fr_type T(int kind, int nullable, uint32_t enum_id)
{
    fr_type t = { (uint8_t)kind, (uint8_t)nullable, enum_id };
    return t;
}

static void test_parse_int(void **state)
{
    (void)state;
    int64_t v;
    assert_int_equal(fr_parse_int("8", 1, &v), FR_PARSE_OK);
    assert_int_equal(v, 8);
    assert_int_equal(fr_parse_int("-1", 2, &v), FR_PARSE_OK);
    assert_int_equal(v, -1);
    assert_int_equal(fr_parse_int("+42", 3, &v), FR_PARSE_OK);
    assert_int_equal(v, 42);
    assert_int_equal(fr_parse_int("1_000", 5, &v), FR_PARSE_OK);
    assert_int_equal(v, 1000);
    assert_int_equal(fr_parse_int("9223372036854775807", 19, &v), FR_PARSE_OK);
    assert_int_equal(v, INT64_MAX);
    assert_int_equal(fr_parse_int("-9223372036854775808", 20, &v), FR_PARSE_OK);
    assert_true(v == INT64_MIN);
    assert_int_equal(fr_parse_int("9223372036854775808", 19, &v), FR_PARSE_RANGE);
    assert_int_equal(fr_parse_int("99999999999999999999999", 23, &v), FR_PARSE_RANGE);
    assert_int_equal(fr_parse_int("", 0, &v), FR_PARSE_BAD);
    assert_int_equal(fr_parse_int("-", 1, &v), FR_PARSE_BAD);
    assert_int_equal(fr_parse_int("eight", 5, &v), FR_PARSE_BAD);
    assert_int_equal(fr_parse_int("8x", 2, &v), FR_PARSE_BAD);
    assert_int_equal(fr_parse_int("1__0", 4, &v), FR_PARSE_BAD);
    assert_int_equal(fr_parse_int("10_", 3, &v), FR_PARSE_BAD);
    assert_int_equal(fr_parse_int("_1", 2, &v), FR_PARSE_BAD);
    /* as Python's int(): blanks around the number, Unicode's too */
    assert_int_equal(fr_parse_int(" 8", 2, &v), FR_PARSE_OK);
    assert_int_equal(v, 8);
    assert_int_equal(fr_parse_int("\t-8 \n\r\v\f", 8, &v), FR_PARSE_OK);
    assert_int_equal(v, -8);
    assert_int_equal(fr_parse_int("\xc2\xa0" "12" "\xe3\x80\x80", 7, &v), FR_PARSE_OK);   /* U+00A0, U+3000 */
    assert_int_equal(v, 12);
    assert_int_equal(fr_parse_int("+ 8", 3, &v), FR_PARSE_BAD);     /* not between sign and digits */
    assert_int_equal(fr_parse_int("8 8", 3, &v), FR_PARSE_BAD);
    assert_int_equal(fr_parse_int("\x1c" "8", 2, &v), FR_PARSE_BAD);  /* isspace(), but int() refuses it */
    assert_int_equal(fr_parse_int("8\xe2\x80\x8b", 4, &v), FR_PARSE_BAD);  /* U+200B is no blank */
    assert_int_equal(fr_parse_int("   ", 3, &v), FR_PARSE_BAD);
    /* decimal digits of any script, with underscores between them */
    assert_int_equal(fr_parse_int("\xd9\xa8", 2, &v), FR_PARSE_OK);   /* U+0668 ARABIC-INDIC EIGHT */
    assert_int_equal(v, 8);
    assert_int_equal(fr_parse_int("-\xef\xbc\x91_\xef\xbc\x90" "5", 9, &v), FR_PARSE_OK);   /* -１_０5 */
    assert_int_equal(v, -105);
    assert_int_equal(fr_parse_int("\xf0\x9f\xaf\xb9", 4, &v), FR_PARSE_OK);   /* U+1FBF9, the last */
    assert_int_equal(v, 9);
    assert_int_equal(fr_parse_int("\xf0\x9f\xaf\xba", 4, &v), FR_PARSE_BAD);  /* U+1FBFA: no digit */
    assert_int_equal(fr_parse_int("\xd9\xa9", 2, &v), FR_PARSE_OK);   /* U+0669: nine */
    assert_int_equal(v, 9);
    assert_int_equal(fr_parse_int("\xd9\xaa", 2, &v), FR_PARSE_BAD);  /* U+066A: a percent sign */
    assert_int_equal(fr_parse_int("8\xd9", 2, &v), FR_PARSE_BAD);      /* cut UTF-8 */
    assert_int_equal(fr_parse_int("\xff" "8", 2, &v), FR_PARSE_BAD);
    /* CPython's limit: 4,300 digits, leading zeros and all (underscores,
     * sign and blanks not counted) */
    char big[4400];
    memset(big, '0', 4300);
    big[4299] = '7';
    assert_int_equal(fr_parse_int(big, 4300, &v), FR_PARSE_OK);
    assert_int_equal(v, 7);
    memset(big, '0', 4301);
    assert_int_equal(fr_parse_int(big, 4301, &v), FR_PARSE_BAD);
    big[0] = '+';
    assert_int_equal(fr_parse_int(big, 4301, &v), FR_PARSE_OK);
    assert_int_equal(v, 0);
    for (int i = 0; i < 4301; i++)
        big[i] = i % 2 ? '_' : '1';
    assert_int_equal(fr_parse_int(big, 4301, &v), FR_PARSE_RANGE);   /* 2,151 digits */
}

static void test_parse_types(void **state)
{
    (void)state;
    mini *m = mini_new();
    fr_val v;
    /* bool */
    assert_int_equal(fr_value_parse(&m->rs, T(FR_T_BOOL, 0, 0), "true", 4, &v), FR_PARSE_OK);
    assert_int_equal(v.i, 1);
    assert_int_equal(fr_value_parse(&m->rs, T(FR_T_BOOL, 0, 0), "False", 5, &v), FR_PARSE_OK);
    assert_int_equal(v.i, 0);
    assert_int_equal(fr_value_parse(&m->rs, T(FR_T_BOOL, 0, 0), "1", 1, &v), FR_PARSE_OK);
    assert_int_equal(v.i, 1);
    assert_int_equal(fr_value_parse(&m->rs, T(FR_T_BOOL, 0, 0), "0", 1, &v), FR_PARSE_OK);
    assert_int_equal(v.i, 0);
    assert_int_equal(fr_value_parse(&m->rs, T(FR_T_BOOL, 0, 0), "yes", 3, &v), FR_PARSE_BAD);
    assert_int_equal(fr_value_parse(&m->rs, T(FR_T_BOOL, 0, 0), "null", 4, &v), FR_PARSE_BAD);
    assert_int_equal(fr_value_parse(&m->rs, T(FR_T_BOOL, 1, 0), "null", 4, &v), FR_PARSE_OK);
    assert_true(v.is_null);
    /* enum: members, a member named null wins over null */
    assert_int_equal(fr_value_parse(&m->rs, T(FR_T_ENUM, 1, 0), "normal", 6, &v), FR_PARSE_OK);
    assert_int_equal(v.i, 1);
    assert_int_equal(fr_value_parse(&m->rs, T(FR_T_ENUM, 1, 0), "null", 4, &v), FR_PARSE_OK);
    assert_false(v.is_null);
    assert_int_equal(v.i, 3);
    assert_int_equal(fr_value_parse(&m->rs, T(FR_T_ENUM, 1, 0), "None", 4, &v), FR_PARSE_OK);
    assert_true(v.is_null);
    assert_int_equal(fr_value_parse(&m->rs, T(FR_T_ENUM, 0, 1), "None", 4, &v), FR_PARSE_BAD);
    assert_int_equal(fr_value_parse(&m->rs, T(FR_T_ENUM, 0, 1), "auto-round", 10, &v), FR_PARSE_OK);
    assert_int_equal(v.i, 3);
    assert_int_equal(fr_value_parse(&m->rs, T(FR_T_ENUM, 0, 1), "pplxx", 5, &v), FR_PARSE_BAD);
    assert_int_equal(fr_value_parse(&m->rs, T(FR_T_ENUM, 0, 1), "ppl", 3, &v), FR_PARSE_BAD);
    /* strings: null only when nullable */
    assert_int_equal(fr_value_parse(&m->rs, T(FR_T_STRING, 0, 0), "null", 4, &v), FR_PARSE_OK);
    assert_false(v.is_null);
    assert_int_equal(v.i, 4);
    assert_int_equal(fr_value_parse(&m->rs, T(FR_T_STRING, 1, 0), "null", 4, &v), FR_PARSE_OK);
    assert_true(v.is_null);
    assert_int_equal(fr_value_parse(&m->rs, T(FR_T_STRING, 1, 0), "", 0, &v), FR_PARSE_OK);
    assert_false(v.is_null);
    assert_int_equal(v.i, 0);
    /* ints: null only when nullable */
    assert_int_equal(fr_value_parse(&m->rs, T(FR_T_INT, 0, 0), "None", 4, &v), FR_PARSE_BAD);
    assert_int_equal(fr_value_parse(&m->rs, T(FR_T_INT, 1, 0), "None", 4, &v), FR_PARSE_OK);
    assert_true(v.is_null);
    mini_free(m);
}

static const struct {
    const char *in;
    size_t      len;
    const char *repr;
} reprs[] = {
    /* generated with CPython 3.11: repr(bytes.decode('utf-8', 'surrogateescape')) */
    { "pplx", 4, "'pplx'" },
    { "it's", 4, "\"it's\"" },
    { "say \"hi\"", 8, "'say \"hi\"'" },
    { "quote'and\"both", 14, "'quote\\'and\"both'" },
    { "back\\slash", 10, "'back\\\\slash'" },
    { "tab\011here\012nl\015cr", 14, "'tab\\there\\nnl\\rcr'" },
    { "\000\001\037\177", 4, "'\\x00\\x01\\x1f\\x7f'" },
    { "caf\303\251", 5, "'caf\303\251'" },
    { "emoji\360\237\230\200", 9, "'emoji\360\237\230\200'" },
    { "\342\200\250ls", 5, "'\\u2028ls'" },
    { "a\302\205b", 4, "'a\\x85b'" },
    { "bad\377utf8", 8, "'bad\\udcffutf8'" },
    { "\303", 1, "'\\udcc3'" },
    { "\355\240\200", 3, "'\\udced\\udca0\\udc80'" },
    { "\364\220\200\200", 4, "'\\udcf4\\udc90\\udc80\\udc80'" },
    { "\302\240nbsp", 6, "'\\xa0nbsp'" },
    { "\342\200\213zw", 5, "'\\u200bzw'" },
    { "\357\273\277bom", 6, "'\\ufeffbom'" },
    { "", 0, "''" },
    { "\363\240\200\201tag", 7, "'\\U000e0001tag'" },
    { "\355\237\277", 3, "'\\ud7ff'" },
};

static void test_pyrepr(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof reprs / sizeof reprs[0]; i++) {
        fr_buf b = { 0 };
        fr_pyrepr_str(&b, reprs[i].in, reprs[i].len);
        assert_false(b.oom);
        assert_string_equal(b.p, reprs[i].repr);
        fr_buf_free(&b);
    }
}

static char *fmt(const fr_ruleset *rs, int how, fr_type t, fr_val v)
{
    fr_buf b = { 0 };
    fr_buf_reserve(&b, 0);
    if (how == 0)
        fr_val_text(&b, rs, t, v);
    else if (how == 1)
        fr_val_repr(&b, rs, t, v);
    else
        fr_val_compact(&b, rs, t, v);
    return fr_buf_take(&b);
}

static void check_fmt(const fr_ruleset *rs, fr_type t, fr_val v, const char *text, const char *repr,
                      const char *compact)
{
    char *s = fmt(rs, 0, t, v);
    assert_string_equal(s, text);
    free(s);
    s = fmt(rs, 1, t, v);
    assert_string_equal(s, repr);
    free(s);
    s = fmt(rs, 2, t, v);
    assert_string_equal(s, compact);
    free(s);
}

static void test_format(void **state)
{
    (void)state;
    mini *m = mini_new();
    fr_val v = { 8, NULL, 0 };
    check_fmt(&m->rs, T(FR_T_INT, 0, 0), v, "8", "8", "8");
    v.i = -9223372036854775807LL - 1;
    check_fmt(&m->rs, T(FR_T_INT, 0, 0), v, "-9223372036854775808", "-9223372036854775808",
              "-9223372036854775808");
    v.i = 1;
    check_fmt(&m->rs, T(FR_T_BOOL, 0, 0), v, "true", "True", "true");
    v.i = 0;
    check_fmt(&m->rs, T(FR_T_BOOL, 0, 0), v, "false", "False", "false");
    v.i = 2;
    check_fmt(&m->rs, T(FR_T_ENUM, 0, 0), v, "low_latency", "'low_latency'", "low_latency");
    fr_val n = { 0, NULL, 1 };
    check_fmt(&m->rs, T(FR_T_ENUM, 1, 0), n, "null", "None", "null");
    check_fmt(&m->rs, T(FR_T_STRING, 1, 0), n, "null", "None", "null");
    fr_val s = { 3, "a b", 0 };
    check_fmt(&m->rs, T(FR_T_STRING, 0, 0), s, "a b", "'a b'", "\"a b\"");
    fr_val e = { 0, "", 0 };
    check_fmt(&m->rs, T(FR_T_STRING, 0, 0), e, "", "''", "\"\"");
    fr_val q = { 5, "x\"y\\z", 0 };
    check_fmt(&m->rs, T(FR_T_STRING, 0, 0), q, "x\"y\\z", "'x\"y\\\\z'", "\"x\\\"y\\\\z\"");
    fr_val c = { 4, "a\tb\n", 0 };
    check_fmt(&m->rs, T(FR_T_STRING, 0, 0), c, "a\tb\n", "'a\\tb\\n'", "\"a\\tb\\n\"");
    fr_val ctl = { 3, "a\033b", 0 };
    check_fmt(&m->rs, T(FR_T_STRING, 0, 0), ctl, "a\033b", "'a\\x1bb'", "\"a\\033b\"");
    fr_val plain = { 7, "x\"y'z=1", 0 };
    check_fmt(&m->rs, T(FR_T_STRING, 0, 0), plain, "x\"y'z=1", "'x\"y\\'z=1'", "x\"y'z=1");
    mini_free(m);
}

static void test_shell_quote(void **state)
{
    (void)state;
    static const struct {
        const char *in, *out;
    } cases[] = {
        { "pplx", "pplx" },
        { "--tp-size", "--tp-size" },
        { "a/b.c:d,e@f%g+h=i", "a/b.c:d,e@f%g+h=i" },
        { "", "''" },
        { "a b", "'a b'" },
        { "it's", "'it'\\''s'" },
        { "$HOME", "'$HOME'" },
        { "a\nb", "'a\nb'" },
        { "*", "'*'" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fr_buf b = { 0 };
        fr_buf_reserve(&b, 0);
        fr_shell_quote(&b, cases[i].in, strlen(cases[i].in));
        assert_string_equal(b.p, cases[i].out);
        fr_buf_free(&b);
    }
}

static void test_eq_cmp_hash(void **state)
{
    (void)state;
    fr_type ts = T(FR_T_STRING, 1, 0), ti = T(FR_T_INT, 1, 0);
    fr_val a = { 3, "abc", 0 }, b = { 3, "abd", 0 }, a2 = { 3, "abcx", 0 }, ab = { 2, "ab", 0 };
    fr_val n = { 0, NULL, 1 }, n2 = { 5, NULL, 1 };
    assert_true(fr_val_eq(ts, a, a2));   /* lengths bound the bytes */
    assert_false(fr_val_eq(ts, a, b));
    assert_false(fr_val_eq(ts, a, n));
    assert_true(fr_val_eq(ts, n, n2));   /* null equals only null */
    assert_true(fr_val_cmp(ts, ab, a) < 0);
    assert_true(fr_val_cmp(ts, a, b) < 0);
    assert_true(fr_val_cmp(ts, n, ab) < 0);
    assert_int_equal(fr_val_cmp(ts, a, a2), 0);
    assert_true(fr_val_hash(ts, a) == fr_val_hash(ts, a2));
    assert_true(fr_val_hash(ts, n) == fr_val_hash(ts, n2));
    fr_val i1 = { -5, NULL, 0 }, i2 = { 7, NULL, 0 };
    assert_true(fr_val_cmp(ti, i1, i2) < 0);
    assert_false(fr_val_eq(ti, i1, i2));
    assert_false(fr_val_eq(ti, i1, n));
}

static void test_sets(void **state)
{
    (void)state;
    uint64_t bits[1] = { (1u << 0) | (1u << 2) };
    fr_set es = { T(FR_T_ENUM, 1, 0), 2, bits, NULL, 0 };
    fr_val v0 = { 0, NULL, 0 }, v1 = { 1, NULL, 0 }, v2 = { 2, NULL, 0 }, n = { 0, NULL, 1 };
    assert_true(fr_set_contains(&es, v0));
    assert_false(fr_set_contains(&es, v1));
    assert_true(fr_set_contains(&es, v2));
    assert_false(fr_set_contains(&es, n));
    es.has_null = 1;
    assert_true(fr_set_contains(&es, n));
    fr_val ints[3] = { { -3, NULL, 0 }, { 4, NULL, 0 }, { 100, NULL, 0 } };
    fr_set is = { T(FR_T_INT, 0, 0), 3, NULL, ints, 0 };
    fr_val x = { 4, NULL, 0 }, y = { 5, NULL, 0 }, z = { -3, NULL, 0 };
    assert_true(fr_set_contains(&is, x));
    assert_false(fr_set_contains(&is, y));
    assert_true(fr_set_contains(&is, z));
    assert_false(fr_set_contains(&is, n));
    fr_val strs[3] = { { 1, "a", 0 }, { 2, "ab", 0 }, { 1, "b", 0 } };
    fr_set ss = { T(FR_T_STRING, 0, 0), 3, NULL, strs, 0 };
    fr_val s1 = { 2, "ab", 0 }, s2 = { 2, "ba", 0 }, s3 = { 1, "b", 0 };
    assert_true(fr_set_contains(&ss, s1));
    assert_false(fr_set_contains(&ss, s2));
    assert_true(fr_set_contains(&ss, s3));
}

static void test_utf8(void **state)
{
    (void)state;
    assert_true(fr_utf8_valid("caf\303\251", 5));
    assert_false(fr_utf8_valid("bad\377", 4));
    assert_false(fr_utf8_valid("\355\240\200", 3));   /* surrogate */
    assert_false(fr_utf8_valid("\300\200", 2));       /* overlong */
    fr_buf b = { 0 };
    fr_utf8_sanitize(&b, "a\377b\303", 4);
    assert_string_equal(b.p, "a\357\277\275b\357\277\275");
    fr_buf_free(&b);
}

static void test_public_format(void **state)
{
    (void)state;
    fr_value v;
    memset(&v, 0, sizeof v);
    v.type = FR_STRING;
    v.s = "it's";
    v.len = 4;
    char *t = fr_value_format(&v, false), *r = fr_value_format(&v, true);
    assert_string_equal(t, "it's");
    assert_string_equal(r, "\"it's\"");
    free(t);
    free(r);
    v.type = FR_INT;
    v.i = -12;
    t = fr_value_format(&v, true);
    assert_string_equal(t, "-12");
    free(t);
    v.is_null = true;
    t = fr_value_format(&v, false);
    r = fr_value_format(&v, true);
    assert_string_equal(t, "null");
    assert_string_equal(r, "None");
    free(t);
    free(r);
}

static void test_buf(void **state)
{
    (void)state;
    fr_buf b = { 0 };
    for (int i = 0; i < 1000; i++)
        fr_buf_printf(&b, "%d,", i);
    assert_false(b.oom);
    assert_true(b.len > 2000);
    assert_int_equal(b.p[b.len], '\0');
    char *s = fr_buf_take(&b);
    assert_non_null(s);
    assert_null(b.p);
    assert_memory_equal(s, "0,1,2,", 6);
    free(s);
}

/* Source text on one line: control characters in strings and regexes come
 * out as escapes that read as the same bytes (never raw on a terminal). */
static void test_src_oneline_controls(void **state)
{
    (void)state;
    static const struct { const char *in, *out; } cases[] = {
        { "s = \"a\x1b[2Jb\"", "s = \"a\\x1b[2Jb\"" },
        { "s = \"\xc2\x9b" "q\x01\"", "s = \"\\u{9b}q\\x01\"" },
        { "s ~ /a\x1b]0;t\x07" "b/", "s ~ /a\\x1b]0;t\\x07b/" },
        { "s ~ /x\xc2\x85/u", "s ~ /x\\x{85}/u" },
        { "s ~ /x\xc2\x85/i", "s ~ /x\\xc2\\x85/i" },
        { "s ~ /x\\/\xc2\x85/mu", "s ~ /x\\/\\x{85}/mu" },
        { "s = \"tab\there \xc2\xa0 \xe6\x97\xa5\"", "s = \"tab\there \xc2\xa0 \xe6\x97\xa5\"" },
        { "a  &\n  # c\x1b\n b", "a & b" },
        { "s = \"\x7f\"", "s = \"\\x7f\"" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        fr_buf b = { 0 };
        fr_src_oneline(&b, cases[i].in, strlen(cases[i].in));
        fr_buf_putc(&b, '\0');
        assert_false(b.oom);
        if (strcmp(b.p, cases[i].out) != 0)
            fail_msg("case %zu: got [%s], want [%s]", i, b.p, cases[i].out);
        fr_buf_free(&b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_int),
        cmocka_unit_test(test_src_oneline_controls),
        cmocka_unit_test(test_parse_types),
        cmocka_unit_test(test_pyrepr),
        cmocka_unit_test(test_format),
        cmocka_unit_test(test_shell_quote),
        cmocka_unit_test(test_eq_cmp_hash),
        cmocka_unit_test(test_sets),
        cmocka_unit_test(test_utf8),
        cmocka_unit_test(test_public_format),
        cmocka_unit_test(test_buf),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
