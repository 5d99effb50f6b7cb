/* fuzz.h — shared pieces of the fuzz harnesses (tests/fuzz/fuzz_*.c).
 *
 * Each harness defines LLVMFuzzerTestOneInput (and LLVMFuzzerInitialize when
 * it needs set-up).  It is built two ways:
 *  - with clang -fsanitize=fuzzer,... by `make fuzz` (tests/fuzz/fuzz.sh);
 *  - with replay.c's plain main() by the normal build, so `make check`
 *    replays the seed corpus and the regression inputs with any compiler.
 *
 * A harness checks the library's contracts as it goes (status codes, NULLs,
 * results that must not depend on what was evaluated before) and calls
 * fz_fail() when one is broken: libFuzzer then records the input as a crash.
 */
#ifndef FR_FUZZ_H
#define FR_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flagrule.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define fz_fail(...)                                                     \
    do {                                                                 \
        fprintf(stderr, "fuzz: %s:%d: contract broken: ", __FILE__, __LINE__); \
        fprintf(stderr, __VA_ARGS__);                                    \
        fputc('\n', stderr);                                             \
        abort();                                                         \
    } while (0)

#define fz_check(cond, ...)                                              \
    do {                                                                 \
        if (!(cond))                                                     \
            fz_fail(__VA_ARGS__);                                        \
    } while (0)

/* Out of memory is not a finding in a fuzzer (libFuzzer reports it on its
 * own through -rss_limit_mb / -malloc_limit_mb). */
#define fz_oom() do { fputs("fuzz: out of memory\n", stderr); abort(); } while (0)

/* ---- a tiny growable string (harness side, not the library's) ---------- */
typedef struct fz_str {
    char  *p;
    size_t len, cap;
} fz_str;

static inline void fz_put(fz_str *s, const void *b, size_t n)
{
    if (s->len + n + 1 > s->cap) {
        size_t cap = s->cap ? s->cap : 256;
        while (s->len + n + 1 > cap)
            cap *= 2;
        char *p = realloc(s->p, cap);
        if (!p)
            fz_oom();
        s->p = p;
        s->cap = cap;
    }
    if (n)
        memcpy(s->p + s->len, b, n);
    s->len += n;
    s->p[s->len] = '\0';
}

static inline void fz_puts(fz_str *s, const char *z)
{
    fz_put(s, z ? z : "(null)", strlen(z ? z : "(null)"));
}

static inline void fz_putu(fz_str *s, unsigned long long v)
{
    char b[32];
    int n = snprintf(b, sizeof b, "%llu", v);
    fz_put(s, b, (size_t)n);
}

static inline void fz_str_free(fz_str *s)
{
    free(s->p);
    s->p = NULL;
    s->len = s->cap = 0;
}

/* A NUL-terminated copy of a string that must be one (checks it is). */
static inline void fz_check_cstr(const char *z, const char *what)
{
    fz_check(z != NULL, "%s is NULL", what);
    (void)strlen(z);   /* ASan/valgrind catch an unterminated string here */
}

/* FNV-1a over the input: used to pick keys/rules/modes deterministically. */
static inline uint32_t fz_hash(const uint8_t *d, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) {
        h ^= d[i];
        h *= 16777619u;
    }
    return h;
}

/* Checks a result's invariants and appends a canonical text form of it to
 * `out` (when not NULL): status, reason, every message, every resolved and
 * input value.  Defined in fuzz_result.c. */
void fz_result_check(const fr_ruleset *rs, const fr_result *r, fz_str *out);
/* Compiles path (a file or directory); prints the diagnostics and exits(1)
 * if it does not compile.  who names the harness in the message. */
fr_ruleset *fz_load_rules(const char *path, const char *who);

#endif
