/* interp.h — message templates -> text (interp.c). */
#ifndef FR_INTERP_H
#define FR_INTERP_H
#include "ir.h"
#include "value.h"

/* Appends template `t` rendered with the values of the keys: {key} reads
 * resolved[key], {given(key)} reads input[key]; `!r` gives Python's repr. */
void fr_interp(fr_buf *b, const fr_ruleset *rs, const fr_template *t,
               const fr_val *resolved, const fr_val *input);
#endif
