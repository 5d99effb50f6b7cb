/* fuzz_json.c — the two readers of `check --input json` against each other.
 *
 * src/cli/json_in.c reads a line with its own fast reader when the line is
 * a flat object of known names and plain values, and with jansson
 * otherwise; the fast reader must accept no line jansson refuses and read
 * every line it accepts as jansson does.  Input: any bytes, one config per
 * line.  Each line is read by a reader that may take the fast path and by
 * one held to jansson (the FLAGRULE_JSON_SLOW hook, set here directly);
 * the two results, with the contracts of fuzz_result.c, must be the same,
 * with and without ignore_unknown.  The whole input is also read as one
 * JSON text (resolve's and explain's standard input), both ways.
 *
 * json_in.c is CLI code: it is compiled into this harness (its cli_oom and
 * cli_err come from here).  Rules: $FLAGRULE_FUZZ_RULES, else the shipped
 * rules.d/sglang of the source tree.
 */
#include "fuzz.h"

#include <stdarg.h>
#include <stdbool.h>

#include "../../src/cli/json_in.c"

#ifndef FR_SRCDIR
#define FR_SRCDIR "."
#endif

_Noreturn void cli_oom(void)
{
    fz_oom();
}

void cli_err(const char *fmt, ...)
{
    (void)fmt;
}

static fr_ruleset *rs;
static fr_eval *ev_fast, *ev_slow;
static cli_jin *jin[2][2];   /* [ignore_unknown][slow] */

static void cleanup(void)
{
    for (int i = 0; i < 2; i++)
        for (int s = 0; s < 2; s++)
            cli_jin_free(jin[i][s]);
    fr_eval_free(&ev_fast);
    fr_eval_free(&ev_slow);
    fr_ruleset_free(&rs);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *path = getenv("FLAGRULE_FUZZ_RULES");
    if (!path || !*path)
        path = FR_SRCDIR "/rules.d/sglang";
    rs = fz_load_rules(path, "fuzz_json");
    ev_fast = fr_eval_new(rs);
    ev_slow = fr_eval_new(rs);
    if (!ev_fast || !ev_slow)
        fz_oom();
    for (int i = 0; i < 2; i++)
        for (int s = 0; s < 2; s++) {
            jin[i][s] = cli_jin_new(rs, i == 1);
            jin[i][s]->slow = s == 1;   /* (whatever the environment says) */
        }
    atexit(cleanup);
    return 0;
}

/* Both readers on one text: the same result, or a finding. */
static void compare(int ign, const char *text, size_t len, bool whole)
{
    const fr_result *a = cli_eval_json(jin[ign][0], ev_fast, text, len);
    const fr_result *b = cli_eval_json(jin[ign][1], ev_slow, text, len);
    if (!a || !b)
        fz_oom();
    fz_str sa = { 0 }, sb = { 0 };
    fz_result_check(rs, a, &sa);
    fz_result_check(rs, b, &sb);
    fz_check(sa.len == sb.len && !memcmp(sa.p, sb.p, sa.len),
             "the fast reader and jansson disagree (%s%s) on %.*s\n--- fast\n%s--- jansson\n%s",
             ign ? "ignore_unknown" : "strict", whole ? ", whole input" : "", (int)(len < 300 ? len : 300),
             text, sa.p, sb.p);
    fz_str_free(&sa);
    fz_str_free(&sb);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!rs)
        LLVMFuzzerInitialize(NULL, NULL);
    const char *t = (const char *)data;
    for (int ign = 0; ign < 2; ign++) {
        size_t nlines = 0;
        for (size_t i = 0; i <= size && nlines < 64;) {
            const char *nl = memchr(t + i, '\n', size - i);
            size_t end = nl ? (size_t)(nl - t) : size;
            compare(ign, t + i, end - i, false);
            nlines++;
            if (!nl)
                break;
            i = end + 1;
        }
        if (nlines > 1)
            compare(ign, t, size, true);
    }
    return 0;
}
