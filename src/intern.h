/* intern.h — one copy of each name; equal names are equal pointers. */
#ifndef FR_INTERN_H
#define FR_INTERN_H
#include <stddef.h>
#include <stdint.h>
#include "arena.h"

typedef struct fr_interner fr_interner;

fr_interner *fr_interner_new(fr_arena *a);     /* strings live in `a` */
void         fr_interner_free(fr_interner **in);
/* Room for about n names without rehashing (a hint: nothing on failure). */
void         fr_interner_reserve(fr_interner *in, size_t n);
/* Returns the interned NUL-terminated copy, or NULL when out of memory. */
const char  *fr_intern(fr_interner *in, const char *s, size_t len);
/* Returns the interned copy if present, else NULL (no insertion). */
const char  *fr_intern_lookup(const fr_interner *in, const char *s, size_t len);
/* Starts loading the table slot of a name about to be interned (a hint: a
 * table much larger than the caches misses on every new name). */
void         fr_intern_prefetch(const fr_interner *in, const char *s, size_t len);
uint32_t     fr_hash_bytes(const void *p, size_t n);   /* FNV-1a 32 */
/* A word stored with each interned name, for its owner's use (the compiler:
 * the rule of that name); UINT32_MAX until set.  `name` must come from
 * fr_intern (it stays valid after fr_interner_free, with the arena). */
uint32_t    *fr_intern_word(const char *name);
#endif
