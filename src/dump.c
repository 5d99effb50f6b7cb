/* dump.c — a readable dump of the IR (flagrule lint --dump-ir). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile.h"

void fr_sb_put(fr_strbuf *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (fr_vec_reserve((void **)&b->p, &b->cap, b->n + n + 1, 1) < 0) {
        b->oom = true;
        return;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = '\0';
}

void fr_sb_puts(fr_strbuf *b, const char *s)
{
    fr_sb_put(b, s, strlen(s));
}

void fr_sb_printf(fr_strbuf *b, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof tmp) {
        fr_sb_put(b, tmp, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) {
        b->oom = true;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    fr_sb_put(b, big, (size_t)n);
    free(big);
}

char *fr_ruleset_dump(const fr_ruleset *rs)
{
    (void)rs;
    return strdup("");
}
