/* diag.h — diagnostics as data (internal side of the fr_diags API).
 * The compiler queues records; the CLI renders them. */
#ifndef FR_DIAG_H
#define FR_DIAG_H
#include <stdarg.h>
#include "flagrule.h"
#include "locfile.h"

fr_diags *fr_diags_new(fr_sources *src);   /* borrows src for rendering */
void      fr_diags_free(fr_diags **d);

/* Adds a diagnostic; returns it (to attach notes) or NULL when out of
 * memory.  printf-style message. */
fr_diag *fr_diag_add(fr_diags *d, fr_severity sev, fr_span where, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
fr_diag *fr_diag_addv(fr_diags *d, fr_severity sev, fr_span where, const char *fmt, va_list ap)
    __attribute__((format(printf, 4, 0)));
/* A note ("previous definition is here", "did you mean ...") under g. */
fr_diag *fr_diag_note_add(fr_diags *d, fr_diag *g, fr_span where, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Sorts the list by location (file order, then offset), stably; located
 * diagnostics come after those without a location (I/O errors), except a
 * top-level note without location ("too many errors"), which stays last. */
void      fr_diags_sort(fr_diags *d);
/* A hint line without location printed after g ("hint: ..."). */
int       fr_diag_hint(fr_diags *d, fr_diag *g, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
#endif
