/* test_misspell.c — the edit distance and "did you mean" (misspell.c),
 * including the two bugs of nftables' version (the last character ignored,
 * the threshold compared with '<' instead of '<='). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "misspell.h"

static size_t d(const char *a, const char *b)
{
    return fr_edit_distance(a, strlen(a), b, strlen(b));
}

static void test_empty(void **state)
{
    (void)state;
    assert_int_equal(d("", ""), 0);
    assert_int_equal(d("", "abc"), 3);
    assert_int_equal(d("abc", ""), 3);
    assert_int_equal(fr_edit_distance(NULL, 0, NULL, 0), 0);
}

static void test_identity(void **state)
{
    (void)state;
    assert_int_equal(d("tp_size", "tp_size"), 0);
    assert_int_equal(d("a", "a"), 0);
}

static void test_single_edits(void **state)
{
    (void)state;
    assert_int_equal(d("tp_size", "tp_sizes"), 1);   /* insertion at the end */
    assert_int_equal(d("tp_size", "p_size"), 1);     /* deletion at the start */
    assert_int_equal(d("tp_size", "tp_sise"), 1);    /* substitution */
    assert_int_equal(d("normal", "nromal"), 1);      /* transposition */
    assert_int_equal(d("ab", "ba"), 1);
}

/* nftables bug 1: the last character was not compared. */
static void test_last_character(void **state)
{
    (void)state;
    assert_int_equal(d("ab", "ac"), 1);
    assert_int_equal(d("a", "b"), 1);
    assert_int_equal(d("pplx", "pply"), 1);
    assert_int_equal(d("abc", "abd"), 1);
    assert_int_equal(d("xy", "yx"), 1);              /* transposition of the last two */
}

static void test_multiple(void **state)
{
    (void)state;
    assert_int_equal(d("kitten", "sitting"), 3);
    assert_int_equal(d("flaw", "lawn"), 2);
    assert_int_equal(d("ca", "abc"), 3);             /* OSA, not full Damerau (which says 2) */
    assert_int_equal(d("abcdef", "ghijkl"), 6);
    assert_int_equal(d("low_latency", "lowlatency"), 1);
}

static void test_symmetric(void **state)
{
    (void)state;
    static const char *const w[] = { "", "a", "ab", "ba", "abc", "ca", "kitten", "sitting",
                                     "deepep", "deepep_v2", "mooncake", "mori", "pplx" };
    size_t n = sizeof w / sizeof w[0];
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            assert_int_equal(d(w[i], w[j]), d(w[j], w[i]));
            /* bounds: |len difference| <= d <= max len */
            size_t li = strlen(w[i]), lj = strlen(w[j]);
            size_t diff = li > lj ? li - lj : lj - li;
            assert_true(d(w[i], w[j]) >= diff);
            assert_true(d(w[i], w[j]) <= (li > lj ? li : lj));
        }
}

static void test_long_words(void **state)
{
    (void)state;
    /* longer than the stack rows: the heap path */
    char a[600], b[600];
    memset(a, 'x', sizeof a - 1);
    a[sizeof a - 1] = '\0';
    memcpy(b, a, sizeof b);
    b[300] = 'y';
    assert_int_equal(d(a, b), 1);
    b[599 - 1] = '\0';
    assert_int_equal(d(a, b), 2);
}

static void test_case_sensitive(void **state)
{
    (void)state;
    assert_int_equal(d("Auto", "auto"), 1);
}

static const char *const keys[] = { "tp_size", "dp_size", "ep_size", "deepep_mode",
                                    "moe_a2a_backend", "enable_dp_attention" };

static const char *dym(const char *w)
{
    return fr_did_you_mean(w, strlen(w), keys, sizeof keys / sizeof keys[0]);
}

static void test_did_you_mean(void **state)
{
    (void)state;
    assert_string_equal(dym("tp_sise"), "tp_size");
    assert_string_equal(dym("deepep_mod"), "deepep_mode");
    assert_string_equal(dym("enable_dp_attentoin"), "enable_dp_attention");
    assert_null(dym("world_size"));
    assert_null(dym("zzzzzzz"));
    assert_null(fr_did_you_mean("x", 1, keys, 0));
}

/* ties: the earlier candidate wins (tp_size, dp_size and ep_size are all 1 from xp_size) */
static void test_ties(void **state)
{
    (void)state;
    assert_string_equal(dym("xp_size"), "tp_size");
    static const char *const c[] = { "ab", "ba" };
    assert_string_equal(fr_did_you_mean("aa", 2, c, 2), "ab");
}

/* nftables bug 2: a candidate exactly at the threshold must qualify.
 * max(1, len/3): "abcdef" (6) allows 2. */
static void test_threshold(void **state)
{
    (void)state;
    static const char *const c2[] = { "abcdxy" };   /* distance 2 */
    assert_string_equal(fr_did_you_mean("abcdef", 6, c2, 1), "abcdxy");
    static const char *const c3[] = { "abcxyz" };   /* distance 3 */
    assert_null(fr_did_you_mean("abcdef", 6, c3, 1));
    /* short words still get 1 */
    static const char *const c1[] = { "ab" };
    assert_string_equal(fr_did_you_mean("ac", 2, c1, 1), "ab");
    static const char *const c0[] = { "cd" };
    assert_null(fr_did_you_mean("ab", 2, c0, 1));
}

/* a case-insensitive exact match always qualifies, and beats distance 1 */
/* The same words in another order count as one edit: far apart by the
 * distance, but what a writer swaps. */
static void test_word_order(void **state)
{
    (void)state;
    const char *c[] = { "--dsa-decode-backend", "--cuda-graph-backend-decode", "--cuda-graph-bs" };
    assert_string_equal(fr_did_you_mean("--cuda-graph-decode-backend", 27, c, 3), "--cuda-graph-backend-decode");
    const char *k[] = { "moe_a2a_backend", "tp_size" };
    assert_string_equal(fr_did_you_mean("backend_moe_a2a", 15, k, 2), "moe_a2a_backend");
    assert_string_equal(fr_did_you_mean("a2a-moe_backend", 15, k, 2), "moe_a2a_backend");   /* (either separator) */
    /* not the same words (and far by the distance) */
    const char *x[] = { "alpha-beta-gamma" };
    assert_null(fr_did_you_mean("gamma-betaa-alph", 16, x, 1));
    assert_null(fr_did_you_mean("gamma-gamma-beta", 16, x, 1));
    assert_string_equal(fr_did_you_mean("gamma-beta-alpha", 16, x, 1), "alpha-beta-gamma");
    assert_string_equal(fr_did_you_mean("gamma_beta-alpha", 16, x, 1), "alpha-beta-gamma");
}

/* A word left out of a hyphenated name (`--moe-backend` for
 * `--moe-a2a-backend`) counts as one edit, which plain edit distance puts
 * behind `--lora-backend`; on a tie the shorter candidate; one word alone
 * (`--backend`) or three left out is no such match. */
static void test_word_left_out(void **state)
{
    (void)state;
    const char *cand[] = { "--lora-backend", "--moe-runner-backend", "--moe-a2a-backend", "--enable-dp-attention",
                           "--backend-x" };
    size_t n = sizeof cand / sizeof *cand;
    assert_string_equal(fr_did_you_mean("--moe-backend", 13, cand, n), "--moe-a2a-backend");
    assert_string_equal(fr_did_you_mean("--a2a-backend", 13, cand, n), "--moe-a2a-backend");
    assert_string_equal(fr_did_you_mean("--dp-attention", 14, cand, n), "--enable-dp-attention");
    assert_null(fr_did_you_mean("--backend", 9, (const char *const[]){ "--moe-a2a-backend" }, 1));
    assert_null(fr_did_you_mean("--a-b", 5, (const char *const[]){ "--a-x-y-z-b" }, 1));
    assert_string_equal(fr_did_you_mean("--a-b", 5, (const char *const[]){ "--a-x-y-b" }, 1), "--a-x-y-b");
    /* an edit closer than a word left out wins */
    assert_string_equal(fr_did_you_mean("--moe-backendd", 14, (const char *const[]){ "--moe-a2a-backend", "--moe-backend" }, 2),
                        "--moe-backend");
}

static void test_case_insensitive(void **state)
{
    (void)state;
    static const char *const c[] = { "DP_SIZF", "DP_SIZE" };
    assert_string_equal(fr_did_you_mean("dp_size", 7, c, 2), "DP_SIZE");
    static const char *const e[] = { "dp_sizf", "DP_SIZE" };
    assert_string_equal(fr_did_you_mean("dp_size", 7, e, 2), "DP_SIZE");
    static const char *const f[] = { "NORMAL" };
    assert_string_equal(fr_did_you_mean("normal", 6, f, 1), "NORMAL");
}

static void test_null_candidates(void **state)
{
    (void)state;
    static const char *const c[] = { NULL, "tp_size" };
    assert_string_equal(fr_did_you_mean("tp_sise", 7, c, 2), "tp_size");
}

/* The textbook OSA recurrence, full matrix: the reference for the
 * bit-vector version (patterns of up to 64 bytes) and the row version. */
static size_t ref_osa(const char *a, size_t alen, const char *b, size_t blen)
{
    static size_t dm[200][200];
    for (size_t i = 0; i <= alen; i++)
        dm[i][0] = i;
    for (size_t j = 0; j <= blen; j++)
        dm[0][j] = j;
    for (size_t i = 1; i <= alen; i++)
        for (size_t j = 1; j <= blen; j++) {
            size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            size_t v = dm[i - 1][j] + 1;
            if (dm[i][j - 1] + 1 < v)
                v = dm[i][j - 1] + 1;
            if (dm[i - 1][j - 1] + cost < v)
                v = dm[i - 1][j - 1] + cost;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && dm[i - 2][j - 2] + 1 < v)
                v = dm[i - 2][j - 2] + 1;
            dm[i][j] = v;
        }
    return dm[alen][blen];
}

/* Random strings over small alphabets (many matches and transpositions),
 * lengths across the 64-byte word boundary, high bytes included. */
static void test_random_vs_reference(void **state)
{
    (void)state;
    uint64_t x = 0x9e3779b97f4a7c15ull;
    char a[200], b[200];
    for (int t = 0; t < 20000; t++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        size_t alen = (size_t)(x % 80), blen = (size_t)((x >> 8) % 80);
        if (t % 4 == 0)
            alen = 60 + (size_t)((x >> 16) % 8), blen = 56 + (size_t)((x >> 24) % 16);
        unsigned alpha = 2 + (unsigned)((x >> 32) % 5);
        for (size_t i = 0; i < alen; i++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            a[i] = (char)(x % alpha == 4 ? 0xC3 : 'a' + x % alpha);
        }
        for (size_t i = 0; i < blen; i++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            b[i] = (i < alen && x % 3 == 0) ? a[i] : (char)(x % alpha == 4 ? 0xC3 : 'a' + x % alpha);
        }
        size_t want = ref_osa(a, alen, b, blen);
        assert_int_equal(fr_edit_distance(a, alen, b, blen), want);
        assert_int_equal(fr_edit_distance(b, blen, a, alen), want);
        /* fr_did_you_mean (the word's bit vectors made once) takes b alone
         * as a candidate exactly when it is within the threshold (one word,
         * lower case: no word-order or case-only match) */
        if (blen) {
            char cb[201];
            memcpy(cb, b, blen);
            cb[blen] = '\0';
            const char *c1[1] = { cb };
            size_t max = alen / 3 > 1 ? alen / 3 : 1;
            const char *got = fr_did_you_mean(a, alen, c1, 1);
            if (want <= max)
                assert_ptr_equal(got, cb);
            else
                assert_null(got);
        }
    }
    /* a 150-byte pattern: the row version */
    memset(a, 'x', 150);
    memcpy(b, a, 150);
    b[10] = 'y', b[70] = 'z', b[71] = 'x';
    assert_int_equal(fr_edit_distance(a, 150, b, 149), ref_osa(a, 150, b, 149));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty),
        cmocka_unit_test(test_word_left_out),
        cmocka_unit_test(test_random_vs_reference),
        cmocka_unit_test(test_identity),
        cmocka_unit_test(test_single_edits),
        cmocka_unit_test(test_last_character),
        cmocka_unit_test(test_multiple),
        cmocka_unit_test(test_symmetric),
        cmocka_unit_test(test_long_words),
        cmocka_unit_test(test_case_sensitive),
        cmocka_unit_test(test_did_you_mean),
        cmocka_unit_test(test_ties),
        cmocka_unit_test(test_threshold),
        cmocka_unit_test(test_case_insensitive),
        cmocka_unit_test(test_word_order),
        cmocka_unit_test(test_null_candidates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
