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
#include "config_ref.h"

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
    /* (the "did you mean" is appended when the reason is asked for) */
    const char *r = fr_config_reason(&f->c);
    assert_non_null(r);
    return r;
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
    /* a trailing backslash continues the line (a pasted script): invalid,
     * a word of its own or not; an escaped one is a backslash */
    assert_int_equal(rd(f, "--model-path x\\"), 1);
    assert_int_equal(rd(f, "--model-path x \\"), 1);
    assert_int_equal(rd(f, "--model-path x\\\\"), 0);
    assert_str(f->input[4], "x\\");
    /* null for a nullable flag: its null words only (argparse has no word
     * for None); other words are text */
    assert_int_equal(rd(f, "--model-path none"), 0);
    assert_true(f->input[4].is_null);
    assert_int_equal(rd(f, "--model-path=none"), 0);
    assert_true(f->input[4].is_null);
    assert_int_equal(rd(f, "--model-path None"), 0);
    assert_str(f->input[4], "None");
    assert_int_equal(rd(f, "--model-path null --deepep-mode null"), 0);
    assert_str(f->input[4], "null");
    assert_false(f->input[1].is_null);     /* `null` is a member of that enum */
    assert_int_equal(f->input[1].i, 3);
    assert_int_equal(rd(f, "--deepep-mode=NULL"), 1);
    assert_string_equal(reason(f), "--deepep-mode expects one of auto, normal, low_latency, null (or null: 'None'), "
                                   "got 'NULL'; did you mean 'null'?");
    /* a fact reads null and None as null */
    assert_int_equal(rd(f, "model_architecture=None --tp 2"), 0);
    assert_true(f->input[7].is_null);
    assert_int_equal(rd(f, "model_architecture=none"), 0);
    assert_str(f->input[7], "none");
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
    /* NAME=VALUE for a flag key is not a flag, and no unrelated
     * environment either */
    assert_int_equal(rd(f, "tp_size=4 --tp 2"), 1);
    assert_string_equal(reason(f), "'tp_size' is a flag, not an env or fact key: write --tp-size 4");
    assert_int_equal(rd(f, "--tp 2 enable_dp_attention=0"), 1);
    assert_string_equal(reason(f),
                        "'enable_dp_attention' is a flag, not an env or fact key: write --enable-dp-attention=0");
    assert_int_equal(rd(f, "python x.py model_path='a b'"), 1);
    assert_string_equal(reason(f), "'model_path' is a flag, not an env or fact key: write --model-path 'a b'");
    /* a whole launch line quoted as one program word */
    assert_int_equal(rd(f, "'python -m x --tp-size 11'"), 1);
    assert_string_equal(reason(f), "the word 'python -m x --tp-size 11' holds a whole command line: "
                                   "write it without the quotes");
    assert_int_equal(rd(f, "'python x.py' --tp 2"), 0);
    assert_int_equal(rd(f, "\"a\t--b\""), 1);
    /* help asked for inside a config */
    assert_int_equal(rd(f, "python -h"), 1);
    assert_string_equal(reason(f), "'-h' is not a flag of the rules (it is read as a word of the config); "
                                   "for the command's help: flagrule check --help");
}

static void test_ignore_unknown(void **state)
{
    fx *f = *state;
    f->c.ignore_unknown = true;
    /* a near miss of a declared flag is skipped too, with every value word */
    assert_int_equal(rd(f, "--tp-sise 3 --cuda-graph-bs 1 2 -4 x --tp 2 --model-paths"), 0);
    assert_int_equal(f->c.ngiven, 1);
    assert_int_equal(f->input[0].i, 2);
    /* NAME=VALUE of an env/fact key is no value of it; --x=1 takes none */
    assert_int_equal(rd(f, "--x 1 SGLANG_MORI_NUM=3 --y=2 model_architecture=A"), 0);
    assert_int_equal(f->input[6].i, 3);
    assert_string_equal(f->input[7].s, "A");
    assert_int_equal(rd(f, "--x=1 2"), 1);
    assert_string_equal(reason(f), "unexpected argument '2'");
    /* slips that stay invalid */
    assert_int_equal(rd(f, "--tp 2 --help"), 1);
    assert_string_equal(reason(f), "'--help' is not a flag of the rules (it is read as a word of the config); "
                                   "for the command's help: flagrule check --help");
    assert_int_equal(rd(f, "--tp 2 -h"), 1);
    assert_int_equal(rd(f, "--=5"), 1);
    assert_string_equal(reason(f), "empty flag name in '--=5'");
    assert_int_equal(rd(f, "--tp 2 -=5"), 1);
    assert_string_equal(reason(f), "empty flag name in '-=5'");
    f->c.ignore_unknown = false;
    assert_int_equal(rd(f, "--=5"), 1);
    assert_string_equal(reason(f), "empty flag name in '--=5'");
}

static void test_invalid(void **state)
{
    fx *f = *state;
    assert_int_equal(rd(f, "--tp-sise 8"), 1);
    /* the "did you mean" is left for fr_config_reason, which appends it
     * once (asked again: the same text) */
    assert_string_equal(f->c.reason.p, "unknown flag '--tp-sise'");
    assert_string_equal(reason(f), "unknown flag '--tp-sise'; did you mean '--tp-size'?");
    assert_string_equal(reason(f), "unknown flag '--tp-sise'; did you mean '--tp-size'?");
    /* a hint never asked for does not outlive its line */
    assert_int_equal(rd(f, "--tp-sise 8"), 1);
    assert_int_equal(rd(f, "--tp-size eight"), 1);
    assert_string_equal(reason(f), "--tp-size expects an integer, got 'eight'");
    assert_int_equal(rd(f, "--tp-sise 8"), 1);
    assert_int_equal(rd(f, "--tp-size 8"), 0);
    assert_null(f->c.hint_cand);
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
    /* an env key's value of the wrong type: the default, noted for a warning */
    assert_int_equal(rd(f, "SGLANG_MORI_NUM=x"), 0);
    assert_int_equal(f->c.nfb, 1);
    assert_int_equal(f->c.fb_len[0], 1);
    assert_int_equal(f->c.store.p[f->c.fb_off[0]], 'x');
    assert_int_equal(rd(f, "SGLANG_MORI_NUM=x SGLANG_MORI_NUM=5"), 0);
    assert_int_equal(f->c.nfb, 0);   /* (a later value wins) */
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
    /* a whole launch line as one argument */
    const char *line[] = { "python -m x --tp-size 11" };
    assert_int_equal(fr_config_argv(&f->c, 1, line), 1);
    assert_string_equal(reason(f), "the word 'python -m x --tp-size 11' holds a whole command line: give its "
                                   "words as separate arguments, or the line on standard input");
    /* (a line read after it is told apart again) */
    assert_int_equal(rd(f, "\"python -m x --tp-size 11\""), 1);
    assert_string_equal(reason(f), "the word 'python -m x --tp-size 11' holds a whole command line: "
                                   "write it without the quotes");
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

/* ---- the reader against its reference (config_ref.h: the reader before
 * the fast paths) on random lines: the same result, message, keys given
 * and values, for every line --------------------------------------------- */

static const char *const fz_tokens[] = {
    /* spellings, prefixes (argparse abbreviations), near misses */
    "--tp-size", "--tensor-parallel-size", "--tp", "--deepep-mode", "--moe-a2a-backend",
    "--enable-dp-attention", "--model-path", "--chunked-prefill-size", "--tens", "--tp-", "--mo",
    "--mod", "--moe", "--ch", "--chunked", "--enable", "--e", "--de", "--tp-sise", "--deepep-mod",
    "--model-paths", "--Tp-size", "--xyz", "--", "---", "-x", "-1", "-tp", "--tp-size-",
    "--chunked-prefill-sizf", "--enable-dp-attentio", "--enable-dp-attention-and-more-bytes-here",
    /* spellings that give a constant (no value), their prefixes and =VALUE */
    "--low-latency", "--low", "--lo", "--low-latency=1", "--low=low_latency", "--low-latency=",
    "--t", "--t=4", "--t 4",
    "--no-dp-attention", "--no", "--no-dp-attention=false", "--no-dp-attentio", "-no-dp-attention",
    /* --flag=value */
    "--tp-size=8", "--deepep-mode=normal", "--enable-dp-attention=false", "--enable-dp-attention=1",
    "--enable-dp-attention=yes", "--enable-dp-attention=TRUE", "--model-path=", "--chunked-prefill-size=-5",
    "--tp=", "--x=1", "--deepep-mode=null", "--deepep-mode=None", "--tens=4", "--mo=x", "--model-path=a=b",
    "--moe-a2a-backend=auto-round", "--tp-size==3", "--=3",
    /* values */
    "8", "0", "-3", "+4", "1_000", "1__0", "_1", "1_", "99999999999999999999", "9223372036854775807",
    "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "123456789012345678",
    "1234567890123456789", "0012", "auto", "normal", "low_latency", "null", "None", "NULL", "nromal",
    "pplx", "deepep", "auto-round", "auto-roun", "none", "true", "false", "True", "/models/x",
    "a=b", "deepep_deepep_deepep_x", "low_latencz",
    /* words argparse reads as an option after a flag, or as a value */
    "-", "-a", "-.5", "-1.5", "-1.", "-1x", "-5", "-x.5", "'-y'", "\"-z\"", "'-a b'",
    /* ints around the 8-byte digit parse: lengths 1..9, bytes next to the
     * digits ('/' 0x2f, ':' 0x3a, '?' 0x3f, ';', '>') */
    "12345678", "1234567", "00000000", "99999999", "123456789", "07", "1/2", "12:", "7?", "4;4", "3>",
    "/1", ":9", "9999999:", "--tp-size=12345678", "--tp-size=1234:678", "SGLANG_MORI_NUM=87654321",
    /* NAME=VALUE */
    "SGLANG_MORI_NUM=5", "SGLANG_MORI_NUM=x", "SGLANG_MORI_NUMM=5", "SGLANG_MORI_NU=1",
    "model_architecture=Llama", "model_architecture=null", "model_architecture=", "model_architectur=1",
    "PATH=/bin", "tp_size=3", "A=1", "=x", "1A=2", "moe_a2a_backend=pplx", "sglang_mori_num=2",
    "SGLANG_MORI_NUM=-7", "model_architecture=a=b", "SGLANG_MORI_NUM=' 5 '", "'SGLANG_MORI_NUM=\t6'",
    /* program words, quoting, comments */
    "python", "-m", "sglang.launch_server", "x", "'a b'", "\"q\\\"x\"", "a\\ b", "#c", "'", "\"", "\\",
    "'--tp-size'", "--tp-size\\=3", "\"--deepep-mode\"=auto", "''", "\"\"", "'x'\"y\"z", "a#b",
    "\"a\\$b\\`c\\\\d\\e\"", "--model-path'=q'", "$HOME", "\\\n",
    /* help, empty names, a launch line as one word, flag keys as NAME=VALUE */
    "--help", "-h", "-=2", "--==", "'python -m x --tp 2'", "\"a --b\"", "deepep_mode=auto",
    "enable_dp_attention=true",
};

static uint64_t fz_next(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* One random line into buf (may hold NUL bytes); its length. */
static size_t fz_line(uint64_t *x, char *buf, size_t cap)
{
    static const char seps[][3] = { " ", " ", " ", "  ", "\t", "\n", " \t" };
    static const char junk[] = { '\0', '\r', '\t', '#', '\'', '"', '\\', '$', '!', '=', (char)0xC3, '\n', ' ', '-' };
    size_t n = 0, ntok = fz_next(x) % 14;
    if (fz_next(x) % 8 == 0)
        ntok += 20;   /* lines over several 64-byte groups */
    for (size_t t = 0; t < ntok; t++) {
        const char *tok = fz_tokens[fz_next(x) % (sizeof fz_tokens / sizeof *fz_tokens)];
        char word[200];
        size_t wl = strlen(tok);
        memcpy(word, tok, wl);
        if (fz_next(x) % 16 == 0) {   /* a long word, across a group boundary */
            size_t extra = 50 + fz_next(x) % 40;
            for (size_t i = 0; i < extra; i++)
                word[wl++] = (char)('a' + i % 26);
        }
        if (fz_next(x) % 24 == 0) {   /* a stray special byte */
            size_t at = fz_next(x) % (wl + 1);
            memmove(word + at + 1, word + at, wl - at);
            word[at] = junk[fz_next(x) % sizeof junk];
            wl++;
        }
        const char *sep = t ? seps[fz_next(x) % 7] : (fz_next(x) % 8 ? "" : " ");
        size_t sl = strlen(sep);
        if (n + sl + wl + 2 >= cap)
            break;
        memcpy(buf + n, sep, sl);
        n += sl;
        memcpy(buf + n, word, wl);
        n += wl;
    }
    if (fz_next(x) % 8 == 0)
        buf[n++] = ' ';
    return n;
}

typedef struct fz_ref {
    ref_spellmap map;
    ref_cfgin    c;
    fr_val       input[8];
    uint8_t      given[8];
    uint32_t     given_keys[8];
} fz_ref;

static void fz_compare(fx *f, fz_ref *g, int rc, int want, const char *what, const char *line, size_t len)
{
    if (rc != want || (want == 1 && strcmp(reason(f), g->c.reason.p ? g->c.reason.p : "") != 0)) {
        fprintf(stderr, "%s: [%.*s] rc %d want %d: '%s' want '%s'\n", what, (int)len, line, rc, want,
                reason(f), g->c.reason.p ? g->c.reason.p : "");
        fail();
    }
    if (want != 0)
        return;
    assert_int_equal(f->c.ngiven, g->c.ngiven);
    for (uint32_t i = 0; i < f->c.ngiven; i++)
        assert_int_equal(f->given_keys[i], g->given_keys[i]);
    /* the env keys left at their default for a value of the wrong type */
    uint8_t fb[8] = { 0 };
    for (uint32_t i = 0; i < f->c.nfb; i++) {
        assert_true(f->c.fb_key[i] < 8);
        assert_int_equal(fb[f->c.fb_key[i]], 0);
        fb[f->c.fb_key[i]] = 1;
    }
    for (int k = 0; k < 8; k++)
        assert_int_equal(fb[k], g->c.fb[k]);
    for (int k = 0; k < 8; k++) {
        assert_int_equal(f->given[k], g->given[k]);
        assert_int_equal(f->input[k].is_null, g->input[k].is_null);
        assert_int_equal(f->input[k].i, g->input[k].i);
        assert_int_equal(f->input[k].s == NULL, g->input[k].s == NULL);
        if (f->input[k].s) {
            assert_memory_equal(f->input[k].s, g->input[k].s, (size_t)f->input[k].i);
            assert_int_equal(f->input[k].s[f->input[k].i], '\0');
        }
    }
}

static void test_random_vs_reference(void **state)
{
    fx *f = *state;
    fz_ref *g = calloc(1, sizeof *g);
    assert_non_null(g);
    assert_int_equal(ref_spellmap_build(f->m->rs.arena, &f->m->rs, &g->map), 0);
    g->c.rs = &f->m->rs;
    g->c.map = &g->map;
    g->c.input = g->input;
    g->c.given = g->given;
    g->c.given_keys = g->given_keys;
    uint64_t x = 0x2545f4914f6cdd1dull;
    char line[2048];
    for (int t = 0; t < 60000; t++) {
        size_t len = fz_line(&x, line, sizeof line);
        int ign = t & 1;
        f->c.ignore_unknown = ign;
        g->c.ignore_unknown = ign;
        for (int k = 0; k < 8; k++) {
            f->input[k] = g->input[k] = f->m->keys[k].def;
            f->given[k] = g->given[k] = 0;
        }
        int rc = fr_config_line(&f->c, line, len);
        int want = ref_config_line(&g->c, line, len);
        fz_compare(f, g, rc, want, "line", line, len);
        /* the same words as argv (split at blanks, no unquoting) */
        if (!memchr(line, '\0', len)) {
            char copy[2048];
            const char *argv[300];
            size_t argc = 0;
            memcpy(copy, line, len);
            copy[len] = '\0';
            for (char *p = strtok(copy, " \t\n"); p && argc < 300; p = strtok(NULL, " \t\n"))
                argv[argc++] = p;
            for (int k = 0; k < 8; k++) {
                f->input[k] = g->input[k] = f->m->keys[k].def;
                f->given[k] = g->given[k] = 0;
            }
            rc = fr_config_argv(&f->c, argc, argv);
            want = ref_config_argv(&g->c, argc, argv);
            fz_compare(f, g, rc, want, "argv", line, len);
        }
    }
    ref_cfgin_free(&g->c);
    free(g);
}

/* The fast paths one by one (each also in the random test above). */
static void test_fast_paths(void **state)
{
    fx *f = *state;
    /* --k=v and --k v, enum, int, string, bool */
    assert_int_equal(rd(f, "--deepep-mode=low_latency --tp-size 16 --model-path /m --enable-dp-attention"), 0);
    assert_int_equal(f->input[1].i, 2);
    assert_int_equal(f->input[0].i, 16);
    assert_str(f->input[4], "/m");
    assert_int_equal(f->input[3].i, 1);
    /* a negative number as a value; an int too long for the fast path */
    assert_int_equal(rd(f, "--tp-size -3 --chunked-prefill-size 1234567890123456789"), 0);
    assert_int_equal(f->input[0].i, -3);
    assert_int_equal(f->input[5].i, 1234567890123456789ll);
    /* ints of up to 8 digits (8 bytes at a time), and bytes next to the digits */
    assert_int_equal(rd(f, "--tp-size 12345678 --chunked-prefill-size=00000090"), 0);
    assert_int_equal(f->input[0].i, 12345678);
    assert_int_equal(f->input[5].i, 90);
    assert_int_equal(rd(f, "--tp-size 7 --chunked-prefill-size=99999999"), 0);
    assert_int_equal(f->input[0].i, 7);
    assert_int_equal(f->input[5].i, 99999999);
    assert_int_equal(rd(f, "--tp-size 1234567:"), 1);
    assert_int_equal(rd(f, "--tp-size 1/"), 1);
    assert_int_equal(rd(f, "--tp-size=?"), 1);
    /* a string flag's null word, and a nullable enum's member "null" */
    assert_int_equal(rd(f, "--model-path none --deepep-mode null"), 0);
    assert_true(f->input[4].is_null);
    assert_false(f->input[1].is_null);
    assert_int_equal(f->input[1].i, 3);
    /* a prefix (argparse abbreviation) and a word that is only a prefix */
    assert_int_equal(rd(f, "--tens 4 --chunked=7"), 0);
    assert_int_equal(f->input[0].i, 4);
    assert_int_equal(f->input[5].i, 7);
    assert_int_equal(rd(f, "--mo x"), 1);
    assert_string_equal(reason(f), "ambiguous flag '--mo' could match --moe-a2a-backend, --model-path");
}

/* The largest number of names that share a slot index under mask, of the
 * names PREFIX AB SUFFIX, AB every pair of [0-9A-Za-z] (3,844 names). */
static unsigned most_in_a_slot_mid(const char *prefix, const char *suffix,
                                   uint32_t (*hash)(const char *, size_t), uint32_t mask)
{
    static const char al[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    unsigned *count = calloc((size_t)mask + 1, sizeof *count), most = 0;
    assert_non_null(count);
    char name[96];
    size_t n = strlen(prefix), m = strlen(suffix);
    assert_true(n + 2 + m < sizeof name);
    memcpy(name, prefix, n);
    memcpy(name + n + 2, suffix, m);
    for (size_t a = 0; a < sizeof al - 1; a++)
        for (size_t b = 0; b < sizeof al - 1; b++) {
            name[n] = al[a];
            name[n + 1] = al[b];
            unsigned c = ++count[hash(name, n + 2 + m) & mask];
            if (c > most)
                most = c;
        }
    free(count);
    return most;
}

static unsigned most_in_a_slot(const char *prefix, uint32_t (*hash)(const char *, size_t), uint32_t mask)
{
    return most_in_a_slot_mid(prefix, "", hash, mask);
}

static uint32_t prog_hash(const char *s, size_t n)
{
    return fr_prog_hash(s, n);
}

/* Names that differ only in their last bytes (numbered flags) spread over
 * the tables: a hash once never saw a name's last two bytes below 2^16
 * slots, and 3,844 such names shared one slot (a quadratic build). */
static void test_spelling_hash_spread(void **state)
{
    (void)state;
    static const char *const prefixes[] = { "--f", "--flag", "--flag-n", "--flag-name-",
                                            "--flag-name-aa", "--a-much-longer-flag-name-" };
    /* and names of 40 bytes that differ in bytes 8-9 (the middle and last
     * words do not cover them) */
    static const char *const middles[] = { "--layer-", "--layer-x" };
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++) {
        /* 3,844 names in 8,192 slots: ~5 at most when spread at random */
        assert_in_range(most_in_a_slot(prefixes[i], fr_spelling_hash, 8191), 1, 16);
        assert_in_range(most_in_a_slot(prefixes[i], prog_hash, 8191), 1, 16);
        assert_in_range(most_in_a_slot(prefixes[i], fr_spelling_hash, 1023), 1, 24);
    }
    for (size_t i = 0; i < sizeof middles / sizeof *middles; i++) {
        assert_in_range(most_in_a_slot_mid(middles[i], "-attention-backend-override-ab", fr_spelling_hash, 8191),
                        1, 16);
        assert_in_range(most_in_a_slot_mid(middles[i], "-attention-backend-override-ab", prog_hash, 8191), 1, 16);
    }
    /* numbered in the middle: "--attn-AB-backend-p" */
    assert_in_range(most_in_a_slot_mid("--attn-", "-backend-p", prog_hash, 8191), 1, 16);
    assert_in_range(most_in_a_slot_mid("--attn-", "-backend-p", fr_spelling_hash, 8191), 1, 16);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_basic_flags, setup, teardown),
        cmocka_unit_test_setup_teardown(test_quoting, setup, teardown),
        cmocka_unit_test_setup_teardown(test_program_words, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ignore_unknown, setup, teardown),
        cmocka_unit_test_setup_teardown(test_invalid, setup, teardown),
        cmocka_unit_test_setup_teardown(test_argv, setup, teardown),
        cmocka_unit_test_setup_teardown(test_spellmap, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fast_paths, setup, teardown),
        cmocka_unit_test_setup_teardown(test_random_vs_reference, setup, teardown),
        cmocka_unit_test(test_spelling_hash_spread),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
