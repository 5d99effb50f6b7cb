/* intern.h — one copy of each name; equal names are equal pointers. */
#ifndef FR_INTERN_H
#define FR_INTERN_H
#include <stddef.h>
#include <stdint.h>
#include "arena.h"

typedef struct fr_interner fr_interner;

fr_interner *fr_interner_new(fr_arena *a);     /* strings live in `a` */
void         fr_interner_free(fr_interner **in);
/* Returns the interned NUL-terminated copy, or NULL when out of memory. */
const char  *fr_intern(fr_interner *in, const char *s, size_t len);
/* Returns the interned copy if present, else NULL (no insertion). */
const char  *fr_intern_lookup(const fr_interner *in, const char *s, size_t len);
uint32_t     fr_hash_bytes(const void *p, size_t n);   /* FNV-1a 32 */
#endif
