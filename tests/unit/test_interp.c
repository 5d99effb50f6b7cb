/* test_interp.c — message templates: {key}, {key!r}, {given(key)}. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "interp.h"
#include "mini_rs.h"

static fr_seg text(const char *s)
{
    fr_seg g;
    memset(&g, 0, sizeof g);
    g.kind = FR_SEG_TEXT;
    g.text = s;
    g.len = (uint32_t)strlen(s);
    return g;
}

static fr_seg key(uint32_t k, int repr, int input)
{
    fr_seg g;
    memset(&g, 0, sizeof g);
    g.kind = input ? FR_SEG_INPUT : FR_SEG_KEY;
    g.repr = (uint8_t)repr;
    g.key = k;
    return g;
}

static char *render(mini *m, fr_seg *segs, uint32_t n, fr_val *res, fr_val *in)
{
    fr_template t;
    memset(&t, 0, sizeof t);
    t.segs = segs;
    t.nsegs = n;
    fr_buf b = { 0 };
    fr_buf_reserve(&b, 0);
    fr_interp(&b, &m->rs, &t, res, in);
    assert_false(b.oom);
    return fr_buf_take(&b);
}

static void test_interp_all(void **state)
{
    (void)state;
    mini *m = mini_new();
    fr_val res[8], in[8];
    for (int k = 0; k < 8; k++)
        res[k] = in[k] = m->keys[k].def;
    res[0].i = 8;                    /* tp_size */
    in[1].i = 0;                     /* deepep_mode auto (input) */
    res[1].i = 2;                    /* low_latency (resolved) */
    res[3].i = 1;                    /* enable_dp_attention */
    res[4].is_null = 0;              /* model_path */
    res[4].s = "it's";
    res[4].i = 4;
    fr_seg segs[] = {
        text("tp={"), key(0, 0, 0), text("} r="), key(0, 1, 0),
        text(" mode="), key(1, 0, 0), text("/"), key(1, 1, 0),
        text(" given="), key(1, 0, 1), text("/"), key(1, 1, 1),
        text(" dp="), key(3, 0, 0), text("/"), key(3, 1, 0),
        text(" path="), key(4, 0, 0), text("/"), key(4, 1, 0),
        text(" arch="), key(7, 0, 0), text("/"), key(7, 1, 0),
    };
    char *s = render(m, segs, sizeof segs / sizeof segs[0], res, in);
    assert_string_equal(s, "tp={8} r=8 mode=low_latency/'low_latency' given=auto/'auto' "
                           "dp=true/True path=it's/\"it's\" arch=null/None");
    free(s);
    fr_seg none[] = { text("") };
    s = render(m, none, 0, res, in);
    assert_string_equal(s, "");
    free(s);
    mini_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_interp_all),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
