/* arena.h — bump allocation for data that lives as long as its owner
 * (a ruleset, a compiler run, one evaluation).  All allocations are checked:
 * on failure the functions return NULL and the arena stays valid. */
#ifndef FR_ARENA_H
#define FR_ARENA_H
#include <stddef.h>

typedef struct fr_arena fr_arena;

fr_arena *fr_arena_new(void);
void      fr_arena_free(fr_arena **a);
void     *fr_arena_alloc(fr_arena *a, size_t n);           /* aligned to 16, uninitialised */
void     *fr_arena_zalloc(fr_arena *a, size_t n);          /* zeroed */
void     *fr_arena_array(fr_arena *a, size_t n, size_t size);  /* zeroed, overflow-checked */
char     *fr_arena_strndup(fr_arena *a, const char *s, size_t n); /* NUL-terminated copy */
/* Forget every allocation but keep the first block for reuse (per-config arenas). */
void      fr_arena_reset(fr_arena *a);
size_t    fr_arena_used(const fr_arena *a);                /* bytes handed out */

/* Growable array helper: grows *items to hold at least `need` elements of
 * `size` bytes with malloc/realloc (not the arena).  Returns 0 or -1. */
int fr_vec_reserve(void **items, size_t *cap, size_t need, size_t size);
#endif
