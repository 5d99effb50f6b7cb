/* test_config.c — the config reader: shell words, flags, NAME=VALUE words,
 * program words and every kind of invalid config. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "config.h"
#include "mini_rs.h"

typedef struct fx {
    mini    *m;
    fr_cfgin c;
    fr_val   input[8];
    uint8_t  given[8];
    uint32_t given_keys[8];
} fx;

static int setup(void **state)
{
    fx *f = calloc(1, sizeof *f);
    f->m = mini_new();
    f->c.rs = &f->m->rs;
    f->c.map = &f->m->map;
    f->c.input = f->input;
    f->c.given = f->given;
    f->c.given_keys = f->given_keys;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fx *f = *state;
    fr_cfgin_free(&f->c);
    mini_free(f->m);
    free(f);
    return 0;
}

static int rd(fx *f, const char *line)
{
    for (int k = 0; k < 8; k++) {
        f->input[k] = f->m->keys[k].def;
        f->given[k] = 0;
    }
    return fr_config_line(&f->c, line, strlen(line));
}

static const char *reason(fx *f)
{
    return f->c.reason.p ? f->c.reason.p : "";
}

static void assert_str(fr_val v, const char *s)
{
    assert_false(v.is_null);
    assert_int_equal((size_t)v.i, strlen(s));
    assert_memory_equal(v.s, s, strlen(s));
    assert_int_equal(v.s[v.i], '\0');   /* values are NUL-terminated */
}

static void test_basic_flags(void **state)
{
    fx *f = *state;
    assert_int_equal(rd(f, "--tp-size 8 --deepep-mode=normal --enable-dp-attention"), 0);
    assert_int_equal(f->input[0].i, 8);
    assert_int_equal(f->input[1].i, 1);
    assert_int_equal(f->input[3].i, 1);
    assert_int_equal(f->c.ngiven, 3);
    assert_int_equal(f->given_keys[0], 0);
    assert_int_equal(f->given_keys[1], 1);
    assert_int_equal(f->given_keys[2], 3);
    assert_int_equal(f->given[2], 0);
    /* aliases, last one wins, bool=false */
    assert_int_equal(rd(f, "--tp 2 --tensor-parallel-size 4 --enable-dp-attention=false"), 0);
    assert_int_equal(f->input[0].i, 4);
    assert_int_equal(f->input[3].i, 0);
    assert_int_equal(f->c.ngiven, 2);
    assert_int_equal(rd(f, "--enable-dp-attention=1 --enable-dp-attention=0 --enable-dp-attention"), 0);
    assert_int_equal(f->input[3].i, 1);
    /* negative numbers as values */
    assert_int_equal(rd(f, "--chunked-prefill-size -1"), 0);
    assert_int_equal(f->input[5].i, -1);
    /* empty line and blanks */
    assert_int_equal(rd(f, ""), 0);
    assert_int_equal(f->c.ngiven, 0);
    assert_int_equal(rd(f, "  \t "), 0);
    assert_int_equal(f->c.ngiven, 0);
}

static void test_quoting(void **state)
{
    fx *f = *state;
    assert_int_equal(rd(f, "--model-path '/a b/c'"), 0);
    assert_str(f->input[4], "/a b/c");
    assert_int_equal(rd(f, "--model-path \"x\\\"y\\\\z\\$w\\`v\\q\""), 0);
    assert_str(f->input[4], "x\"y\\z$w`v\\q");
    assert_int_equal(rd(f, "--model-path a\\ b\\'c"), 0);
    assert_str(f->input[4], "a b'c");
    assert_int_equal(rd(f, "--model-path ab'c d'\"e f\"g"), 0);
    assert_str(f->input[4], "abc de fg");
    assert_int_equal(rd(f, "--model-path ''"), 0);
    assert_str(f->input[4], "");
    assert_int_equal(rd(f, "--model-path=instance://x"), 0);
    assert_str(f->input[4], "instance://x");
    assert_int_equal(rd(f, "--model-path 'it'\\''s'"), 0);
    assert_str(f->input[4], "it's");
    /* a comment */
    assert_int_equal(rd(f, "--tp-size 2 # --tp-size 3"), 0);
    assert_int_equal(f->input[0].i, 2);
    assert_int_equal(rd(f, "--model-path a#b"), 0);
    assert_str(f->input[4], "a#b");
    /* trailing backslash is literal, as sh -c */
    assert_int_equal(rd(f, "--model-path x\\"), 0);
    assert_str(f->input[4], "x\\");
    /* null for a nullable key */
    assert_int_equal(rd(f, "--model-path None"), 0);
    assert_true(f->input[4].is_null);
    assert_int_equal(rd(f, "--model-path null --deepep-mode null"), 0);
    assert_true(f->input[4].is_null);
    assert_false(f->input[1].is_null);     /* `null` is a member of that enum */
    assert_int_equal(f->input[1].i, 3);
    assert_int_equal(rd(f, "--deepep-mode None"), 0);
    assert_true(f->input[1].is_null);
}

static void test_program_words(void **state)
{
    fx *f = *state;
    assert_int_equal(rd(f, "SGLANG_MORI_NUM=8 python -m sglang.launch_server --tp-size 8"), 0);
    assert_int_equal(f->input[6].i, 8);
    assert_int_equal(f->input[0].i, 8);
    assert_int_equal(rd(f, "CUDA_VISIBLE_DEVICES=0,1 python3 -m x --tp 2 model_architecture=Foo"), 0);
    assert_str(f->input[7], "Foo");
    assert_int_equal(rd(f, "python -m sglang.launch_server"), 0);
    assert_int_equal(f->c.ngiven, 0);
    /* a near miss of a key name among the leading assignments */
    assert_int_equal(rd(f, "SGLANG_MORI_NUMS=8 python x.py"), 1);
    assert_non_null(strstr(reason(f), "did you mean 'SGLANG_MORI_NUM'"));
    /* NAME=VALUE for a flag key is not a flag */
    assert_int_equal(rd(f, "tp_size=4 --tp 2"), 0);
    assert_int_equal(f->input[0].i, 2);
}

static void test_invalid(void **state)
{
    fx *f = *state;
    assert_int_equal(rd(f, "--tp-sise 8"), 1);
    assert_string_equal(reason(f), "unknown flag '--tp-sise'; did you mean '--tp-size'?");
    assert_int_equal(rd(f, "--tp-size eight"), 1);
    assert_string_equal(reason(f), "--tp-size expects an integer, got 'eight'");
    assert_int_equal(rd(f, "--tp eight"), 1);
    assert_string_equal(reason(f), "--tp expects an integer, got 'eight'");
    assert_int_equal(rd(f, "--tp-size 99999999999999999999"), 1);
    assert_non_null(strstr(reason(f), "out of the 64-bit range"));
    assert_int_equal(rd(f, "--moe-a2a-backend pplxx"), 1);
    assert_string_equal(reason(f), "--moe-a2a-backend expects one of none, deepep, pplx, auto-round, "
                                   "got 'pplxx'; did you mean 'pplx'?");
    assert_int_equal(rd(f, "--moe-a2a-backend null"), 1);
    assert_int_equal(rd(f, "--enable-dp-attention=maybe"), 1);
    assert_string_equal(reason(f), "--enable-dp-attention expects true or false, got 'maybe'");
    assert_int_equal(rd(f, "--tp-size"), 1);
    assert_string_equal(reason(f), "missing value for --tp-size");
    assert_int_equal(rd(f, "--tp-size --enable-dp-attention"), 1);
    assert_string_equal(reason(f), "missing value for --tp-size");
    assert_int_equal(rd(f, "--tp-size 2 foo"), 1);
    assert_string_equal(reason(f), "unexpected argument 'foo'");
    assert_int_equal(rd(f, "--enable-dp-attention false"), 1);
    assert_string_equal(reason(f), "unexpected argument 'false'");
    assert_int_equal(rd(f, "--tp-size 2 -x"), 1);
    assert_int_equal(rd(f, "--tp-size 2 -tp-size 3"), 1);
    assert_string_equal(reason(f), "unknown flag '-tp-size'; did you mean '--tp-size'?");
    assert_int_equal(rd(f, "--model-path 'abc"), 1);
    assert_string_equal(reason(f), "unterminated single quote");
    assert_int_equal(rd(f, "--model-path \"abc"), 1);
    assert_string_equal(reason(f), "unterminated double quote");
    assert_int_equal(rd(f, "--tp-size 2 --"), 1);
    assert_int_equal(rd(f, "--tp 2 FOO=1"), 1);
    assert_string_equal(reason(f), "unknown variable 'FOO'");
    assert_int_equal(rd(f, "--tp 2 SGLANG_MORI_NUN=1"), 1);
    assert_string_equal(reason(f), "unknown variable 'SGLANG_MORI_NUN'; did you mean 'SGLANG_MORI_NUM'?");
    assert_int_equal(rd(f, "SGLANG_MORI_NUM=x"), 1);
    assert_string_equal(reason(f), "SGLANG_MORI_NUM expects an integer, got 'x'");
    assert_int_equal(rd(f, "--model-path 'a\tb\nc'x"), 0);
    /* a NUL byte */
    char nul[] = "--tp-size 2\0 3";
    for (int k = 0; k < 8; k++)
        f->given[k] = 0;
    assert_int_equal(fr_config_line(&f->c, nul, sizeof nul - 1), 1);
    assert_string_equal(reason(f), "NUL byte in the config");
    /* values in reasons are shown as Python repr: no raw control bytes */
    assert_int_equal(rd(f, "--tp-size 'a\033b'"), 1);
    assert_string_equal(reason(f), "--tp-size expects an integer, got 'a\\x1bb'");
}

static void test_argv(void **state)
{
    fx *f = *state;
    for (int k = 0; k < 8; k++) {
        f->input[k] = f->m->keys[k].def;
        f->given[k] = 0;
    }
    const char *argv[] = { "--model-path", "a b 'c'", "--tp-size=3", "model_architecture=X Y" };
    assert_int_equal(fr_config_argv(&f->c, 4, argv), 0);
    assert_str(f->input[4], "a b 'c'");
    assert_int_equal(f->input[0].i, 3);
    assert_str(f->input[7], "X Y");
    const char *bad[] = { "--tp-size" };
    for (int k = 0; k < 8; k++)
        f->given[k] = 0;
    assert_int_equal(fr_config_argv(&f->c, 1, bad), 1);
    for (int k = 0; k < 8; k++)
        f->given[k] = 0;
    assert_int_equal(fr_config_argv(&f->c, 0, NULL), 0);
}

static void test_spellmap(void **state)
{
    fx *f = *state;
    assert_int_equal(fr_spellmap_find(&f->m->map, "--tp", 4), 0);
    assert_int_equal(fr_spellmap_find(&f->m->map, "--tensor-parallel-size", 22), 0);
    assert_int_equal(fr_spellmap_find(&f->m->map, "SGLANG_MORI_NUM", 15), 6);
    assert_int_equal(fr_spellmap_find(&f->m->map, "--tp-size-x", 11), -1);
    assert_int_equal(fr_spellmap_find(&f->m->map, "--tp-siz", 8), -1);
    assert_int_equal(fr_spellmap_find(&f->m->map, "", 0), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_basic_flags, setup, teardown),
        cmocka_unit_test_setup_teardown(test_quoting, setup, teardown),
        cmocka_unit_test_setup_teardown(test_program_words, setup, teardown),
        cmocka_unit_test_setup_teardown(test_invalid, setup, teardown),
        cmocka_unit_test_setup_teardown(test_argv, setup, teardown),
        cmocka_unit_test_setup_teardown(test_spellmap, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
