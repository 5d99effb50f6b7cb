/* arena.h — bump allocation for data that lives as long as its owner
 * (a ruleset, a compiler run, one evaluation).  All allocations are checked:
 * on failure the functions return NULL and the arena stays valid.
 *
 * The common case (the request fits in the newest block) is inline: a
 * compare and a pointer bump; the rest is fr_arena_alloc_slow. */
#ifndef FR_ARENA_H
#define FR_ARENA_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define FR_ARENA_ALIGN 16

typedef struct fr_arena {
    unsigned char   *cur, *end;   /* the newest block's free bytes (end is aligned);
                                     with a helper (pf), end may be a window's end
                                     before the block's (the slow path moves it) */
    unsigned char   *zero;        /* [zero, end) of the newest block is zero */
    struct fr_block *head;        /* the newest block (arena.c) */
    struct fr_block *spare;       /* blocks given by fr_arena_give, not yet used */
    unsigned char    head_spare;  /* the newest block was a spare */
    struct fr_prefault *pf;       /* populates the newest block ahead of cur (prefault.h) */
    unsigned char   *asked;       /* how far pf was asked to in the newest block */
    size_t           popwin;      /* no helper: the pages of a big newest block are
                                     populated this many bytes ahead of cur (0: off) */
    unsigned char    thp;         /* new blocks of FR_ARENA_THP bytes or more are
                                     mapped on transparent huge pages (arena.c) */
} fr_arena;

fr_arena *fr_arena_new(void);
/* on: the arena's new blocks of 2 MiB or more are mapped 2 MiB-aligned and
 * advised onto transparent huge pages (Linux; elsewhere, or when the mapping
 * fails, they come from calloc as before).  For a rule set of some ten
 * thousand rules compiled without the helper thread: a few huge pages cost
 * less than their thousands of 4 KiB faults or populated pages, and less to
 * unmap (HACKING.md).  Blocks made before the call are unchanged. */
void      fr_arena_set_hugepages(fr_arena *a, bool on);
/* Asks the kernel to back the 2 MiB-aligned part of [p, p + n) with
 * transparent huge pages (Linux, when n is at least 4 MiB; a no-op
 * elsewhere).  For big tables read at random (per-rule state of
 * a million-rule set): fewer TLB misses.  Call it before the pages are
 * first touched.  (A big rule set's arena blocks take them only where
 * fr_mem_hugepages_pay says so.) */
void      fr_mem_hugepages(void *p, size_t n);
/* Whether this machine gives memory faster in huge pages than in 4 KiB
 * ones: times getting 2 MiB as one huge page (advised, populated, every 4
 * KiB written) against 512 KiB of 4 KiB pages faulted in (each written),
 * ~0.2-5 ms, and says yes when a byte of the huge page costs less than one
 * of the others (false without huge pages, or off Linux).  It varies between virtual
 * machines of the same kind by more than a factor of ten either way: where
 * the host backs each 4 KiB page of a guest on its first touch, huge pages
 * populated at once cost a twentieth (dense 1M compile 2.9 -> 1.6 s);
 * where it must find and zero 2 MiB for each (free page reporting), they
 * cost more.  For a big compile deciding its arenas' pages. */
bool      fr_mem_hugepages_pay(void);
/* Asks the kernel to back the whole pages of [p, p + n) now, as if they
 * were written (Linux 5.14's MADV_POPULATE_WRITE; the contents do not
 * change): memory about to be written whole costs one call instead of a
 * page fault a page (on the bench VM ~1.5 instead of ~2 us a page).
 * Returns false when the kernel refuses the advice (then do without). */
bool      fr_mem_populate(void *p, size_t n);
/* Under LeakSanitizer (ASan, LSan builds), tells it that the anonymous
 * mapping [p, p + n) holds pointers to heap blocks (on: before its first
 * use; off: before munmap): it scans only the heap, stacks and globals, so
 * a malloc'd arena block whose only reference is the `prev` of a mapped
 * block was reported leaked while live (the eval fuzzer, mid-run).  A
 * no-op in other builds. */
void      fr_mem_lsan_root(void *p, size_t n, bool on);
/* (defined in builds with LeakSanitizer: ASan's, or LSan's alone) */
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(leak_sanitizer)
#define FR_LSAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(FR_LSAN)
#define FR_LSAN 1
#endif
void      fr_arena_free(fr_arena **a);
/* With pf (a helper thread, prefault.h), the pages of a big newest block
 * are populated a few MiB ahead of the allocations: the fast path's `end`
 * is then at most a window past `cur`, and the slow path moves it on and
 * asks for the next pages.  NULL detaches the helper (before it stops). */
void      fr_arena_set_prefault(fr_arena *a, struct fr_prefault *pf);
/* Without a helper: the pages of a newest block of FR_ARENA_POPBLOCK bytes
 * or more are populated by the calling thread (MADV_POPULATE_WRITE), `win`
 * bytes at a time ahead of the allocations (0: off, the default). */
void      fr_arena_set_populate(fr_arena *a, size_t win);
void     *fr_arena_alloc_slow(fr_arena *a, size_t n);
void     *fr_arena_zalloc_slow(fr_arena *a, size_t n);

/* aligned to 16, uninitialised */
static inline void *fr_arena_alloc(fr_arena *a, size_t n)
{
    /* cur may be unaligned after a string (fr_arena_strndup); the end of a
     * block is aligned */
    unsigned char *p = (unsigned char *)(((uintptr_t)a->cur + FR_ARENA_ALIGN - 1)
                                         & ~(uintptr_t)(FR_ARENA_ALIGN - 1));
    if (n - 1 < (size_t)(a->end - p)) {
        a->cur = p + n;
        return p;
    }
    return fr_arena_alloc_slow(a, n);
}

/* zeroed */
static inline void *fr_arena_zalloc(fr_arena *a, size_t n)
{
    unsigned char *p = (unsigned char *)(((uintptr_t)a->cur + FR_ARENA_ALIGN - 1)
                                         & ~(uintptr_t)(FR_ARENA_ALIGN - 1));
    if (n - 1 < (size_t)(a->end - p)) {
        a->cur = p + n;
        /* p is in the newest block, at or above its old free pointer */
        if (p < a->zero) {
            size_t k = (size_t)(a->zero - p);
            memset(p, 0, n <= k ? n : k);
        }
        return p;
    }
    return fr_arena_zalloc_slow(a, n);
}

/* zeroed, aligned to 8 only (small structs without padding to 16) */
static inline void *fr_arena_zalloc8(fr_arena *a, size_t n)
{
    unsigned char *p = (unsigned char *)(((uintptr_t)a->cur + 7) & ~(uintptr_t)7);
    if (n - 1 < (size_t)(a->end - p)) {
        a->cur = p + n;
        if (p < a->zero)
            memset(p, 0, n);   /* (past `zero` the bytes are zero already) */
        return p;
    }
    return fr_arena_zalloc(a, n);
}

void     *fr_arena_array(fr_arena *a, size_t n, size_t size);  /* zeroed, overflow-checked */
/* The bytes the newest block has left (from cur aligned to 16): what an
 * allocation can take without a block of its own (`end` may be a window
 * before the block's end: fr_arena_set_prefault, fr_arena_set_populate). */
size_t    fr_arena_left(const fr_arena *a);
/* As fr_arena_alloc, for room that will be shrunk (fr_arena_shrink) to
 * what is used: a helper (pf) is not asked to populate it. */
void     *fr_arena_alloc_room(fr_arena *a, size_t n);
/* The newest allocation p (of n bytes) keeps its first m <= n: the rest
 * goes back to the arena (not written to: an untouched page of a big
 * block costs no memory).  A no-op when p is not the newest. */
static inline void fr_arena_shrink(fr_arena *a, void *p, size_t n, size_t m)
{
    if (p && m <= n && (unsigned char *)p + n == a->cur)
        a->cur = (unsigned char *)p + m;
}
/* Frees the blocks older than the one holding p (the whole chain before
 * it): for data freed in allocation order, as a compiler pass walks what
 * the parser built.  *lo and *hi are set to the bounds of p's block (a
 * caller calls again only once it is past them).  No-op (*lo = *hi = NULL)
 * when p is in none of a's blocks. */
void      fr_arena_free_older(fr_arena *a, const void *p, const void **lo, const void **hi);
/* Frees *from, whose data is dead, but gives its big blocks to `to`:
 * `to`'s next allocations reuse their pages (already faulted in) before it
 * asks malloc for more.  fr_arena_drop_spares(to) frees what is left. */
void      fr_arena_give(fr_arena *to, fr_arena **from);
void      fr_arena_drop_spares(fr_arena *a);
char     *fr_arena_strndup(fr_arena *a, const char *s, size_t n); /* NUL-terminated copy */
/* Forget every allocation but keep the first block for reuse (per-config arenas). */
void      fr_arena_reset(fr_arena *a);
size_t    fr_arena_used(const fr_arena *a);                /* bytes handed out */

/* Growable array helper: grows *items to hold at least `need` elements of
 * `size` bytes with malloc/realloc (not the arena).  Returns 0 or -1. */
int fr_vec_grow(void **items, size_t *cap, size_t need, size_t size);
static inline int fr_vec_reserve(void **items, size_t *cap, size_t need, size_t size)
{
    return need <= *cap ? 0 : fr_vec_grow(items, cap, need, size);
}
#endif
