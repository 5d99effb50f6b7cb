/* arena.c — bump allocator: a chain of blocks, each twice the last.
 *
 * Large blocks (128 KiB and more) are mappings of their own: fresh zero
 * pages, each faulted in when first used (calloc, served from the heap's
 * top once glibc has raised its mmap threshold, would clear and so fault
 * in all of the block); `dirty` is how far a block may hold old data (all
 * of a small malloc'd block; after fr_arena_reset, what was handed out),
 * and fr_arena_zalloc clears only below it. */

#define _DEFAULT_SOURCE   /* madvise */
#define FR_ARENA_MAP (128 * 1024)   /* a block this big or bigger: a mapping of its own (calloc if that fails) */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arena.h"
#include "prefault.h"
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define FR_HUGE (2u << 20)   /* a transparent huge page (x86-64, arm64 with 4 KiB pages) */

#define FR_PAGE ((uintptr_t)4096)   /* (a multiple of the page size is as good) */
#if defined(__linux__) && !defined(MADV_POPULATE_WRITE)
#define MADV_POPULATE_WRITE 23   /* Linux 5.14 */
#endif

static void touch_pages(unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i += FR_PAGE)
        ((volatile unsigned char *)p)[i] = 1;
}

static double mono_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

bool fr_mem_hugepages_pay(void)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE) && defined(MADV_NOHUGEPAGE)
    const size_t huge = FR_HUGE, small = (size_t)512 << 10;
    /* a huge page's worth aligned inside, then the small pages after it */
    size_t len = 2 * huge + small;
    unsigned char *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return false;
    unsigned char *h = (unsigned char *)(((uintptr_t)m + huge - 1) & ~(uintptr_t)(huge - 1));
    unsigned char *s = h + huge;
    bool ok = madvise(h, huge, MADV_HUGEPAGE) == 0 && madvise(s, small, MADV_NOHUGEPAGE) == 0;
    double t0 = mono_now();
    if (ok) {
        (void)fr_mem_populate(h, huge);
        touch_pages(h, huge);
    }
    double t1 = mono_now();
    /* the small pages faulted in, as the compiler's 4 KiB path mostly gets
     * them (~257,000 faults at a million rules): populated, they cost half
     * as much here (~6 against ~12 us a page on the AMD guest), which made
     * a first huge page the host had not backed yet (~4.2 ms) look dearer
     * than the 4 KiB path it replaces (PROFILE.md) */
    if (ok)
        touch_pages(s, small);
    double t2 = mono_now();
    (void)munmap(m, len);
    return ok && (t1 - t0) / (double)huge < (t2 - t1) / (double)small;
#else
    return false;
#endif
}

#ifdef FR_LSAN
#include <sanitizer/lsan_interface.h>
#endif

void fr_mem_lsan_root(void *p, size_t n, bool on)
{
#ifdef FR_LSAN
    if (on)
        __lsan_register_root_region(p, n);
    else
        __lsan_unregister_root_region(p, n);
#else
    (void)p;
    (void)n;
    (void)on;
#endif
}

bool fr_mem_populate(void *p, size_t n)
{
#if defined(__linux__)
    uintptr_t lo = ((uintptr_t)p + FR_PAGE - 1) & ~(FR_PAGE - 1);
    uintptr_t hi = ((uintptr_t)p + n) & ~(FR_PAGE - 1);
    if (hi <= lo)
        return true;
    int rc = madvise((void *)lo, (size_t)(hi - lo), MADV_POPULATE_WRITE);
    /* (EINVAL, ENOSYS, EPERM: not supported; ENOMEM, EFAULT, EINTR...:
     * the faults are taken later, as without the call) */
    return rc == 0 || (errno != EINVAL && errno != ENOSYS && errno != EPERM);
#else
    (void)p;
    (void)n;
    return false;
#endif
}

void fr_mem_hugepages(void *p, size_t n)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (n < 2 * (size_t)FR_HUGE)
        return;
    uintptr_t a = ((uintptr_t)p + FR_HUGE - 1) & ~(uintptr_t)(FR_HUGE - 1);
    uintptr_t e = ((uintptr_t)p + n) & ~(uintptr_t)(FR_HUGE - 1);
    if (e > a)
        (void)madvise((void *)a, e - a, MADV_HUGEPAGE);   /* a hint: failure is harmless */
#else
    (void)p;
    (void)n;
#endif
}

#define FR_ARENA_FIRST 4096

typedef struct fr_block {
    struct fr_block *prev;
    size_t           size;   /* usable bytes in data[] */
    size_t           used;   /* (the newest block: a->cur - data) */
    size_t           dirty;  /* data[dirty..size) is zero (and not handed out) */
    size_t           maplen; /* a block of its own mapping (block_map): its length; else 0 */
    _Alignas(16) unsigned char data[];
} fr_block;

#define FR_ARENA_THP ((size_t)2 << 20)   /* a transparent huge page (x86-64, arm64 with 4 KiB pages) */

/* A block of at least size bytes on a mapping of its own (fresh zero
 * pages, each faulted in when first used; its usable size is all of the
 * rounded mapping: the rounding is not wasted, the arena fills it).  huge:
 * 2 MiB-aligned, a multiple of 2 MiB long and advised onto huge pages;
 * else a multiple of the page.  NULL when that fails or is not available
 * (block_new then takes calloc's). */
static fr_block *block_map(size_t size, fr_block *prev, bool huge)
{
#if defined(__linux__)
#if !defined(MADV_HUGEPAGE)
    if (huge)
        return NULL;
#endif
    size_t hdr = sizeof(fr_block), unit = huge ? FR_ARENA_THP : (size_t)FR_PAGE;
    if (size > PTRDIFF_MAX / 2)
        return NULL;
    size_t len = (hdr + size + unit - 1) & ~(unit - 1);
    size_t over = huge ? len + unit : len;
    unsigned char *m = mmap(NULL, over, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return NULL;
    uintptr_t at = (uintptr_t)m;
#if defined(MADV_HUGEPAGE)
    if (huge) {
        at = ((uintptr_t)m + unit - 1) & ~(uintptr_t)(unit - 1);
        size_t head = (size_t)(at - (uintptr_t)m);
        if (head)
            (void)munmap(m, head);
        if (over - head > len)
            (void)munmap((void *)(at + len), over - head - len);
        (void)madvise((void *)at, len, MADV_HUGEPAGE);   /* a hint: 4 KiB pages if refused */
    }
#endif
    fr_block *b = (fr_block *)at;
    b->prev = prev;
    b->size = len - hdr;
    b->used = 0;
    b->dirty = 0;   /* (fresh anonymous pages are zero) */
    b->maplen = len;
    fr_mem_lsan_root(b, len, true);   /* (its prev: see arena.h) */
    return b;
#else
    (void)size;
    (void)prev;
    (void)huge;
    return NULL;
#endif
}

static void block_free(fr_block *b)
{
#if defined(__linux__)
    if (b->maplen) {
        fr_mem_lsan_root(b, b->maplen, false);
        (void)munmap(b, b->maplen);
        return;
    }
#endif
    free(b);
}

static fr_block *block_new(size_t size, fr_block *prev, bool thp)
{
    if (size > PTRDIFF_MAX - sizeof(fr_block))
        return NULL;
    bool big = size >= FR_ARENA_MAP;   /* (FR_ARENA_THP is bigger) */
    if (big) {
        /* (calloc, served from the heap's top, would clear all of it) */
        fr_block *m = thp && size >= FR_ARENA_THP ? block_map(size, prev, true) : NULL;
        if (!m)
            m = block_map(size, prev, false);
        if (m)
            return m;
    }
    fr_block *b = big ? calloc(1, sizeof(fr_block) + size) : malloc(sizeof(fr_block) + size);
    if (!b)
        return NULL;
    b->prev = prev;
    b->size = size;
    b->used = 0;
    b->dirty = big ? 0 : size;
    b->maplen = 0;
    return b;
}

/* Makes b the newest block. */
static void set_head(fr_arena *a, fr_block *b)
{
    a->head_spare = 0;
    a->head = b;
    a->cur = b->data + b->used;
    a->end = b->data + b->size;
    a->zero = b->data + (b->dirty > b->used ? b->dirty : b->used);
    a->asked = a->cur;
}

/* With a helper (a->pf), a fresh block of FR_PF_BLOCK bytes or more is
 * populated FR_PF_AHEAD bytes ahead of cur, and the fast path's end is at
 * most FR_PF_WINDOW past cur (so the slow path, which calls this, runs
 * again a window later).  Its pages beyond stay untouched: the free end of
 * the last block costs nothing, as without a helper.  (Windows and blocks
 * are multiples of FR_ARENA_ALIGN: end stays aligned.) */
#define FR_PF_BLOCK  ((size_t)4 << 20)
#define FR_PF_WINDOW ((size_t)512 << 10)
#define FR_PF_AHEAD  ((size_t)2 << 20)
#define FR_PF_OWN    ((size_t)64 << 20)

#define FR_ARENA_POPBLOCK ((size_t)128 << 10)

static void pop_window(fr_arena *a)
{
    fr_block *b = a->head;
    unsigned char *bend = b->data + b->size;
    size_t room = (size_t)(bend - a->cur);
    size_t w = room < a->popwin ? room : a->popwin;
    unsigned char *want = a->cur + w;
    if (a->asked < a->zero)
        a->asked = a->zero;   /* (a spare's old data: its pages are in memory) */
    if (want > a->asked) {
        /* (from the page of `asked`, which may be partly in use already,
         * to the page of `want`) */
        uintptr_t lo = (uintptr_t)a->asked & ~(uintptr_t)(FR_PAGE - 1);
        uintptr_t hi = ((uintptr_t)want + FR_PAGE - 1) & ~(uintptr_t)(FR_PAGE - 1);
        if (!fr_mem_populate((void *)lo, (size_t)(hi - lo)))
            a->popwin = 0;   /* (an old kernel: never again) */
        a->asked = (unsigned char *)hi < bend ? (unsigned char *)hi : bend;
    }
    a->end = want;
}

static void pf_window(fr_arena *a)
{
    fr_block *b = a->head;
    unsigned char *bend = b->data + b->size;
    if (!a->pf && a->popwin && b->size >= FR_ARENA_POPBLOCK) {
        pop_window(a);
        return;
    }
    if (!a->pf || b->size < FR_PF_BLOCK) {
        a->end = bend;
        return;
    }
    size_t room = (size_t)(bend - a->cur);
    unsigned char *want = a->cur + (room < FR_PF_AHEAD ? room : FR_PF_AHEAD);
    /* (a request served by the slow path lies between asked and cur: it
     * is asked for too, unless it is huge -- room to be shrunk, say) */
    if (a->asked < a->cur && (size_t)(a->cur - a->asked) > FR_PF_OWN)
        a->asked = a->cur;
    if (a->asked < a->zero)
        a->asked = a->zero;   /* (a spare's old data: its pages are in memory) */
    if (want > a->asked) {
        fr_prefault_ask(a->pf, a->asked, (size_t)(want - a->asked));
        a->asked = want;
    }
    a->end = a->cur + (room < FR_PF_WINDOW ? room : FR_PF_WINDOW);
}

void fr_arena_set_prefault(fr_arena *a, struct fr_prefault *pf)
{
    if (!a)
        return;
    a->pf = pf;
    a->asked = a->cur;
    pf_window(a);
}

void fr_arena_set_hugepages(fr_arena *a, bool on)
{
    if (a)
        a->thp = on;
}

void fr_arena_set_populate(fr_arena *a, size_t win)
{
    if (!a)
        return;
    a->popwin = win & ~(size_t)(FR_ARENA_ALIGN - 1);
    a->asked = a->cur;
    pf_window(a);
}

fr_arena *fr_arena_new(void)
{
    fr_arena *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    fr_block *b = block_new(FR_ARENA_FIRST, NULL, false);
    if (!b) {
        free(a);
        return NULL;
    }
    set_head(a, b);
    return a;
}

static void free_chain(fr_block *b)
{
    while (b) {
        fr_block *p = b->prev;
        block_free(b);
        b = p;
    }
}

/* Blocks the compiler drops as it goes: freed on the helper, if any. */
static void release_chain(fr_arena *a, fr_block *b)
{
    while (b) {
        fr_block *p = b->prev;
        if (b->maplen)
            block_free(b);   /* (the helper frees with free()) */
        else
            fr_prefault_release(a->pf, b);
        b = p;
    }
}

void fr_arena_free(fr_arena **ap)
{
    if (!ap || !*ap)
        return;
    free_chain((*ap)->head);
    free_chain((*ap)->spare);
    free(*ap);
    *ap = NULL;
}

void fr_arena_free_older(fr_arena *a, const void *p, const void **lo, const void **hi)
{
    *lo = *hi = NULL;
    const unsigned char *q = p;
    for (fr_block *b = a->head; b; b = b->prev)
        if (q >= b->data && q < b->data + b->size) {
            release_chain(a, b->prev);
            b->prev = NULL;
            *lo = b->data;
            *hi = b->data + b->size;
            return;
        }
}

/* Blocks smaller than this are not worth keeping as spares (256 KiB:
 * the syntax tree of 10,000 rules gives blocks of 256 KiB to 2 MiB, which
 * the index build reuses; 2,338 -> 2,281 page faults against 1 MiB). */
#define FR_ARENA_SPARE ((size_t)256 << 10)

/* Makes the spare block b (unlinked) the newest block of a. */
static void take_spare(fr_arena *a, fr_block *b)
{
    fr_block *h = a->head;
    h->used = (size_t)(a->cur - h->data);
    if (h->dirty < h->used)
        h->dirty = h->used;
    b->prev = h;
    b->used = 0;   /* (old data below b->dirty: zalloc clears it; above, the
                      calloc'd block's pages are zero, and untouched) */
    set_head(a, b);
    a->head_spare = 1;
}

void fr_arena_give(fr_arena *to, fr_arena **from)
{
    if (!from || !*from)
        return;
    if (!to) {
        fr_arena_free(from);
        return;
    }
    /* the spare list largest first (a chain is newest, and largest, first) */
    fr_block *b = (*from)->head, **tail = &to->spare;
    /* (how far the newest block was used: its old data) */
    b->used = (size_t)((*from)->cur - b->data);
    if (b->dirty < b->used)
        b->dirty = b->used;
    while (*tail)
        tail = &(*tail)->prev;
    while (b) {
        fr_block *p = b->prev;
        if (b->size >= FR_ARENA_SPARE) {
            b->prev = NULL;
            *tail = b;
            tail = &b->prev;
        } else {
            block_free(b);
        }
        b = p;
    }
    free_chain((*from)->spare);
    free(*from);
    *from = NULL;
    /* the largest spare at once: its pages are in memory, the newest
     * block's free end may not be (and costs nothing left untouched) */
    fr_block *s = to->spare;
    if (s) {
        to->spare = s->prev;
        take_spare(to, s);
    }
}

void fr_arena_drop_spares(fr_arena *a)
{
    if (!a)
        return;
    free_chain(a->spare);
    a->spare = NULL;
}

/* *fresh: the bytes come from a block of their own, zero (else from the
 * newest block, and `zero` says which are). */
static void *alloc_slow(fr_arena *a, size_t n, bool *fresh)
{
    *fresh = false;
    if (n == 0)
        n = 1;
    if (n > SIZE_MAX - FR_ARENA_ALIGN)
        return NULL;
    size_t need = (n + FR_ARENA_ALIGN - 1) & ~(size_t)(FR_ARENA_ALIGN - 1);
    fr_block *b = a->head;
    a->cur = (unsigned char *)(((uintptr_t)a->cur + FR_ARENA_ALIGN - 1) & ~(uintptr_t)(FR_ARENA_ALIGN - 1));
    /* (the block's own end: `end` may be a helper's window before it) */
    if ((size_t)(b->data + b->size - a->cur) < need) {
        /* a spare block that fits, if any */
        for (fr_block **sp = &a->spare; *sp; sp = &(*sp)->prev)
            if ((*sp)->size >= need) {
                fr_block *s = *sp;
                *sp = s->prev;
                take_spare(a, s);
                void *p = a->cur;
                a->cur += need;
                pf_window(a);
                return p;
            }
        if (a->head_spare && need >= FR_ARENA_SPARE && (size_t)(a->end - a->cur) >= FR_ARENA_SPARE) {
            /* a big request that does not fit in the rest of a spare:
             * a block of its own behind the newest, which goes on
             * serving (its pages are in memory already) */
            fr_block *nb = block_new(need, b->prev, a->thp);   /* (mapped: need >= FR_ARENA_MAP) */
            if (!nb)
                return NULL;
            nb->used = nb->dirty = need;
            b->prev = nb;
            *fresh = true;
            /* (such a request is most often an array written whole: up to
             * FR_PF_OWN bytes, the helper faults it in) */
            if (a->pf && need <= FR_PF_OWN)
                fr_prefault_ask(a->pf, nb->data, need);
            else if (!a->pf && a->popwin && need <= FR_PF_OWN)
                (void)fr_mem_populate(nb->data, need);
            return nb->data;
        }
        size_t size = b->size;
        while (size < need) {
            if (size > SIZE_MAX / 2)
                return NULL;
            size *= 2;
        }
        if (size < SIZE_MAX / 2 && size == b->size)
            size *= 2;
        if (a->thp && size < FR_ARENA_THP)
            size = FR_ARENA_THP;   /* (straight to huge pages: block_map rounds up) */
        fr_block *nb = block_new(size, b, a->thp);
        if (!nb)
            return NULL;
        b->used = (size_t)(a->cur - b->data);
        if (b->dirty < b->used)
            b->dirty = b->used;
        set_head(a, nb);
    }
    void *p = a->cur;
    a->cur += need;
    pf_window(a);
    return p;
}

void *fr_arena_alloc_slow(fr_arena *a, size_t n)
{
    bool fresh;
    return alloc_slow(a, n, &fresh);
}

void *fr_arena_zalloc_slow(fr_arena *a, size_t n)
{
    bool fresh;
    unsigned char *p = alloc_slow(a, n, &fresh);
    /* in the newest block, at or above its old free pointer (as in
     * fr_arena_zalloc), unless in a block of its own */
    if (p && !fresh && p < a->zero) {
        size_t k = (size_t)(a->zero - p);
        memset(p, 0, n <= k ? n : k);
    }
    return p;
}

void *fr_arena_alloc_room(fr_arena *a, size_t n)
{
    struct fr_prefault *pf = a->pf;
    size_t popwin = a->popwin;
    a->pf = NULL;
    a->popwin = 0;
    void *p = fr_arena_alloc(a, n);
    a->pf = pf;
    a->popwin = popwin;
    if (p && (pf || popwin)) {
        a->asked = a->cur;   /* (the room is the newest allocation, or has a block of its own) */
        pf_window(a);
    }
    return p;
}

size_t fr_arena_left(const fr_arena *a)
{
    const fr_block *b = a->head;
    uintptr_t p = ((uintptr_t)a->cur + FR_ARENA_ALIGN - 1) & ~(uintptr_t)(FR_ARENA_ALIGN - 1);
    uintptr_t e = (uintptr_t)(b->data + b->size);
    return p < e ? (size_t)(e - p) : 0;
}

void *fr_arena_array(fr_arena *a, size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        return NULL;
    return fr_arena_zalloc(a, n * size);
}

char *fr_arena_strndup(fr_arena *a, const char *s, size_t n)
{
    if (n == SIZE_MAX)
        return NULL;
    /* strings need no alignment: no padding after them */
    char *p;
    if (n < (size_t)(a->end - a->cur)) {
        p = (char *)a->cur;
        a->cur += n + 1;
    } else {
        p = fr_arena_alloc(a, n + 1);
        if (!p)
            return NULL;
    }
    if (n)
        memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

void fr_arena_reset(fr_arena *a)
{
    /* Keep the largest (newest) block: steady-state reuse without malloc. */
    fr_block *keep = a->head;
    free_chain(keep->prev);
    fr_arena_drop_spares(a);
    keep->prev = NULL;
    keep->used = (size_t)(a->cur - keep->data);
    if (keep->used > keep->dirty)
        keep->dirty = keep->used;
    keep->used = 0;
    set_head(a, keep);
}

size_t fr_arena_used(const fr_arena *a)
{
    size_t n = (size_t)(a->cur - a->head->data);
    for (const fr_block *b = a->head->prev; b; b = b->prev)
        n += b->used;
    return n;
}

int fr_vec_grow(void **items, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    size_t ncap = *cap ? *cap : 8;
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2)
            return -1;
        ncap *= 2;
    }
    if (size && ncap > SIZE_MAX / size)
        return -1;
    void *p = realloc(*items, ncap * size);
    if (!p)
        return -1;
    *items = p;
    *cap = ncap;
    return 0;
}
