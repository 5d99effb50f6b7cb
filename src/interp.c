/* interp.c — message templates -> text: {key} as text, {key!r} as Python
 * repr, {given(key)} the input value. */
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
        else
            fr_val_text(b, rs, k->type, v);
    }
}
