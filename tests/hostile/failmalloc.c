/* failmalloc.c — an LD_PRELOAD shim that makes one allocation of the
 * flagrule command fail, for tests/hostile/oom-cli.py.
 *
 *   FAILMALLOC_AT=N      fail the N-th allocation made by the program itself
 *                        (or by libpcre2 / libjansson); 0 or unset: count only
 *   FAILMALLOC_STICKY=1  also fail every allocation after it
 *   FAILMALLOC_COUNT=F   at exit, write the number of allocations seen to F
 *
 * Allocations made inside libc (stdio buffers, the dynamic loader) are not
 * failed: the point is the program's own out-of-memory handling.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);

static unsigned long count, fail_at;
static int sticky, ready;
static __thread int busy;
static const void *exe_base;

static int first_object(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    (void)data;
    exe_base = (const void *)info->dlpi_addr;
    return 1;   /* the first object is the program */
}

__attribute__((constructor)) static void init(void)
{
    const char *at = getenv("FAILMALLOC_AT");
    fail_at = at ? strtoul(at, NULL, 10) : 0;
    sticky = getenv("FAILMALLOC_STICKY") != NULL;
    dl_iterate_phdr(first_object, NULL);
    ready = 1;
}

__attribute__((destructor)) static void fini(void)
{
    const char *f = getenv("FAILMALLOC_COUNT");
    if (f) {
        FILE *o = fopen(f, "w");
        if (o) {
            fprintf(o, "%lu\n", count);
            fclose(o);
        }
    }
}

static int targeted(const void *ra)
{
    Dl_info di;
    if (!dladdr(ra, &di))
        return 0;
    if (di.dli_fbase == exe_base)
        return 1;
    return di.dli_fname && (strstr(di.dli_fname, "libpcre2") || strstr(di.dli_fname, "libjansson"));
}

static int should_fail(const void *ra)
{
    if (!ready || busy)
        return 0;
    busy = 1;
    int t = targeted(ra);
    busy = 0;
    if (!t)
        return 0;
    count++;
    if (fail_at && (count == fail_at || (sticky && count > fail_at))) {
        errno = ENOMEM;
        return 1;
    }
    return 0;
}

void *malloc(size_t n)
{
    return should_fail(__builtin_return_address(0)) ? NULL : __libc_malloc(n);
}

void *calloc(size_t n, size_t m)
{
    return should_fail(__builtin_return_address(0)) ? NULL : __libc_calloc(n, m);
}

void *realloc(void *p, size_t n)
{
    return should_fail(__builtin_return_address(0)) ? NULL : __libc_realloc(p, n);
}

char *strdup(const char *s)
{
    if (should_fail(__builtin_return_address(0)))
        return NULL;
    size_t n = strlen(s) + 1;
    char *p = __libc_malloc(n);
    return p ? memcpy(p, s, n) : NULL;
}

char *strndup(const char *s, size_t max)
{
    if (should_fail(__builtin_return_address(0)))
        return NULL;
    size_t n = strnlen(s, max);
    char *p = __libc_malloc(n + 1);
    if (!p)
        return NULL;
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}
