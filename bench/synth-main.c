/* synth-main.c — the driver of the generated straight-line C for a synthetic
 * rule set (bench/gen-synth writes keys.h, rules.h, tables.c, rules_NNN.c).
 *
 *   synth-c < configs.txt
 *
 * One config per line (`--f12 v3 --f7=64 --f5`: the only syntax gen-synth
 * writes), one compact line out per config: STATUS TAB ERRORS TAB DECLARED,
 * byte for byte as `flagrule check --format compact`.  Keys are found by
 * their number (`--f12` is key 12): the ideal lookup, no hashing.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keys.h"
#include "rules.h"

extern rulefn *const declfn[];
extern rulefn *const chkfn[];

static char obuf[1 << 16];
static size_t olen;

static void flush_out(void)
{
    if (olen && fwrite(obuf, 1, olen, stdout) != olen)
        exit(2);
    olen = 0;
}

static inline void put(const char *s, size_t n)
{
    if (olen + n > sizeof obuf)
        flush_out();
    if (n > sizeof obuf) {
        if (fwrite(s, 1, n, stdout) != n)
            exit(2);
        return;
    }
    memcpy(obuf + olen, s, n);
    olen += n;
}

static inline void put_u(uint64_t v)
{
    char b[24];
    int n = 0;
    do
        b[23 - n++] = (char)('0' + v % 10);
    while (v /= 10);
    put(b + 24 - n, (size_t)n);
}

static inline void put_i(int64_t v)
{
    if (v < 0) {
        put("-", 1);
        put_u((uint64_t)-v);
    } else
        put_u((uint64_t)v);
}

static int64_t parse_int(const char *s, const char *e)
{
    int neg = 0;
    int64_t v = 0;
    if (s < e && *s == '-')
        neg = 1, s++;
    while (s < e)
        v = v * 10 + (*s++ - '0');
    return neg ? -v : v;
}

static int64_t V[NKEYS];
static unsigned char D[NKEYS];
static uint32_t *errs;

static void eval_line(const char *p, const char *end)
{
    memset(V, 0, sizeof V);            /* every default is 0 / v0 / false */
    memset(D, 0, sizeof D);
    while (p < end) {
        while (p < end && *p == ' ')
            p++;
        if (p >= end)
            break;
        /* "--f<digits>" */
        p += 3;
        unsigned k = 0;
        while (p < end && *p >= '0' && *p <= '9')
            k = k * 10 + (unsigned)(*p++ - '0');
        if (ktype[k] == 2) {           /* bare bool */
            V[k] = 1;
            continue;
        }
        p++;                           /* ' ' or '=' */
        const char *v = p;
        while (p < end && *p != ' ')
            p++;
        V[k] = *v == 'v' ? parse_int(v + 1, p) : parse_int(v, p);
    }
    struct out o = { errs, 0, 0, D };
    for (size_t i = 0; i < NDECLFN; i++)
        declfn[i](V, &o);
    for (size_t i = 0; i < NCHKFN; i++)
        chkfn[i](V, &o);
    if (o.nerr) {
        put("error\t", 6);
        for (size_t i = 0; i < o.nerr; i++) {
            put(i ? ",r" : "r", i ? 2 : 1);
            put_u(o.err[i]);
        }
    } else
        put("ok\t-", 4);
    put("\t", 1);
    int any = 0;
    for (unsigned k = 0; k < NKEYS; k++) {
        if (!D[k])
            continue;
        put(any ? " f" : "f", any ? 2 : 1);
        any = 1;
        put_u(k);
        put("=", 1);
        switch (ktype[k]) {
        case 0: put("v", 1); put_i(V[k]); break;
        case 1: put_i(V[k]); break;
        default: if (V[k]) put("true", 4); else put("false", 5); break;
        }
    }
    if (!any)
        put("-", 1);
    put("\n", 1);
}

int main(void)
{
    errs = malloc((NRULES + 1) * sizeof *errs);
    size_t cap = 1 << 20, len = 0;
    char *buf = malloc(cap);
    if (!errs || !buf)
        return 2;
    for (;;) {
        size_t n = fread(buf + len, 1, cap - len, stdin);
        len += n;
        char *s = buf, *e = buf + len, *nl;
        while ((nl = memchr(s, '\n', (size_t)(e - s)))) {
            eval_line(s, nl);
            s = nl + 1;
        }
        len = (size_t)(e - s);
        memmove(buf, s, len);
        if (n == 0) {
            if (len)
                eval_line(buf, buf + len);
            break;
        }
        if (len == cap) {
            cap *= 2;
            buf = realloc(buf, cap);
            if (!buf)
                return 2;
        }
    }
    flush_out();
    return fflush(stdout) ? 2 : 0;
}
