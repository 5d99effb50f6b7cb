/* fuzz_eval.c — the config reader and evaluator against the shipped rules.
 *
 * Input: config text, one config per line (any bytes: NULs, invalid UTF-8,
 * CR, quotes).  For each line: fr_eval_line, the result's contracts
 * (fuzz_result.c), and then:
 *  - history independence: the lines are evaluated again, in reverse order,
 *    on a second evaluator; every result must be the same;
 *  - line/argv agreement: a line made only of plain words (no quoting, no
 *    shell metacharacters) gives the same result through fr_eval_argv with
 *    the words split on spaces;
 *  - fr_eval_argv on the whole input split at newlines (words with spaces,
 *    quotes, NULs cut short);
 *  - fr_explain_key / fr_explain_why_not on the last result;
 *  - a config that is valid evaluates the same with fr_eval_set_ignore_unknown;
 *  - line/values agreement: a valid line's given keys and their input values,
 *    fed to fr_eval_values, give the same result (unless an env value fell
 *    back to its default, which typed values cannot);
 *  - fr_eval_reject gives an invalid result with the reason.
 *
 * Rules: $FLAGRULE_FUZZ_RULES, else the shipped rules.d/sglang of the source
 * tree.
 */
#include "fuzz.h"

#ifndef FR_SRCDIR
#define FR_SRCDIR "."
#endif

#define MAX_LINES 64

static fr_ruleset *rs;
static fr_eval *ev1, *ev2, *ev3;   /* ev3: fr_eval_set_ignore_unknown */

static void cleanup(void)
{
    fr_eval_free(&ev1);
    fr_eval_free(&ev2);
    fr_eval_free(&ev3);
    fr_ruleset_free(&rs);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *path = getenv("FLAGRULE_FUZZ_RULES");
    if (!path || !*path)
        path = FR_SRCDIR "/rules.d/sglang";
    rs = fz_load_rules(path, "fuzz_eval");
    ev1 = fr_eval_new(rs);
    ev2 = fr_eval_new(rs);
    ev3 = fr_eval_new(rs);
    if (!ev1 || !ev2 || !ev3)
        fz_oom();
    fr_eval_set_ignore_unknown(ev3, true);
    atexit(cleanup);
    return 0;
}

static int plain_line(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint8_t ch = p[i];
        if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
              ch == '-' || ch == '_' || ch == '=' || ch == '.' || ch == ' ' || ch == ',' ||
              ch == '/' || ch == ':'))
            return 0;
    }
    return 1;
}

/* fr_eval_argv over the words of a plain line split on runs of spaces. */
static void snapshot_argv_words(const uint8_t *p, size_t n, fz_str *out)
{
    char *copy = malloc(n + 1);
    const char **words = malloc((n / 2 + 2) * sizeof *words);
    if (!copy || !words)
        fz_oom();
    memcpy(copy, p, n);
    copy[n] = '\0';
    size_t nw = 0;
    for (size_t i = 0; i < n;) {
        while (i < n && copy[i] == ' ')
            i++;
        if (i == n)
            break;
        words[nw++] = copy + i;
        while (i < n && copy[i] != ' ')
            i++;
        copy[i++] = '\0';
    }
    const fr_result *r = fr_eval_argv(ev2, nw, words);
    if (!r)
        fz_oom();
    fz_result_check(rs, r, out);
    free(words);
    free(copy);
}

/* The given keys of r with their input values (copied: ev2 evaluates them
 * while r, of ev1, stays alive) give the same result through
 * fr_eval_values. */
static void values_agree(const fr_result *r, const fz_str *snap, size_t line)
{
    for (size_t i = 0; i < fr_result_nmessages(r, FR_SEV_WARNING); i++)
        if (!strcmp(fr_result_message(r, FR_SEV_WARNING, i)->kind, "input"))
            return;
    size_t nk = fr_ruleset_nkeys(rs), n = 0;
    size_t *keys = malloc((nk + 1) * sizeof *keys);
    fr_value *vals = malloc((nk + 1) * sizeof *vals);
    char **copies = calloc(nk + 1, sizeof *copies);
    if (!keys || !vals || !copies)
        fz_oom();
    for (size_t k = 0; k < nk; k++) {
        if (!fr_result_given(r, k))
            continue;
        fr_value v = fr_result_input(r, k);
        if (!v.is_null && (v.type == FR_STRING || v.type == FR_ENUM)) {
            copies[n] = malloc(v.len + 1);
            if (!copies[n])
                fz_oom();
            memcpy(copies[n], v.s, v.len);
            copies[n][v.len] = '\0';
            v.s = copies[n];
        }
        keys[n] = k;
        vals[n++] = v;
    }
    const fr_result *rv = fr_eval_values(ev2, n, keys, vals);
    if (!rv)
        fz_oom();
    fz_str got = { 0 };
    fz_result_check(rs, rv, &got);
    fz_check(got.len == snap->len && !memcmp(got.p, snap->p, got.len),
             "line %zu: fr_eval_line and fr_eval_values of its inputs disagree:\n--- line\n%s--- values\n%s",
             line, snap->p, got.p);
    fz_str_free(&got);
    for (size_t i = 0; i < n; i++)
        free(copies[i]);
    free(copies);
    free(vals);
    free(keys);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!rs)
        LLVMFuzzerInitialize(NULL, NULL);

    size_t starts[MAX_LINES], lens[MAX_LINES], nlines = 0;
    for (size_t i = 0; i < size && nlines < MAX_LINES;) {
        const uint8_t *nl = memchr(data + i, '\n', size - i);
        size_t end = nl ? (size_t)(nl - data) : size;
        starts[nlines] = i;
        lens[nlines++] = end - i;
        i = end + 1;
    }

    fz_str snap[MAX_LINES];
    memset(snap, 0, sizeof snap);
    for (size_t l = 0; l < nlines; l++) {
        const fr_result *r = fr_eval_line(ev1, (const char *)data + starts[l], lens[l]);
        if (!r)
            fz_oom();
        fz_result_check(rs, r, &snap[l]);
        if (strncmp(snap[l].p, "status 2", 8) != 0)
            values_agree(r, &snap[l], l + 1);
    }
    if (nlines > 0) {   /* a reason of the input's first line */
        char reason[64];
        size_t n = lens[0] < 63 ? lens[0] : 63;
        memcpy(reason, data + starts[0], n);
        reason[n] = '\0';
        const fr_result *r = fr_eval_reject(ev2, reason);
        if (!r)
            fz_oom();
        fz_check(fr_result_status(r) == FR_STATUS_INVALID && fr_result_invalid_reason(r) &&
                     !strcmp(fr_result_invalid_reason(r), *reason ? reason : "invalid config"),
                 "fr_eval_reject: status %d, reason '%s' for '%s'", (int)fr_result_status(r),
                 fr_result_invalid_reason(r) ? fr_result_invalid_reason(r) : "(null)", reason);
        fz_result_check(rs, r, NULL);
    }
    if (nlines > 0) {
        uint32_t h = fz_hash(data, size);
        size_t nkeys = fr_ruleset_nkeys(rs), nrules = fr_ruleset_nrules(rs);
        if (nkeys) {
            char *t = fr_explain_key(ev1, h % nkeys);
            fz_check_cstr(t, "fr_explain_key");
            free(t);
        }
        if (nrules) {
            char *t = fr_explain_why_not(ev1, (h >> 8) % nrules);
            fz_check_cstr(t, "fr_explain_why_not");
            free(t);
        }
    }

    /* History independence. */
    for (size_t l = nlines; l-- > 0;) {
        fz_str again = { 0 };
        const fr_result *r = fr_eval_line(ev2, (const char *)data + starts[l], lens[l]);
        if (!r)
            fz_oom();
        fz_result_check(rs, r, &again);
        fz_check(again.len == snap[l].len && !memcmp(again.p, snap[l].p, again.len),
                 "line %zu evaluates differently after other lines:\n--- first\n%s--- again\n%s",
                 l + 1, snap[l].p, again.p);
        fz_str_free(&again);
    }

    /* Ignoring unknown flags changes nothing for a config that is valid
     * without it. */
    for (size_t l = 0; l < nlines; l++) {
        if (strncmp(snap[l].p, "status 2", 8) == 0)
            continue;
        fz_str ign = { 0 };
        const fr_result *r = fr_eval_line(ev3, (const char *)data + starts[l], lens[l]);
        if (!r)
            fz_oom();
        fz_result_check(rs, r, &ign);
        fz_check(ign.len == snap[l].len && !memcmp(ign.p, snap[l].p, ign.len),
                 "line %zu: a valid config evaluates differently with ignore_unknown:\n--- normal\n%s--- ignore_unknown\n%s",
                 l + 1, snap[l].p, ign.p);
        fz_str_free(&ign);
    }

    /* Line and argv agree on plain lines. */
    for (size_t l = 0; l < nlines; l++) {
        if (!plain_line(data + starts[l], lens[l]))
            continue;
        fz_str viaargv = { 0 };
        snapshot_argv_words(data + starts[l], lens[l], &viaargv);
        fz_check(viaargv.len == snap[l].len && !memcmp(viaargv.p, snap[l].p, viaargv.len),
                 "line %zu: fr_eval_line and fr_eval_argv disagree:\n--- line\n%s--- argv\n%s",
                 l + 1, snap[l].p, viaargv.p);
        fz_str_free(&viaargv);
    }
    for (size_t l = 0; l < nlines; l++)
        fz_str_free(&snap[l]);

    /* The whole input as argv words, one per line (cut at a NUL). */
    if (nlines > 0) {
        char *copy = malloc(size + 1);
        const char **words = malloc(nlines * sizeof *words);
        if (!copy || !words)
            fz_oom();
        memcpy(copy, data, size);
        copy[size] = '\0';
        for (size_t l = 0; l < nlines; l++) {
            copy[starts[l] + lens[l]] = '\0';
            words[l] = copy + starts[l];
        }
        const fr_result *r = fr_eval_argv(ev1, nlines, words);
        if (!r)
            fz_oom();
        fz_result_check(rs, r, NULL);
        free(words);
        free(copy);
    }
    return 0;
}
