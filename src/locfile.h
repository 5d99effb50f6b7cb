/* locfile.h — source texts kept in memory, byte-offset spans, and line maps
 * built once per file; line/column are computed only when a location is
 * rendered. */
#ifndef FR_LOCFILE_H
#define FR_LOCFILE_H
#include <stddef.h>
#include <stdint.h>
#include "flagrule.h"

/* A span of source: file id and byte offsets [start, end). */
typedef struct fr_span {
    uint32_t file;
    uint32_t start, end;
} fr_span;

#define FR_NO_FILE UINT32_MAX   /* span with no location */

typedef struct fr_sources fr_sources;

/* Sources are reference-counted: the compiler, its diagnostics and every
 * ruleset compiled from them share one object.  fr_sources_new() returns it
 * with one reference; fr_sources_ref() adds one; fr_sources_unref() (same as
 * fr_sources_free()) drops one and frees on the last, setting *s to NULL.
 * Line maps are built on first use of fr_sources_loc/line on a file (a
 * `check` of valid configs never asks: its start-up saves the pass over the
 * text); threads sharing a ruleset may ask at once, the map is published
 * with a compare-and-swap (locfile.c). */
fr_sources *fr_sources_new(void);
void        fr_sources_free(fr_sources **s);
fr_sources *fr_sources_ref(fr_sources *s);
void        fr_sources_unref(fr_sources **s);
/* Adds a file's text (copied, NUL-terminated); returns the file id or -1. */
int32_t     fr_sources_add(fr_sources *s, const char *path, const char *text, size_t len);
/* The same without a copy: takes a malloc'd buffer of at least len + 2
 * bytes (freed by the sources, also on failure). */
int32_t     fr_sources_adopt(fr_sources *s, const char *path, char *text, size_t len);
/* The same for a private mapping of a file (mmap, PROT_READ|PROT_WRITE,
 * MAP_PRIVATE) of maplen bytes whose bytes from len to at least len + 2 are
 * zero already (the end of its last page): munmap'd by the sources, also on
 * failure; maplen 0: a malloc'd text, as fr_sources_adopt. */
int32_t     fr_sources_adopt_map(fr_sources *s, const char *path, char *text, size_t len, size_t maplen);
/* Releases a text as fr_sources_adopt_map would (maplen 0: free()). */
void        fr_sources_free_text(char *text, size_t maplen);
uint32_t    fr_sources_count(const fr_sources *s);
const char *fr_sources_path(const fr_sources *s, uint32_t file);
const char *fr_sources_text(const fr_sources *s, uint32_t file, size_t *len);
/* Line and column (1-based, bytes) of a span; an end is inclusive. */
fr_loc      fr_sources_loc(const fr_sources *s, fr_span sp);
/* The full text of line `line` (1-based) without its newline. */
const char *fr_sources_line(const fr_sources *s, uint32_t file, uint32_t line, size_t *len);
#endif
