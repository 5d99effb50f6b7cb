/* locfile.c — source texts, spans and lazily built line maps.
 *
 * Each file's text is copied once, followed by two NUL bytes (the lexer
 * scans it in place with flex's yy_scan_buffer, which needs them); a big
 * rule file is a private mapping instead (compile.c, add_file).  The line
 * map (offsets of line starts) is built on the first request for a location
 * in that file, and published with an atomic compare-and-swap: threads
 * sharing a ruleset may ask at once (the loser frees its copy).  The
 * object is reference-counted (see locfile.h). */
#include "config.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "locfile.h"
#include "cpu.h"

#if defined(__linux__)
#include <sys/mman.h>
#define FR_HAVE_MMAP 1
#endif

typedef struct fr_srcfile {
    char     *path;
    char     *text;      /* len bytes + 2 NULs */
    size_t    len;
    size_t    maplen;    /* text is a mapping of maplen bytes (0: malloc'd) */
    /* [0]: the number of lines n, [1..n]: the start offset of each; built
     * on first use (line_map) */
    _Atomic(uint32_t *) lines;
} fr_srcfile;

struct fr_sources {
    fr_srcfile *files;
    size_t      nfiles, cap;
    unsigned    refs;
};

fr_sources *fr_sources_new(void)
{
    fr_sources *s = calloc(1, sizeof *s);
    if (s)
        s->refs = 1;
    return s;
}

fr_sources *fr_sources_ref(fr_sources *s)
{
    if (s)
        s->refs++;
    return s;
}

void fr_sources_free_text(char *text, size_t maplen)
{
#ifdef FR_HAVE_MMAP
    if (maplen) {
        (void)munmap(text, maplen);
        return;
    }
#endif
    (void)maplen;
    free(text);
}

void fr_sources_unref(fr_sources **sp)
{
    if (!sp || !*sp)
        return;
    fr_sources *s = *sp;
    *sp = NULL;
    if (--s->refs > 0)
        return;
    for (size_t i = 0; i < s->nfiles; i++) {
        free(s->files[i].path);
        fr_sources_free_text(s->files[i].text, s->files[i].maplen);
        free(atomic_load_explicit(&s->files[i].lines, memory_order_relaxed));
    }
    free(s->files);
    free(s);
}

void fr_sources_free(fr_sources **s)
{
    fr_sources_unref(s);
}

static int32_t adopt(fr_sources *s, const char *path, char *text, size_t len, size_t maplen)
{
    if (s->nfiles >= INT32_MAX - 1 || len > UINT32_MAX - 2
        || fr_vec_reserve((void **)&s->files, &s->cap, s->nfiles + 1, sizeof *s->files) < 0) {
        fr_sources_free_text(text, maplen);
        return -1;
    }
    fr_srcfile *f = &s->files[s->nfiles];
    memset(f, 0, sizeof *f);
    atomic_init(&f->lines, NULL);
    f->path = strdup(path ? path : "<input>");
    if (!f->path) {
        fr_sources_free_text(text, maplen);
        return -1;
    }
    /* (a mapping's are zero: not written, its last page is not copied) */
    if (!maplen)
        text[len] = text[len + 1] = '\0';
    f->text = text;
    f->len = len;
    f->maplen = maplen;
    return (int32_t)s->nfiles++;
}

int32_t fr_sources_adopt(fr_sources *s, const char *path, char *text, size_t len)
{
    return adopt(s, path, text, len, 0);
}

int32_t fr_sources_adopt_map(fr_sources *s, const char *path, char *text, size_t len, size_t maplen)
{
    return adopt(s, path, text, len, maplen);
}

int32_t fr_sources_add(fr_sources *s, const char *path, const char *text, size_t len)
{
    if (len > UINT32_MAX - 2)
        return -1;
    char *copy = malloc(len + 2);
    if (!copy)
        return -1;
    if (len)
        memcpy(copy, text, len);
    return fr_sources_adopt(s, path, copy, len);
}

uint32_t fr_sources_count(const fr_sources *s)
{
    return s ? (uint32_t)s->nfiles : 0;
}

const char *fr_sources_path(const fr_sources *s, uint32_t file)
{
    if (!s || file >= s->nfiles)
        return NULL;
    return s->files[file].path;
}

const char *fr_sources_text(const fr_sources *s, uint32_t file, size_t *len)
{
    if (!s || file >= s->nfiles) {
        if (len)
            *len = 0;
        return NULL;
    }
    if (len)
        *len = s->files[file].len;
    return s->files[file].text;
}

static int grow_lines(uint32_t **lines, size_t *cap)
{
    uint32_t *nl = *cap > SIZE_MAX / 2 / sizeof **lines ? NULL : realloc(*lines, 2 * *cap * sizeof **lines);
    if (!nl) {
        free(*lines);
        *lines = NULL;
        return -1;
    }
    *lines = nl;
    *cap *= 2;
    return 0;
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
/* The line starts after the newlines of text[0, *done), 32 bytes a step
 * (a whole line map of a rule set at start-up: memchr a line costs ~3
 * times more); *done is where the scalar loop goes on. */
static __attribute__((target("avx2,bmi"))) int lines_avx2(const char *text, size_t len, uint32_t **lines,
                                                          size_t *np, size_t *cap, size_t *done)
{
    const __m256i nl = _mm256_set1_epi8('\n');
    size_t p = 0, n = *np;
    uint32_t *out = *lines;
    while (p + 32 <= len) {
        if (*cap - n < 64) {
            if (grow_lines(lines, cap) < 0)
                return -1;
            out = *lines;
        }
        /* 64 bytes a step while they are there, the newlines' offsets +1 */
        size_t step = p + 64 <= len ? 64 : 32;
        uint64_t m = (uint32_t)_mm256_movemask_epi8(
            _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(const void *)(text + p)), nl));
        if (step == 64)
            m |= (uint64_t)(uint32_t)_mm256_movemask_epi8(
                     _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(const void *)(text + p + 32)), nl))
                 << 32;
        uint32_t base = (uint32_t)p + 1;
        for (; m; m &= m - 1)
            out[n++] = base + (uint32_t)__builtin_ctzll(m);
        p += step;
    }
    *np = n;
    *done = p;
    return 0;
}
#endif

/* The line map of f (see fr_srcfile), built on first use; NULL when out of
 * memory. */
static const uint32_t *line_map(fr_srcfile *f)
{
    uint32_t *m = atomic_load_explicit(&f->lines, memory_order_acquire);
    if (m)
        return m;
    /* one pass: a guess at the line count, doubled when short */
    size_t cap = f->len / 32 + 80, n = 0, from = 0;
    uint32_t *lines = malloc(cap * sizeof *lines);
    if (!lines)
        return NULL;
    lines[n++] = 0;   /* (the count, below) */
    lines[n++] = 0;
#if defined(__x86_64__) && defined(__GNUC__)
    if (FR_CPU_AVX2() && FR_CPU_BMI1()
        && lines_avx2(f->text, f->len, &lines, &n, &cap, &from) < 0)
        return NULL;
#endif
    for (const char *p = f->text + from, *end = f->text + f->len;
         (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++) {
        if (n == cap && grow_lines(&lines, &cap) < 0)
            return NULL;
        lines[n++] = (uint32_t)(p - f->text + 1);
    }
    lines[0] = (uint32_t)(n - 1);
    uint32_t *seen = NULL;
    if (!atomic_compare_exchange_strong_explicit(&f->lines, &seen, lines, memory_order_acq_rel,
                                                 memory_order_acquire)) {
        free(lines);   /* another thread's map won */
        return seen;
    }
    return lines;
}

/* The line (0-based) that holds byte offset `off`; lines is a line map's
 * offsets (map + 1), n its count. */
static uint32_t line_of(const uint32_t *lines, uint32_t n, uint32_t off)
{
    uint32_t lo = 0, hi = n;   /* lines[lo] <= off < lines[hi] */
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (lines[mid] <= off)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* The line map is a cache: building it through a const pointer is the one
 * place this file casts const away (see locfile.h on threads).  *map is
 * NULL when it could not be allocated: the callers then count newlines in
 * the text, for the same answer (no error to report). */
static fr_srcfile *indexed(const fr_sources *s, uint32_t file, const uint32_t **map)
{
    if (!s || file >= s->nfiles)
        return NULL;
    fr_srcfile *f = (fr_srcfile *)&s->files[file];
    *map = line_map(f);
    return f;
}

/* The line (0-based) holding off <= len and its start offset. */
static uint32_t where(const fr_srcfile *f, const uint32_t *map, uint32_t off, uint32_t *start)
{
    if (map) {
        uint32_t l = line_of(map + 1, map[0], off);
        *start = map[1 + l];
        return l;
    }
    uint32_t l = 0, at = 0;
    for (const char *p = f->text, *e = f->text + off; (p = memchr(p, '\n', (size_t)(e - p))) != NULL; p++) {
        l++;
        at = (uint32_t)(p - f->text + 1);
    }
    *start = at;
    return l;
}

/* The start offset of line l (0-based) and the number of lines. */
static uint32_t line_start(const fr_srcfile *f, const uint32_t *map, uint32_t l, uint32_t *nlines)
{
    if (map) {
        *nlines = map[0];
        return l < map[0] ? map[1 + l] : 0;
    }
    uint32_t n = 1, at = 0;
    for (const char *p = f->text, *e = f->text + f->len; (p = memchr(p, '\n', (size_t)(e - p))) != NULL; p++) {
        if (n == l + 1)
            at = (uint32_t)(p - f->text + 1);
        n++;
    }
    *nlines = n;
    return at;
}

fr_loc fr_sources_loc(const fr_sources *s, fr_span sp)
{
    fr_loc loc = { 0 };
    if (sp.file == FR_NO_FILE)
        return loc;
    const uint32_t *map;
    fr_srcfile *f = indexed(s, sp.file, &map);
    if (!f)
        return loc;
    loc.file = f->path;
    uint32_t start = sp.start > f->len ? (uint32_t)f->len : sp.start;
    uint32_t end = sp.end > f->len ? (uint32_t)f->len : sp.end;
    if (end < start)
        end = start;
    uint32_t ls, l = where(f, map, start, &ls);
    loc.line = l + 1;
    loc.col = start - ls + 1;
    uint32_t last = end > start ? end - 1 : start;   /* inclusive end */
    uint32_t els, el = where(f, map, last, &els);
    loc.end_line = el + 1;
    loc.end_col = last - els + 1;
    return loc;
}

const char *fr_sources_line(const fr_sources *s, uint32_t file, uint32_t line, size_t *len)
{
    const uint32_t *map = NULL;
    fr_srcfile *f = indexed(s, file, &map);
    uint32_t nlines = 0, start = f && line ? line_start(f, map, line - 1, &nlines) : 0;
    if (!f || line == 0 || line > nlines) {
        if (len)
            *len = 0;
        return NULL;
    }
    uint32_t end = line < nlines ? line_start(f, map, line, &nlines) - 1 : (uint32_t)f->len;
    if (end > start && f->text[end - 1] == '\r')
        end--;
    if (len)
        *len = end - start;
    return f->text + start;
}
