/* fuzz_result.c — contract checks on an fr_result, shared by the harnesses. */
#include <inttypes.h>

#include "fuzz.h"

static void check_value(const fr_ruleset *rs, size_t k, fr_value v, const char *which,
                        fz_str *out)
{
    int type = fr_key_type(rs, k);
    fz_check(v.type == type, "%s value of key %zu has type %d, key has %d", which, k,
             v.type, type);
    if (v.is_null) {
        fz_check(fr_key_nullable(rs, k), "%s value of non-nullable key %s is null", which,
                 fr_key_name(rs, k));
    } else if (type == FR_BOOL) {
        fz_check(v.i == 0 || v.i == 1, "%s bool %s is %" PRId64, which, fr_key_name(rs, k), v.i);
    } else if (type == FR_STRING || type == FR_ENUM) {
        fz_check(v.s != NULL, "%s value of %s has NULL text", which, fr_key_name(rs, k));
        fz_check(v.s[v.len] == '\0', "%s value of %s is not NUL-terminated at len %zu", which,
                 fr_key_name(rs, k), v.len);
    }
    char *text = fr_value_format(&v, false);
    char *repr = fr_value_format(&v, true);
    if (!text || !repr)
        fz_oom();
    if (v.is_null) {
        fz_check(!strcmp(text, "null"), "text of null is '%s'", text);
        fz_check(!strcmp(repr, "None"), "repr of null is '%s'", repr);
    } else if (type == FR_BOOL) {
        fz_check(!strcmp(text, v.i ? "true" : "false"), "text of bool is '%s'", text);
        fz_check(!strcmp(repr, v.i ? "True" : "False"), "repr of bool is '%s'", repr);
    } else if (type == FR_INT) {
        char b[32];
        snprintf(b, sizeof b, "%" PRId64, v.i);
        fz_check(!strcmp(text, b), "text of int %s is '%s'", b, text);
        fz_check(!strcmp(repr, b), "repr of int %s is '%s'", b, repr);
    } else {
        fz_check(repr[0] == '\'' || repr[0] == '"', "repr of a string does not start with a quote: %s", repr);
    }
    if (out) {
        fz_puts(out, which);
        fz_puts(out, " ");
        fz_puts(out, fr_key_name(rs, k));
        fz_puts(out, "=");
        fz_puts(out, repr);
        fz_puts(out, "\n");
    }
    free(text);
    free(repr);
}

void fz_result_check(const fr_ruleset *rs, const fr_result *r, fz_str *out)
{
    fz_check(r != NULL, "evaluation returned NULL (not out of memory)");
    fr_status st = fr_result_status(r);
    fz_check(st == FR_STATUS_OK || st == FR_STATUS_ERROR || st == FR_STATUS_INVALID,
             "status %d", (int)st);
    const char *reason = fr_result_invalid_reason(r);
    if (out) {
        fz_puts(out, "status ");
        fz_putu(out, (unsigned)st);
        fz_puts(out, "\n");
    }
    if (st == FR_STATUS_INVALID) {
        fz_check_cstr(reason, "the reason of an invalid config");
        fz_check(reason[0] != '\0', "empty reason for an invalid config");
        if (out) {
            fz_puts(out, reason);
            fz_puts(out, "\n");
        }
        return;
    }
    fz_check(reason == NULL, "reason '%s' for a config that is not invalid", reason);

    size_t nrules = fr_ruleset_nrules(rs);
    static const fr_severity sevs[] = { FR_SEV_ERROR, FR_SEV_WARNING, FR_SEV_INFO };
    for (size_t s = 0; s < 3; s++) {
        size_t n = fr_result_nmessages(r, sevs[s]);
        if (sevs[s] == FR_SEV_ERROR)
            fz_check((n > 0) == (st == FR_STATUS_ERROR), "status %d with %zu errors", (int)st, n);
        for (size_t i = 0; i < n; i++) {
            const fr_message *m = fr_result_message(r, sevs[s], i);
            fz_check(m != NULL, "message %zu of %zu is NULL", i, n);
            fz_check(m->severity == sevs[s], "message severity %d in list %d", m->severity, sevs[s]);
            fz_check(m->rule >= -1 && m->rule < (long)nrules, "message rule %ld of %zu", m->rule, nrules);
            fz_check_cstr(m->text, "message text");
            fz_check_cstr(m->kind, "message kind");
            fz_check(!strcmp(m->kind, "rule") || !strcmp(m->kind, "conflict") ||
                     !strcmp(m->kind, "oscillation") || !strcmp(m->kind, "runtime") ||
                     !strcmp(m->kind, "input"),
                     "message kind '%s'", m->kind);
            fz_check(!strcmp(m->kind, "input") ? m->rule == -1 && sevs[s] == FR_SEV_WARNING : m->rule >= 0,
                     "message kind '%s' of rule %ld, severity %d", m->kind, m->rule, (int)sevs[s]);
            if (out) {
                fz_puts(out, "msg ");
                fz_putu(out, (unsigned)sevs[s]);
                fz_puts(out, " ");
                fz_puts(out, m->rule >= 0 ? fr_rule_name(rs, (size_t)m->rule) : "-");
                fz_puts(out, " ");
                fz_puts(out, m->kind);
                fz_puts(out, " ");
                fz_puts(out, m->text);
                fz_puts(out, "\n");
            }
        }
        fz_check(fr_result_message(r, sevs[s], n) == NULL,
                 "message %zu of %zu is not NULL", n, n);
    }

    size_t nkeys = fr_ruleset_nkeys(rs);
    for (size_t k = 0; k < nkeys; k++) {
        check_value(rs, k, fr_result_resolved(r, k), "resolved", out);
        check_value(rs, k, fr_result_input(r, k), "input", out);
        bool decl = fr_result_declared(r, k);
        long by = fr_result_declared_by(r, k);
        fz_check(decl ? (by >= 0 && by < (long)nrules) : by == -1,
                 "key %s declared=%d by rule %ld", fr_key_name(rs, k), (int)decl, by);
        if (out && decl) {
            fz_puts(out, "declared ");
            fz_puts(out, fr_key_name(rs, k));
            fz_puts(out, " by ");
            fz_puts(out, fr_rule_name(rs, (size_t)by));
            fz_puts(out, "\n");
        }
        if (out && fr_result_given(r, k)) {
            fz_puts(out, "given ");
            fz_puts(out, fr_key_name(rs, k));
            fz_puts(out, "\n");
        }
    }
}

/* The rule set the eval-side harnesses run against (exits if it does not compile). */
fr_ruleset *fz_load_rules(const char *path, const char *who)
{
    fr_compiler *c = fr_compiler_new();
    if (!c)
        fz_oom();
    fr_compiler_add_path(c, path);
    fr_rc rc = FR_OK;
    fr_ruleset *r = fr_compile(c, &rc);
    if (!r) {
        const fr_diags *d = fr_compiler_diags(c);
        for (size_t i = 0; i < fr_diags_count(d); i++) {
            char *t = fr_diags_render(d, fr_diags_get(d, i), false);
            fputs(t ? t : "?\n", stderr);
            free(t);
        }
        fprintf(stderr, "%s: cannot compile %s (rc %d)\n", who, path, (int)rc);
        exit(1);
    }
    fr_compiler_free(&c);
    return r;
}
