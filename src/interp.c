/* interp.c — message templates -> text: {key} as text, {key!r} as Python
 * repr, {given(key)} the input value. */
#include <string.h>

#include "interp.h"

void fr_interp(fr_buf *b, const fr_ruleset *rs, const fr_template *t,
               const fr_val *resolved, const fr_val *input)
{
    for (uint32_t i = 0; i < t->nsegs; i++) {
        const fr_seg *sg = &t->segs[i];
        if (sg->kind == FR_SEG_TEXT) {
            fr_buf_put(b, sg->text, sg->len);
            continue;
        }
        const fr_key *k = &rs->keys[sg->key];
        fr_val v = sg->kind == FR_SEG_INPUT ? input[sg->key] : resolved[sg->key];
        if (sg->repr)
            fr_val_repr(b, rs, k->type, v);
        else if (k->type.kind == FR_T_STRING && !v.is_null && v.i > 0 && memchr(v.s, '\0', (size_t)v.i)) {
            /* a message is a C string: a NUL byte of the value is written
             * \x00, as the text format writes the other control bytes */
            for (size_t j = 0; j < (size_t)v.i; j++) {
                if (v.s[j])
                    fr_buf_putc(b, v.s[j]);
                else
                    fr_buf_put(b, "\\x00", 4);
            }
        } else
            fr_val_text(b, rs, k->type, v);
    }
}
