/* testrun.c — runs the `test` blocks of a rule set (fr_run_tests). */
#include <stdlib.h>
#include <string.h>

#include "eval.h"

/* "FILE:LINE:COL: " of a case or an expectation (the column tells apart
 * cases written on one line). */
static void where(fr_buf *b, const fr_ruleset *rs, fr_span sp, fr_span fallback)
{
    fr_loc l = { 0 };
    if (rs->sources && sp.file != FR_NO_FILE && sp.file < fr_sources_count(rs->sources))
        l = fr_sources_loc(rs->sources, sp);
    else if (rs->sources && fallback.file != FR_NO_FILE && fallback.file < fr_sources_count(rs->sources))
        l = fr_sources_loc(rs->sources, fallback);
    if (l.file)
        fr_buf_printf(b, "%s:%u:%u: ", l.file, l.line, l.col);
}

/* Text as a string literal of the rule language (quoted, escaped): no
 * byte of it can end a line of the report or reach the terminal as a
 * control (C0, DEL, and the C1 controls U+0080-U+009F, 8-bit CSI among
 * them, as \u{..}). */
static void put_quoted(fr_buf *b, const char *s, size_t n)
{
    fr_buf_putc(b, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            fr_buf_putc(b, '\\');
            fr_buf_putc(b, (char)c);
        } else if (c == '\n')
            fr_buf_puts(b, "\\n");
        else if (c == '\t')
            fr_buf_puts(b, "\\t");
        else if (c == '\r')
            fr_buf_puts(b, "\\r");
        else if (c < 0x20 || c == 0x7f)
            fr_buf_printf(b, "\\x%02x", c);
        else if (c == 0xc2 && i + 1 < n && (unsigned char)s[i + 1] >= 0x80 && (unsigned char)s[i + 1] <= 0x9f)
            fr_buf_printf(b, "\\u{%x}", (unsigned char)s[++i]);
        else
            fr_buf_putc(b, (char)c);
    }
    fr_buf_putc(b, '"');
}

/* "test NAME" (the name as written in the rules, escaped) */
static void test_name(fr_buf *b, const char *name)
{
    fr_buf_puts(b, "test ");
    put_quoted(b, name, strlen(name));
}

/* A value as a literal of the rule language. */
static void literal(fr_buf *b, const fr_ruleset *rs, fr_type t, fr_val v)
{
    if (!v.is_null && t.kind == FR_T_STRING) {
        put_quoted(b, v.s, (size_t)v.i);
        return;
    }
    fr_val_text(b, rs, t, v);
}

static const char *sev_word(int sev)
{
    return sev == FR_SEV_ERROR ? "error" : sev == FR_SEV_WARNING ? "warn" : "info";
}

/* The messages of a result without rendering their texts (only the rule
 * and severity matter here). */
static size_t nmsg(const fr_result *res, int sev)
{
    fr_eval_recs(res->ev);
    return res->ev->nmsgs[sev];
}

static const fr_message *msg_at(const fr_result *res, int sev, size_t i)
{
    fr_eval_build_messages(res->ev);
    return i < res->ev->nmsgs[sev] ? &res->ev->msgs[sev][i] : NULL;
}

/* The rules that produced messages of a severity: "a, b" or "none". */
static void list_rules(fr_buf *b, const fr_ruleset *rs, const fr_result *res, int sev)
{
    size_t n = nmsg(res, sev);
    if (!n) {
        fr_buf_puts(b, "none");
        return;
    }
    for (size_t i = 0; i < n; i++) {
        const fr_message *m = msg_at(res, sev, i);
        if (i)
            fr_buf_puts(b, ", ");
        fr_buf_puts(b, m->rule >= 0 ? rs->rules[m->rule].name : "?");
    }
}

static void got_status(fr_buf *b, const fr_ruleset *rs, const fr_result *res)
{
    switch (fr_result_status(res)) {
    case FR_STATUS_OK:
        fr_buf_puts(b, "ok");
        break;
    case FR_STATUS_ERROR:
        fr_buf_puts(b, "error (");
        list_rules(b, rs, res, FR_SEV_ERROR);
        fr_buf_puts(b, ")");
        break;
    default:
        fr_buf_puts(b, "invalid (");
        const char *why = fr_result_invalid_reason(res);
        if (why)
            fr_buf_puts(b, why);
        else
            b->oom = 1;   /* (its "did you mean": out of memory) */
        fr_buf_puts(b, ")");
        break;
    }
}

static bool has_msg(const fr_result *res, int sev, uint32_t rule)
{
    size_t n = nmsg(res, sev);
    for (size_t i = 0; i < n; i++)
        if (msg_at(res, sev, i)->rule == (long)rule)
            return true;
    return false;
}

/* Checks one expectation; on failure appends "expected ..., got ...". */
static bool check_expect(fr_buf *b, fr_eval *ev, const fr_result *res, const fr_expect *e)
{
    const fr_ruleset *rs = ev->rs;
    fr_status st = fr_result_status(res);
    switch (e->kind) {
    case FR_EXP_OK:
        if (st == FR_STATUS_OK)
            return true;
        fr_buf_puts(b, "expected ok, got ");
        got_status(b, rs, res);
        return false;
    case FR_EXP_INVALID:
        if (st == FR_STATUS_INVALID)
            return true;
        fr_buf_puts(b, "expected invalid, got ");
        got_status(b, rs, res);
        return false;
    case FR_EXP_ERROR_ANY:
        if (st == FR_STATUS_ERROR)
            return true;
        fr_buf_puts(b, "expected error, got ");
        got_status(b, rs, res);
        return false;
    case FR_EXP_MSG: {
        int sev = e->severity <= FR_SEV_INFO ? e->severity : FR_SEV_ERROR;
        const char *name = e->rule < rs->nrules ? rs->rules[e->rule].name : "?";
        if (st == FR_STATUS_INVALID) {
            fr_buf_printf(b, "expected %s%s %s, got ", e->negated ? "not " : "", sev_word(sev), name);
            got_status(b, rs, res);
            return false;
        }
        bool has = has_msg(res, sev, e->rule);
        if (has != (bool)e->negated)
            return true;
        fr_buf_printf(b, "expected %s%s %s, got ", e->negated ? "not " : "", sev_word(sev), name);
        if (e->negated)
            fr_buf_printf(b, "%s %s", sev_word(sev), name);
        else {
            fr_buf_printf(b, "%s: ", sev == FR_SEV_ERROR ? "errors" : sev == FR_SEV_WARNING ? "warnings" : "infos");
            list_rules(b, rs, res, sev);
        }
        return false;
    }
    case FR_EXP_FIRST_ERROR: {
        const char *name = e->rule < rs->nrules ? rs->rules[e->rule].name : "?";
        const fr_message *m = st == FR_STATUS_INVALID ? NULL : msg_at(res, FR_SEV_ERROR, 0);
        if (st != FR_STATUS_INVALID && m && m->rule == (long)e->rule)
            return true;
        fr_buf_printf(b, "expected first error %s, got ", name);
        if (st == FR_STATUS_INVALID)
            got_status(b, rs, res);
        else if (!m)
            fr_buf_puts(b, "no errors");
        else
            fr_buf_printf(b, "first error %s", m->rule >= 0 ? rs->rules[m->rule].name : "?");
        return false;
    }
    case FR_EXP_VALUE: {
        const fr_key *k = &rs->keys[e->key];
        if (st != FR_STATUS_INVALID && fr_val_eq(k->type, ev->res[e->key], e->value))
            return true;
        fr_buf_printf(b, "expected %s = ", k->name);
        literal(b, rs, k->type, e->value);
        fr_buf_puts(b, ", got ");
        if (st == FR_STATUS_INVALID)
            got_status(b, rs, res);
        else
            literal(b, rs, k->type, ev->res[e->key]);
        return false;
    }
    default:
        fr_buf_puts(b, "unknown expectation");
        return false;
    }
}

static fr_rc run_tests(const fr_ruleset *rs, bool verbose, fr_test_report *out)
{
    memset(out, 0, sizeof *out);
    fr_eval *ev = fr_eval_new(rs);
    if (!ev)
        return rs && rs->evindex ? FR_ENOMEM : FR_EINVAL;
    fr_buf b = { 0 };
    fr_rc rc = FR_OK;
    for (uint32_t t = 0; t < rs->ntests; t++) {
        const fr_test *ts = &rs->tests[t];
        for (uint32_t c = 0; c < ts->ncases; c++) {
            const fr_testcase *tc = &ts->cases[c];
            const char *cfg = tc->config ? tc->config : "";
            const fr_result *res = fr_eval_line(ev, cfg, strlen(cfg));
            if (!res) {
                rc = FR_ENOMEM;
                goto done;
            }
            bool expects_invalid = false;
            for (uint32_t i = 0; i < tc->nexpects; i++)
                expects_invalid |= tc->expects[i].kind == FR_EXP_INVALID;
            bool pass = true;
            if (fr_result_status(res) == FR_STATUS_INVALID && !expects_invalid) {
                where(&b, rs, tc->loc, ts->loc);
                const char *why = fr_result_invalid_reason(res);
                if (!why)
                    b.oom = 1;
                test_name(&b, ts->name);
                fr_buf_printf(&b, ": config is invalid: %s\n", why ? why : "");
                pass = false;
            } else {
                for (uint32_t i = 0; i < tc->nexpects; i++) {
                    const fr_expect *e = &tc->expects[i];
                    size_t mark = b.len;
                    where(&b, rs, e->loc, tc->loc);
                    test_name(&b, ts->name);
                    fr_buf_puts(&b, ": ");
                    if (check_expect(&b, ev, res, e)) {
                        b.len = mark;
                        if (b.p)
                            b.p[mark] = '\0';
                        continue;
                    }
                    fr_buf_putc(&b, '\n');
                    pass = false;
                }
            }
            if (pass) {
                out->passed++;
                if (verbose) {
                    where(&b, rs, tc->loc, ts->loc);
                    test_name(&b, ts->name);
                    fr_buf_puts(&b, ": ok\n");
                }
            } else
                out->failed++;
            if (b.oom) {
                rc = FR_ENOMEM;
                goto done;
            }
        }
    }
done:
    fr_eval_free(&ev);
    if (rc != FR_OK) {
        fr_buf_free(&b);
        return rc;
    }
    if (!b.p && fr_buf_reserve(&b, 0) < 0)
        return FR_ENOMEM;
    out->text = fr_buf_take(&b);
    return out->text ? FR_OK : FR_ENOMEM;
}

fr_rc fr_run_tests(const fr_ruleset *rs, fr_test_report *out)
{
    if (!out)
        return FR_EINVAL;
    return run_tests(rs, false, out);
}

fr_rc fr_run_tests_verbose(const fr_ruleset *rs, fr_test_report *out)
{
    if (!out)
        return FR_EINVAL;
    return run_tests(rs, true, out);
}
