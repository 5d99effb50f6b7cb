/* stream-ab.c -- the SGLang stream's per-config time, in process, for A/B
 * comparisons of two builds (bench/stream-ab.py runs two of these and has
 * them take turns block by block).  Whole-process runs of the 1M-config
 * stream spread ~20% on the shared bench VM; this spreads 1-2% (A/A).
 *
 * Each block of 2,000 lines goes through what `check -j 1` does with it:
 * copied into a 128 KiB buffer as read() would (the partial last line moved
 * to the front), newlines found 64 bytes at a time, fr_eval_line and
 * fr_result_append_compact per line (the output reset every 64 KiB).  The
 * kernel's read() itself (~45 ms of a 1M-config run) is not in it.
 *
 * Build against a build tree's static library (not built by `make`):
 *   gcc -O2 -g -I$SRC/include -o stream-ab $SRC/bench/stream-ab.c \
 *       $BUILD/.libs/libflagrule.a $BUILD/.libs/libfrparse.a -lpcre2-8 -pthread -static
 * Run:
 *   stream-ab RULES INPUT [PASSES]   ticks (TSC) per config: the sum of each
 *                                    block's fastest pass, and the median pass
 *   stream-ab RULES INPUT serve      prints the number of blocks, then times
 *                                    each block number read from stdin */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <immintrin.h>
#include <x86intrin.h>
#include "flagrule.h"

enum { BLOCK = 2000, CAP = 1 << 17 };

static char *out;
static size_t olen, ocap;

/* (as find_nl_avx2 in src/cli/cmd_check.c) */
static __attribute__((target("avx2"))) char *find_nl(char *p)
{
    const __m256i nl = _mm256_set1_epi8('\n');
    for (;;) {
        __m256i a = _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(const void *)p), nl);
        __m256i b = _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(const void *)(p + 32)), nl);
        __m256i ab = _mm256_or_si256(a, b);
        if (!_mm256_testz_si256(ab, ab)) {
            uint64_t m = (uint64_t)(uint32_t)_mm256_movemask_epi8(a) |
                         (uint64_t)(uint32_t)_mm256_movemask_epi8(b) << 32;
            return p + __builtin_ctzll(m);
        }
        p += 64;
    }
}

/* The lines of buf[start, len) that end with a newline; returns the rest's start. */
static size_t lines(fr_eval *ev, char *buf, size_t start, size_t len)
{
    memset(buf + len, '\n', 64);
    for (;;) {
        char *nl = find_nl(buf + start);
        if (nl == buf + len)
            return start;
        size_t l = (size_t)(nl - (buf + start));
        const fr_result *r = fr_eval_line(ev, buf + start, l);
        if (!r || fr_result_append_compact(r, &out, &olen, &ocap) != FR_OK) {
            fprintf(stderr, "stream-ab: out of memory\n");
            exit(2);
        }
        if (olen >= 65536)
            olen = 0;
        start += l + 1;
    }
}

static uint64_t run_block(fr_eval *ev, char *buf, const char *data, size_t pos, size_t end)
{
    uint64_t t0 = __rdtsc();
    size_t len = 0, start = 0;
    while (pos < end) {
        size_t rest = len - start;
        memmove(buf, buf + start, rest);
        len = rest;
        start = 0;
        size_t want = CAP - len;
        if (want > end - pos)
            want = end - pos;
        memcpy(buf + len, data + pos, want);
        pos += want;
        len += want;
        start = lines(ev, buf, start, len);
    }
    return __rdtsc() - t0;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: stream-ab RULES INPUT [PASSES|serve]\n");
        return 2;
    }
    fr_compiler *c = fr_compiler_new();
    fr_rc rc;
    if (!c || fr_compiler_add_path(c, argv[1]) != FR_OK)
        return 2;
    fr_ruleset *rs = fr_compile(c, &rc);
    if (!rs) {
        fprintf(stderr, "stream-ab: %s: compile failed\n", argv[1]);
        return 2;
    }
    fr_eval *ev = fr_eval_new(rs);
    if (!ev)
        return 2;
    fr_eval_set_use_environ(ev, false);
    FILE *f = fopen(argv[2], "rb");
    if (!f) {
        perror(argv[2]);
        return 2;
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *data = malloc((size_t)n + 64);
    if (!data || fread(data, 1, (size_t)n, f) != (size_t)n)
        return 2;
    fclose(f);
    /* the blocks: BLOCK lines each (the last one shorter) */
    size_t *bs = malloc(((size_t)n / BLOCK + 3) * sizeof *bs), nb = 0, nl = 0;
    bs[nb++] = 0;
    for (long i = 0; i < n; i++)
        if (data[i] == '\n' && ++nl % BLOCK == 0)
            bs[nb++] = (size_t)i + 1;
    if (bs[nb - 1] != (size_t)n)
        bs[nb++] = (size_t)n;
    nb--;
    char *buf = malloc(CAP + 64);
    if (argc > 3 && strcmp(argv[3], "serve") == 0) {
        printf("%zu\n", nb);
        fflush(stdout);
        long b;
        while (scanf("%ld", &b) == 1 && b >= 0 && (size_t)b < nb) {
            printf("%llu\n", (unsigned long long)run_block(ev, buf, data, bs[b], bs[b + 1]));
            fflush(stdout);
        }
        return 0;
    }
    int passes = argc > 3 ? atoi(argv[3]) : 10;
    if (passes < 1)
        passes = 1;
    uint64_t *mn = malloc(nb * sizeof *mn), *tot = calloc((size_t)passes, sizeof *tot);
    for (size_t b = 0; b < nb; b++)
        mn[b] = UINT64_MAX;
    for (int p = 0; p < passes; p++)
        for (size_t b = 0; b < nb; b++) {
            uint64_t t = run_block(ev, buf, data, bs[b], bs[b + 1]);
            if (t < mn[b])
                mn[b] = t;
            tot[p] += t;
        }
    uint64_t s = 0;
    for (size_t b = 0; b < nb; b++)
        s += mn[b];
    qsort(tot, (size_t)passes, sizeof *tot, cmp_u64);
    printf("ticks per config: %.1f (sum of block minima), %.1f (median pass)\n", (double)s / (double)nl,
           (double)tot[passes / 2] / (double)nl);
    return 0;
}
