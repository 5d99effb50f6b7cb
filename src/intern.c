/* intern.c — open-addressing hash set of names (linear probing). */
#define _DEFAULT_SOURCE   /* (mmap's MAP_ANONYMOUS, madvise's MADV_HUGEPAGE) */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"   /* (fr_mem_lsan_root) */
#include "intern.h"

#if defined(__linux__)
#include <sys/mman.h>
#endif

/* A zeroed table of n slots.  A large one (a name per rule: 32 MB at a
 * million rules) is its own mapping in transparent huge pages where the
 * system offers them: every new name lands on a random slot, and with 4 KiB
 * pages each is a TLB miss as well as a cache miss. */
#if defined(__linux__) && defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
#define FR_TABLE_HUGE ((size_t)4 << 20)
#define FR_HUGE_PAGE  ((size_t)2 << 20)
#endif

typedef struct fr_islot fr_islot;

static fr_islot *table_new(size_t n, size_t size)
{
#ifdef FR_TABLE_HUGE
    if (n <= SIZE_MAX / size && n * size >= FR_TABLE_HUGE) {
        /* (mapped 2 MiB more, to start on a huge page boundary; the size
         * rounds up to whole huge pages) */
        size_t bytes = (n * size + FR_HUGE_PAGE - 1) & ~(FR_HUGE_PAGE - 1);
        size_t len = bytes + FR_HUGE_PAGE;
        void *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m == MAP_FAILED)
            return NULL;
        uintptr_t at = ((uintptr_t)m + FR_HUGE_PAGE - 1) & ~(uintptr_t)(FR_HUGE_PAGE - 1);
        size_t head = at - (uintptr_t)m, tail = len - head - bytes;
        if (head)
            munmap(m, head);
        if (tail)
            munmap((char *)at + bytes, tail);
        (void)madvise((void *)at, bytes, MADV_HUGEPAGE);   /* a hint */
        fr_mem_lsan_root((void *)at, bytes, true);   /* (it points to the names) */
        return (fr_islot *)at;
    }
#endif
    return calloc(n, size);
}

static void table_free(fr_islot *t, size_t n, size_t size)
{
    if (!t)
        return;
#ifdef FR_TABLE_HUGE
    if (n * size >= FR_TABLE_HUGE) {
        size_t bytes = (n * size + FR_HUGE_PAGE - 1) & ~(FR_HUGE_PAGE - 1);
        fr_mem_lsan_root(t, bytes, false);
        munmap(t, bytes);
        return;
    }
#endif
    (void)n;
    (void)size;
    free(t);
}

typedef struct fr_islot {
    const char *s;
    uint32_t    len;
    uint32_t    hash;
} fr_islot;

#define FR_RECENT 256
/* the recent cache comes with a table of this many slots (a small table
 * is in the cache anyway; a small rule set's start-up saves the page) */
#define FR_RECENT_FROM 4096

struct fr_interner {
    fr_arena *arena;
    fr_islot *slots;
    size_t    mask;     /* capacity - 1 */
    size_t    count;
    /* the names found last, by hash: a rule set names the same few keys and
     * values again and again, and with a large table (a name per rule)
     * each probe would be a cache and TLB miss (NULL while the table is
     * small) */
    fr_islot *recent;
};

uint32_t fr_hash_bytes(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 16777619u;
    }
    return h;
}

/* The table's hash: a few loads and multiplies (names are short; FNV-1a
 * costs a multiply per byte). */
static inline uint64_t load64(const char *s)
{
    uint64_t w;
    memcpy(&w, s, 8);
    return w;
}

static inline uint32_t load32(const char *s)
{
    uint32_t w;
    memcpy(&w, s, 4);
    return w;
}

static inline uint32_t ihash(const char *s, size_t n)
{
    const uint64_t K = 0x9E3779B97F4A7C15ull;
    uint64_t h = (uint64_t)n * K, w;
    if (n >= 8) {
        size_t i = 0;
        for (; i + 8 < n; i += 8) {
            h = (h ^ load64(s + i)) * K;
            h ^= h >> 29;
        }
        w = load64(s + n - 8);   /* the last 8 bytes (may overlap) */
    } else if (n >= 4) {
        w = (uint64_t)load32(s) << 32 | load32(s + n - 4);
    } else if (n) {
        w = (uint64_t)(unsigned char)s[0] << 16 | (uint64_t)(unsigned char)s[n / 2] << 8
          | (unsigned char)s[n - 1];
    } else {
        w = 0;
    }
    h = (h ^ w) * K;
    h ^= h >> 32;
    h *= 0xC2B2AE3D27D4EB4Full;
    return (uint32_t)(h >> 32);
}

static inline bool same(const char *a, const char *b, size_t n)
{
    if (n > 8)
        return memcmp(a, b, n) == 0;
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return false;
    return true;
}

fr_interner *fr_interner_new(fr_arena *a)
{
    fr_interner *in = calloc(1, sizeof *in);
    if (!in)
        return NULL;
    in->arena = a;
    in->mask = 255;
    in->slots = table_new(in->mask + 1, sizeof *in->slots);
    if (!in->slots) {
        free(in);
        return NULL;
    }
    return in;
}

void fr_interner_free(fr_interner **inp)
{
    if (!inp || !*inp)
        return;
    table_free((*inp)->slots, (*inp)->mask + 1, sizeof *(*inp)->slots);
    free((*inp)->recent);
    free(*inp);
    *inp = NULL;
}

static inline __attribute__((always_inline)) fr_islot *find(const fr_interner *in, const char *s, size_t len, uint32_t h)
{
    for (size_t i = h & in->mask;; i = (i + 1) & in->mask) {
        fr_islot *sl = &in->slots[i];
        if (!sl->s || (sl->hash == h && sl->len == len && same(sl->s, s, len)))
            return sl;
    }
}

static int rehash(fr_interner *in, size_t ncap);

static int grow(fr_interner *in)
{
    return rehash(in, (in->mask + 1) * 2);
}

void fr_interner_reserve(fr_interner *in, size_t n)
{
    size_t ncap = in->mask + 1;
    while (ncap < SIZE_MAX / 8 && n * 4 > ncap * 3)
        ncap *= 2;
    if (ncap > in->mask + 1)
        (void)rehash(in, ncap);   /* a hint: on failure the table grows as usual */
}

/* A table of this many bytes or more (and below FR_TABLE_HUGE) is
 * populated at once: names land on every page of it (10,000 rules: 64 of
 * them, 16,384 slots, faulted in one at a time before). */
#define FR_TABLE_POPULATE ((size_t)64 << 10)

static int rehash(fr_interner *in, size_t ncap)
{
    fr_islot *ns = table_new(ncap, sizeof *ns);
    if (!ns)
        return -1;
#ifdef FR_TABLE_HUGE
    if (ncap * sizeof *ns >= FR_TABLE_POPULATE && ncap * sizeof *ns < FR_TABLE_HUGE)
#else
    if (ncap * sizeof *ns >= FR_TABLE_POPULATE)
#endif
        (void)fr_mem_populate(ns, ncap * sizeof *ns);
    for (size_t i = 0; i <= in->mask; i++) {
        fr_islot *sl = &in->slots[i];
        if (!sl->s)
            continue;
        size_t j = sl->hash & (ncap - 1);
        while (ns[j].s)
            j = (j + 1) & (ncap - 1);
        ns[j] = *sl;
    }
    table_free(in->slots, in->mask + 1, sizeof *in->slots);
    in->slots = ns;
    in->mask = ncap - 1;
    if (!in->recent && ncap >= FR_RECENT_FROM)
        in->recent = calloc(FR_RECENT, sizeof *in->recent);   /* (without it: no cache) */
    return 0;
}

/* A name is stored after its word (fr_intern_word), 4-aligned. */
static char *store(fr_arena *a, const char *s, size_t len)
{
    size_t need = sizeof(uint32_t) + len + 1;
    unsigned char *p = (unsigned char *)(((uintptr_t)a->cur + 3) & ~(uintptr_t)3);
    if (need <= (size_t)(a->end - p)) {
        a->cur = p + need;
    } else {
        p = fr_arena_alloc(a, need);
        if (!p)
            return NULL;
    }
    uint32_t w = UINT32_MAX;
    memcpy(p, &w, sizeof w);
    memcpy(p + sizeof w, s, len);
    p[sizeof w + len] = '\0';
    return (char *)p + sizeof w;
}

uint32_t *fr_intern_word(const char *name)
{
    return (uint32_t *)(void *)(name - sizeof(uint32_t));
}

const char *fr_intern(fr_interner *in, const char *s, size_t len)
{
    if (len > UINT32_MAX)
        return NULL;
    uint32_t h = ihash(s, len);
    fr_islot *rc = in->recent ? &in->recent[h & (FR_RECENT - 1)] : NULL;
    if (rc && rc->s && rc->hash == h && rc->len == len && same(rc->s, s, len))
        return rc->s;
    fr_islot *sl = find(in, s, len, h);
    if (sl->s) {
        if (rc)
            *rc = *sl;
        return sl->s;
    }
    if ((in->count + 1) * 4 > (in->mask + 1) * 3) {
        if (grow(in) < 0)
            return NULL;
        sl = find(in, s, len, h);
    }
    char *copy = store(in->arena, s, len);
    if (!copy)
        return NULL;
    sl->s = copy;
    sl->len = (uint32_t)len;
    sl->hash = h;
    in->count++;
    return copy;
}

void fr_intern_prefetch(const fr_interner *in, const char *s, size_t len)
{
    if (len <= UINT32_MAX)
        __builtin_prefetch(&in->slots[ihash(s, len) & in->mask], 1);
}

const char *fr_intern_lookup(const fr_interner *in, const char *s, size_t len)
{
    if (len > UINT32_MAX)
        return NULL;
    fr_islot *sl = find(in, s, len, ihash(s, len));
    return sl->s;
}
