/* fuzz_compile.c — the rules compiler: bytes -> compile -> use -> free.
 *
 * Input: rule text.  A line "#@file" splits it into several files of one
 * rule set (a.rules, b.rules, ...).  Odd-sized inputs compile with the lint
 * checks on.  Checked:
 *  - fr_compile returns a ruleset exactly when it reports FR_OK, and a failed
 *    compile has at least one error diagnostic (nothing fails silently);
 *  - every diagnostic renders, with a sane location;
 *  - on success: the IR dump, the introspection accessors (names find their
 *    own ids), the rule set's own test blocks (fr_run_tests), and evaluation:
 *    the empty config, and a config that gives every key its default value
 *    explicitly, which must resolve exactly like the empty one;
 *  - the same text compiled with fr_compiler_set_skip_tests compiles too, with
 *    the same keys and rules, and evaluates the same.
 */
#include "fuzz.h"

#define MAX_FILES 4

static void check_diag(const fr_diags *d, const fr_diag *g, int depth)
{
    fz_check(g != NULL, "NULL diagnostic");
    fr_severity sev = fr_diag_severity(g);
    fz_check(sev >= FR_SEV_ERROR && sev <= FR_SEV_NOTE, "severity %d", (int)sev);
    fz_check_cstr(fr_diag_message(g), "diagnostic message");
    fz_check(fr_diag_message(g)[0] != '\0', "empty diagnostic message");
    fr_loc l = fr_diag_loc(g);
    if (l.file) {
        fz_check(l.line >= 1 && l.col >= 1, "location %s:%u:%u", l.file, l.line, l.col);
        fz_check(l.end_line > l.line || (l.end_line == l.line && l.end_col + 1 >= l.col),
                 "span %u:%u-%u:%u ends before it starts", l.line, l.col, l.end_line, l.end_col);
    }
    if (depth == 0) {
        char *t = fr_diags_render(d, g, depth & 1);
        fz_check_cstr(t, "rendered diagnostic");
        size_t n = strlen(t);
        fz_check(n > 0 && t[n - 1] == '\n', "rendered diagnostic does not end in a newline");
        free(t);
    }
    size_t nn = fr_diag_nnotes(g);
    for (size_t i = 0; i < nn && depth < 4; i++)
        check_diag(d, fr_diag_note(g, i), depth + 1);
}

/* Drops the "given K" lines of a snapshot (they differ on purpose). */
static void drop_given(fz_str *s)
{
    size_t w = 0;
    for (size_t r = 0; r < s->len;) {
        const char *nl = memchr(s->p + r, '\n', s->len - r);
        size_t end = nl ? (size_t)(nl - s->p) + 1 : s->len;
        if (strncmp(s->p + r, "given ", 6) != 0) {
            memmove(s->p + w, s->p + r, end - r);
            w += end - r;
        }
        r = end;
    }
    s->len = w;
    if (s->p)
        s->p[w] = '\0';
}

static void exercise(const fr_ruleset *rs)
{
    char *dump = fr_ruleset_dump(rs);
    fz_check_cstr(dump, "fr_ruleset_dump");
    free(dump);

    size_t nkeys = fr_ruleset_nkeys(rs), nrules = fr_ruleset_nrules(rs);
    for (size_t k = 0; k < nkeys; k++) {
        const char *name = fr_key_name(rs, k);
        fz_check_cstr(name, "key name");
        fz_check(fr_ruleset_find_key(rs, name) == (long)k, "key %s does not find itself", name);
        int kind = fr_key_kind(rs, k), type = fr_key_type(rs, k);
        fz_check(kind >= FR_FLAG && kind <= FR_FACT, "key kind %d", kind);
        fz_check(type >= FR_BOOL && type <= FR_ENUM, "key type %d", type);
        const char *cli = fr_key_cli(rs, k);
        if (kind == FR_FLAG)
            fz_check_cstr(cli, "a flag's CLI spelling");
        if (fr_key_help(rs, k))
            fz_check_cstr(fr_key_help(rs, k), "help");
    }
    for (size_t r = 0; r < nrules; r++) {
        const char *name = fr_rule_name(rs, r);
        fz_check_cstr(name, "rule name");
        fz_check(fr_ruleset_find_rule(rs, name) == (long)r, "rule %s does not find itself", name);
        fr_loc l = fr_rule_loc(rs, r);
        fz_check(l.file != NULL && l.line >= 1, "rule %s has no location", name);
    }
    fz_check(fr_ruleset_find_key(rs, "") == -1, "the empty name is a key");

    fr_test_report rep = { 0 };
    fr_rc trc = fr_run_tests(rs, &rep);
    fz_check(trc == FR_OK || trc == FR_ENOMEM, "fr_run_tests returned %d", (int)trc);
    if (trc == FR_ENOMEM)
        fz_oom();
    if (rep.failed)
        fz_check_cstr(rep.text, "failed-test report");
    free(rep.text);

    fr_eval *ev = fr_eval_new(rs);
    if (!ev)
        fz_oom();
    fz_str empty = { 0 }, explicit_ = { 0 };
    const fr_result *res = fr_eval_line(ev, "", 0);
    fz_result_check(rs, res, &empty);
    fz_check(fr_result_status(res) != FR_STATUS_INVALID, "the empty config is invalid: %s",
             fr_result_invalid_reason(res));

    /* Every key given its default explicitly. */
    char **words = calloc(nkeys + 1, sizeof *words);
    size_t nw = 0;
    if (!words)
        fz_oom();
    for (size_t k = 0; k < nkeys; k++) {
        fr_value v = fr_result_input(res, k);
        if (v.is_null)
            continue;
        char *text = fr_value_format(&v, false);
        if (!text)
            fz_oom();
        if ((v.type == FR_STRING || v.type == FR_ENUM) && strlen(text) != v.len) {
            free(text);   /* a NUL inside: not expressible as an argv word */
            continue;
        }
        if (v.type == FR_STRING && fr_key_word_is_null(rs, k, text, v.len)) {
            free(text);   /* would read back as null */
            continue;
        }
        const char *lhs = fr_key_kind(rs, k) == FR_FLAG ? fr_key_cli(rs, k) : fr_key_name(rs, k);
        fz_str w = { 0 };
        fz_puts(&w, lhs);
        fz_puts(&w, "=");
        fz_puts(&w, text);
        free(text);
        words[nw++] = w.p ? w.p : strdup("");
    }
    res = fr_eval_argv(ev, nw, (const char *const *)words);
    fz_result_check(rs, res, &explicit_);
    drop_given(&empty);
    drop_given(&explicit_);
    if (fr_result_status(res) != FR_STATUS_INVALID) {
        fz_check(empty.len == explicit_.len && !memcmp(empty.p, explicit_.p, empty.len),
                 "giving every default explicitly changes the result:\n--- empty\n%s--- explicit\n%s",
                 empty.p, explicit_.p);
    }
    for (size_t i = 0; i < nw; i++)
        free(words[i]);
    free(words);
    fz_str_free(&empty);
    fz_str_free(&explicit_);

    if (nkeys) {
        char *t = fr_explain_key(ev, nkeys - 1);
        fz_check_cstr(t, "fr_explain_key");
        free(t);
    }
    if (nrules) {
        char *t = fr_explain_why_not(ev, 0);
        fz_check_cstr(t, "fr_explain_why_not");
        free(t);
    }
    fr_eval_free(&ev);
    fz_check(ev == NULL, "fr_eval_free did not clear the pointer");
}

/* Adds the input as files: a line "#@file" starts the next one. */
static void add_files(fr_compiler *c, const uint8_t *data, size_t size)
{
    static const char marker[] = "\n#@file\n";
    static const char *const names[MAX_FILES] = { "a.rules", "b.rules", "c.rules", "d.rules" };
    size_t pos = 0;
    for (int f = 0; f < MAX_FILES; f++) {
        size_t end = size;
        if (f < MAX_FILES - 1) {
            for (size_t i = pos; i + sizeof marker - 1 <= size; i++)
                if (!memcmp(data + i, marker, sizeof marker - 1)) {
                    end = i + 1;
                    break;
                }
        }
        fr_rc arc = fr_compiler_add_text(c, names[f], (const char *)data + pos, end - pos);
        fz_check(arc == FR_OK || arc == FR_ENOMEM, "fr_compiler_add_text returned %d", (int)arc);
        if (end >= size)
            break;
        pos = end + sizeof marker - 2;
    }
}

/* Compiling with fr_compiler_set_skip_tests (test and doc blocks found by a
 * byte scan, not parsed) must succeed whenever the full compile did, with
 * the same keys and rules, and evaluate the same. */
static void skip_tests_agrees(const fr_ruleset *full, const uint8_t *data, size_t size)
{
    fr_compiler *c = fr_compiler_new();
    if (!c)
        fz_oom();
    fr_compiler_set_skip_tests(c, true);
    add_files(c, data, size);
    fr_rc rc = FR_EINVAL;
    fr_ruleset *rs = fr_compile(c, &rc);
    if (!rs && rc == FR_ENOMEM)
        fz_oom();
    if (!rs) {
        const fr_diags *d = fr_compiler_diags(c);
        char *t = fr_diags_count(d) ? fr_diags_render(d, fr_diags_get(d, 0), false) : NULL;
        fz_fail("skip_tests: compile fails (rc %d) where the full compile succeeded:\n%s", (int)rc,
                t ? t : "(no diagnostic)");
    }
    fr_compiler_free(&c);
    fz_check(fr_ruleset_nkeys(rs) == fr_ruleset_nkeys(full), "skip_tests: %zu keys, full: %zu",
             fr_ruleset_nkeys(rs), fr_ruleset_nkeys(full));
    fz_check(fr_ruleset_nrules(rs) == fr_ruleset_nrules(full), "skip_tests: %zu rules, full: %zu",
             fr_ruleset_nrules(rs), fr_ruleset_nrules(full));
    for (size_t r = 0; r < fr_ruleset_nrules(rs); r++)
        fz_check(!strcmp(fr_rule_name(rs, r), fr_rule_name(full, r)),
                 "skip_tests: rule %zu is %s, full: %s", r, fr_rule_name(rs, r), fr_rule_name(full, r));
    fr_eval *e1 = fr_eval_new(rs), *e2 = fr_eval_new(full);
    if (!e1 || !e2)
        fz_oom();
    fz_str a = { 0 }, b = { 0 };
    fz_result_check(rs, fr_eval_line(e1, "", 0), &a);
    fz_result_check(full, fr_eval_line(e2, "", 0), &b);
    fz_check(a.len == b.len && !memcmp(a.p, b.p, a.len),
             "skip_tests: the empty config evaluates differently:\n--- skip\n%s--- full\n%s", a.p, b.p);
    fz_str_free(&a);
    fz_str_free(&b);
    fr_eval_free(&e1);
    fr_eval_free(&e2);
    fr_ruleset_free(&rs);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fr_compiler *c = fr_compiler_new();
    if (!c)
        fz_oom();
    fr_compiler_set_lint(c, size & 1);

    add_files(c, data, size);

    fr_rc rc = FR_EINVAL;
    fr_ruleset *rs = fr_compile(c, &rc);
    const fr_diags *d = fr_compiler_diags(c);
    fz_check(d != NULL, "no diagnostics list");
    size_t nd = fr_diags_count(d), ne = fr_diags_errors(d), counted = 0;
    for (size_t i = 0; i < nd; i++) {
        const fr_diag *g = fr_diags_get(d, i);
        check_diag(d, g, 0);
        counted += fr_diag_severity(g) == FR_SEV_ERROR;
    }
    fz_check(counted == ne, "fr_diags_errors says %zu, the list has %zu", ne, counted);
    if (rs) {
        fz_check(rc == FR_OK, "a ruleset with rc %d", (int)rc);
        fz_check(ne == 0, "a ruleset despite %zu errors", ne);
    } else {
        if (rc == FR_ENOMEM)
            fz_oom();
        fz_check(rc == FR_ESYNTAX, "compile failed with rc %d", (int)rc);
        fz_check(ne > 0, "compile failed without an error diagnostic");
    }
    fr_compiler_free(&c);
    fz_check(c == NULL, "fr_compiler_free did not clear the pointer");
    if (rs)
        skip_tests_agrees(rs, data, size);
    if (rs) {
        exercise(rs);
        fr_ruleset_free(&rs);
        fz_check(rs == NULL, "fr_ruleset_free did not clear the pointer");
    }
    return 0;
}
