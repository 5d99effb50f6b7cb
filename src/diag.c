/* diag.c — diagnostics as data, and their GNU-style rendering.
 *
 * A diagnostic is a record (severity, message, span, notes, hints) queued on
 * an fr_diags list; nothing is printed here.  fr_diags_render() turns one
 * record into text:
 *
 *   FILE:LINE:COL: error: MESSAGE
 *   <the source line>
 *   <caret line: ^~~~ under the span (first line of a multi-line span)>
 *   FILE:LINE:COL: note: ...        (each note, with its own source/caret)
 *   hint: ...
 *
 * Source lines are printed so that they cannot disturb a terminal: control
 * bytes and invalid UTF-8 become '?', tabs are kept (and copied into the
 * caret line, so the caret stays aligned whatever the tab width), and each
 * UTF-8 character counts as the columns a terminal gives it (cp_cols). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "diag.h"

struct fr_diag {
    const fr_sources *src;   /* for fr_diag_loc(); borrowed like the list's */
    fr_severity sev;
    char       *msg;
    fr_span     span;
    fr_diag   **notes;
    size_t      nnotes, capnotes;
    char      **hints;
    size_t      nhints, caphints;
};

struct fr_diags {
    fr_sources *src;
    fr_diag   **items;
    size_t      n, cap;
    size_t      nerrors;
};

fr_diags *fr_diags_new(fr_sources *src)
{
    fr_diags *d = calloc(1, sizeof *d);
    if (d)
        d->src = src;
    return d;
}

static void diag_free(fr_diag *g)
{
    if (!g)
        return;
    for (size_t i = 0; i < g->nnotes; i++)
        diag_free(g->notes[i]);
    for (size_t i = 0; i < g->nhints; i++)
        free(g->hints[i]);
    free(g->notes);
    free(g->hints);
    free(g->msg);
    free(g);
}

void fr_diags_free(fr_diags **dp)
{
    if (!dp || !*dp)
        return;
    fr_diags *d = *dp;
    for (size_t i = 0; i < d->n; i++)
        diag_free(d->items[i]);
    free(d->items);
    free(d);
    *dp = NULL;
}

static __attribute__((format(printf, 1, 0))) char *vformat(const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0)
        return NULL;
    char *s = malloc((size_t)n + 1);
    if (s)
        vsnprintf(s, (size_t)n + 1, fmt, ap);
    return s;
}

static __attribute__((format(printf, 4, 0))) fr_diag *diag_new(const fr_sources *src, fr_severity sev, fr_span where,
                                                         const char *fmt, va_list ap)
{
    fr_diag *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->msg = vformat(fmt, ap);
    if (!g->msg) {
        free(g);
        return NULL;
    }
    g->src = src;
    g->sev = sev;
    g->span = where;
    return g;
}

fr_diag *fr_diag_addv(fr_diags *d, fr_severity sev, fr_span where, const char *fmt, va_list ap)
{
    if (!d || fr_vec_reserve((void **)&d->items, &d->cap, d->n + 1, sizeof *d->items) < 0)
        return NULL;
    fr_diag *g = diag_new(d->src, sev, where, fmt, ap);
    if (!g)
        return NULL;
    d->items[d->n++] = g;
    if (sev == FR_SEV_ERROR)
        d->nerrors++;
    return g;
}

fr_diag *fr_diag_add(fr_diags *d, fr_severity sev, fr_span where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fr_diag *g = fr_diag_addv(d, sev, where, fmt, ap);
    va_end(ap);
    return g;
}

fr_diag *fr_diag_note_add(fr_diags *d, fr_diag *g, fr_span where, const char *fmt, ...)
{
    if (!g || fr_vec_reserve((void **)&g->notes, &g->capnotes, g->nnotes + 1, sizeof *g->notes) < 0)
        return NULL;
    va_list ap;
    va_start(ap, fmt);
    fr_diag *n = diag_new(d->src, FR_SEV_NOTE, where, fmt, ap);
    va_end(ap);
    if (n)
        g->notes[g->nnotes++] = n;
    return n;
}

int fr_diag_hint(fr_diags *d, fr_diag *g, const char *fmt, ...)
{
    (void)d;
    if (!g || fr_vec_reserve((void **)&g->hints, &g->caphints, g->nhints + 1, sizeof *g->hints) < 0)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    char *h = vformat(fmt, ap);
    va_end(ap);
    if (!h)
        return -1;
    g->hints[g->nhints++] = h;
    return 0;
}

static int diag_rank(const fr_diag *g)
{
    if (g->span.file != FR_NO_FILE)
        return 1;
    return g->sev == FR_SEV_NOTE ? 2 : 0;
}

static bool diag_before(const fr_diag *a, const fr_diag *b)
{
    int ra = diag_rank(a), rb = diag_rank(b);
    if (ra != rb)
        return ra < rb;
    if (ra != 1)
        return false;
    if (a->span.file != b->span.file)
        return a->span.file < b->span.file;
    return a->span.start < b->span.start;
}

void fr_diags_sort(fr_diags *d)
{
    if (!d || d->n < 2)
        return;
    fr_diag **tmp = malloc(d->n * sizeof *tmp);
    if (!tmp)
        return;   /* unsorted is still correct */
    /* bottom-up merge sort: stable, no recursion */
    fr_diag **src = d->items, **dst = tmp;
    for (size_t w = 1; w < d->n; w *= 2) {
        for (size_t lo = 0; lo < d->n; lo += 2 * w) {
            size_t mid = lo + w < d->n ? lo + w : d->n;
            size_t hi = lo + 2 * w < d->n ? lo + 2 * w : d->n;
            size_t i = lo, j = mid, o = lo;
            while (i < mid && j < hi)
                dst[o++] = diag_before(src[j], src[i]) ? src[j++] : src[i++];
            while (i < mid)
                dst[o++] = src[i++];
            while (j < hi)
                dst[o++] = src[j++];
        }
        fr_diag **t = src;
        src = dst;
        dst = t;
    }
    if (src != d->items)
        memcpy(d->items, src, d->n * sizeof *src);
    free(tmp);
}

/* ---- the public accessors ------------------------------------------------ */

size_t fr_diags_count(const fr_diags *d) { return d ? d->n : 0; }
size_t fr_diags_errors(const fr_diags *d) { return d ? d->nerrors : 0; }

const fr_diag *fr_diags_get(const fr_diags *d, size_t i)
{
    return d && i < d->n ? d->items[i] : NULL;
}

/* (NULL g: what an absent diagnostic has, so that a chained call on an
 * index past the end, fr_diag_message(fr_diags_get(d, n)), is safe) */
fr_severity fr_diag_severity(const fr_diag *g) { return g ? g->sev : FR_SEV_ERROR; }
const char *fr_diag_message(const fr_diag *g) { return g ? g->msg : NULL; }
size_t fr_diag_nnotes(const fr_diag *g) { return g ? g->nnotes : 0; }

const fr_diag *fr_diag_note(const fr_diag *g, size_t i)
{
    return g && i < g->nnotes ? g->notes[i] : NULL;
}

fr_loc fr_diag_loc(const fr_diag *g)
{
    if (!g) {
        fr_loc none = { 0 };
        return none;
    }
    return fr_sources_loc(g->src, g->span);
}

/* ---- rendering ----------------------------------------------------------- */

typedef struct buf {
    char  *p;
    size_t n, cap;
    int    oom;
} buf;

static void put(buf *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (fr_vec_reserve((void **)&b->p, &b->cap, b->n + n + 1, 1) < 0) {
        b->oom = 1;
        return;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = '\0';
}

static void puts_(buf *b, const char *s) { put(b, s, strlen(s)); }

static void putf(buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(buf *b, const char *fmt, ...)
{
    char tmp[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof tmp) {
        put(b, tmp, (size_t)n);
        return;
    }
    va_start(ap, fmt);
    char *s = vformat(fmt, ap);
    va_end(ap);
    if (!s) {
        b->oom = 1;
        return;
    }
    put(b, s, (size_t)n);
    free(s);
}

/* Length of the valid UTF-8 sequence at p (at most n bytes), or 0; its
 * code point in *cpp. */
static size_t utf8_cp(const unsigned char *p, size_t n, unsigned *cpp)
{
    unsigned c = p[0];
    size_t len;
    unsigned min;
    *cpp = c;
    if (c < 0x80)
        return 1;
    else if (c >= 0xc2 && c <= 0xdf)
        len = 2, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef)
        len = 3, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4)
        len = 4, min = 0x10000;
    else
        return 0;
    if (len > n)
        return 0;
    unsigned cp = c & (0x7f >> len);
    for (size_t i = 1; i < len; i++) {
        if ((p[i] & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (p[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    *cpp = cp;
    return len;
}

/* Terminal columns of code point cp: 0 for combining marks and zero-width
 * characters, 2 for the East Asian wide and fullwidth ranges (CJK, Hangul,
 * kana, fullwidth forms, emoji blocks), 1 otherwise. */
static unsigned cp_cols(unsigned cp)
{
    static const unsigned zero[][2] = {
        { 0x0300, 0x036f }, { 0x0483, 0x0489 }, { 0x0591, 0x05bd }, { 0x1ab0, 0x1aff },
        { 0x1dc0, 0x1dff }, { 0x200b, 0x200f }, { 0x20d0, 0x20ff }, { 0xfe00, 0xfe0f },
        { 0xfe20, 0xfe2f }, { 0xfeff, 0xfeff },
    };
    static const unsigned wide[][2] = {
        { 0x1100, 0x115f }, { 0x2329, 0x232a }, { 0x2e80, 0x303e }, { 0x3041, 0x33ff },
        { 0x3400, 0x4dbf }, { 0x4e00, 0x9fff }, { 0xa000, 0xa4cf }, { 0xa960, 0xa97f },
        { 0xac00, 0xd7a3 }, { 0xf900, 0xfaff }, { 0xfe10, 0xfe19 }, { 0xfe30, 0xfe6f },
        { 0xff00, 0xff60 }, { 0xffe0, 0xffe6 }, { 0x16fe0, 0x16fe4 }, { 0x17000, 0x18cff },
        { 0x1b000, 0x1b2ff }, { 0x1f300, 0x1f64f }, { 0x1f680, 0x1f6ff }, { 0x1f900, 0x1f9ff },
        { 0x20000, 0x2fffd }, { 0x30000, 0x3fffd },
    };
    if (cp < 0x300)
        return 1;
    for (size_t i = 0; i < sizeof zero / sizeof *zero; i++)
        if (cp >= zero[i][0] && cp <= zero[i][1])
            return 0;
    for (size_t i = 0; i < sizeof wide / sizeof *wide; i++)
        if (cp >= wide[i][0] && cp <= wide[i][1])
            return 2;
    return 1;
}

/* Text without control characters (C0, DEL and C1) or invalid UTF-8 (each
 * byte becomes '?'; a C1 control is one '?'). */
static void put_safe(buf *b, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        unsigned cp;
        size_t k = utf8_cp(p + i, n - i, &cp);
        if (k == 1 && (p[i] < 0x20 || p[i] == 0x7f) && p[i] != '\t')
            k = 0;
        if (k == 2 && cp < 0xa0) {
            put(b, "?", 1);
            i += 2;
            continue;
        }
        if (k == 0) {
            put(b, "?", 1);
            i++;
        } else {
            put(b, s + i, k);
            i += k;
        }
    }
}

/* Columns of the character at p (n bytes left) as put_safe shows it, and
 * its length in *k: a bad byte is one column ('?'), as is a control. */
static unsigned char_cols(const unsigned char *p, size_t n, size_t *k)
{
    unsigned cp;
    *k = utf8_cp(p, n, &cp);
    if (*k == 0) {
        *k = 1;
        return 1;
    }
    return cp < 0xa0 ? 1 : cp_cols(cp);
}

/* The caret line for columns [col, endcol] (1-based bytes) of `line`:
 * a tab above stays a tab; each character is as many columns as a terminal
 * gives it (a wide CJK character two, a combining mark none), a bad byte
 * one. */
static void put_caret(buf *b, const char *line, size_t len, uint32_t col, uint32_t endcol)
{
    const unsigned char *p = (const unsigned char *)line;
    size_t i = 0, start = col - 1, end = endcol;   /* [start, end) in bytes */
    size_t k;
    if (start > len)
        start = len;
    if (end > len)
        end = len;
    if (end <= start)
        end = start + 1;
    while (i < start) {
        unsigned w = char_cols(p + i, len - i, &k);
        if (p[i] == '\t')
            put(b, "\t", 1);
        else
            for (unsigned j = 0; j < w; j++)
                put(b, " ", 1);
        i += k;
    }
    put(b, "^", 1);
    if (i < len) {
        for (unsigned w = char_cols(p + i, len - i, &k); w > 1; w--)
            put(b, "~", 1);
        i += k;
    } else {
        i++;
    }
    while (i < end) {
        for (unsigned w = char_cols(p + i, len - i, &k); w > 0; w--)
            put(b, "~", 1);
        i += k;
    }
    put(b, "\n", 1);
}

/* Lines longer than this are shown as a window around the caret. */
#define FR_LINE_MAX    400
#define FR_LINE_BEFORE 60

#define C_BOLD  "\033[1m"
#define C_RED   "\033[1;31m"
#define C_MAG   "\033[1;35m"
#define C_CYAN  "\033[1;36m"
#define C_GREEN "\033[1;32m"
#define C_OFF   "\033[0m"

static const char *sev_word(fr_severity s)
{
    switch (s) {
    case FR_SEV_ERROR:   return "error";
    case FR_SEV_WARNING: return "warning";
    case FR_SEV_INFO:    return "info";
    case FR_SEV_NOTE:    return "note";
    }
    return "error";
}

static const char *sev_color(fr_severity s)
{
    switch (s) {
    case FR_SEV_ERROR:   return C_RED;
    case FR_SEV_WARNING: return C_MAG;
    default:             return C_CYAN;
    }
}

static void render_one(buf *b, const fr_diags *d, const fr_diag *g, bool color)
{
    fr_loc loc = fr_sources_loc(d->src, g->span);
    if (color)
        puts_(b, C_BOLD);
    if (loc.file) {
        put_safe(b, loc.file, strlen(loc.file));
        putf(b, ":%u:%u: ", loc.line, loc.col);
    }
    if (color)
        puts_(b, C_OFF);
    if (color)
        puts_(b, sev_color(g->sev));
    puts_(b, sev_word(g->sev));
    puts_(b, ":");
    if (color)
        puts_(b, C_OFF);
    puts_(b, " ");
    put_safe(b, g->msg, strlen(g->msg));
    puts_(b, "\n");
    if (!loc.file)
        return;
    size_t len;
    const char *line = fr_sources_line(d->src, g->span.file, loc.line, &len);
    if (!line)
        return;
    uint32_t endcol = loc.end_line == loc.line ? loc.end_col : (uint32_t)len;
    uint32_t col = loc.col;
    /* a very long line: a window around the caret */
    bool cut_left = false;
    if (len > FR_LINE_MAX) {
        size_t ws = col > FR_LINE_BEFORE ? col - 1 - FR_LINE_BEFORE : 0;
        while (ws > 0 && ((unsigned char)line[ws] & 0xc0) == 0x80)
            ws--;
        size_t we = ws + FR_LINE_MAX / 2 < len ? ws + FR_LINE_MAX / 2 : len;
        while (we < len && ((unsigned char)line[we] & 0xc0) == 0x80)
            we++;
        cut_left = ws > 0;
        if (cut_left)
            puts_(b, "...");
        put_safe(b, line + ws, we - ws);
        if (we < len)
            puts_(b, "...");
        line += ws;
        len = we - ws;
        col -= (uint32_t)ws;
        endcol = endcol > ws ? endcol - (uint32_t)ws : col;
        if (endcol > len)
            endcol = (uint32_t)len;
    } else {
        put_safe(b, line, len);
    }
    puts_(b, "\n");
    if (color)
        puts_(b, C_GREEN);
    if (cut_left)
        puts_(b, "   ");
    put_caret(b, line, len, col, endcol);
    if (color) {
        b->n--;   /* before the newline */
        puts_(b, C_OFF "\n");
    }
}

char *fr_diags_render(const fr_diags *d, const fr_diag *g, bool color)
{
    if (!d || !g)
        return NULL;
    buf b = { 0 };
    render_one(&b, d, g, color);
    for (size_t i = 0; i < g->nnotes; i++)
        render_one(&b, d, g->notes[i], color);
    for (size_t i = 0; i < g->nhints; i++) {
        puts_(&b, color ? C_BOLD "hint:" C_OFF " " : "hint: ");
        put_safe(&b, g->hints[i], strlen(g->hints[i]));
        puts_(&b, "\n");
    }
    if (b.oom) {
        free(b.p);
        return NULL;
    }
    if (!b.p)
        return calloc(1, 1);
    return b.p;
}
