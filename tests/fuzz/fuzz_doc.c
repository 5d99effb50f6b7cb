/* fuzz_doc.c — error-doc generation (src/doc.h).
 *
 * Input: rule text.  Two parts:
 *  1. the escapers on the raw input bytes: fr_json_str must give a JSON
 *     string that jansson parses back to the input (valid UTF-8 input) ;
 *     fr_roff_text must give ASCII without control bytes whose lines never
 *     start a request except the .br it emits; the Markdown helpers must
 *     not leave the input's newlines or backticks open;
 *  2. compile the input; on success generate the pages of the error rules
 *     (a small search budget) in man, md and json: every file is
 *     NUL-terminated with its length, every JSON page parses, every man
 *     page line that starts with '.' or '\'' is a known macro; and every
 *     example the generator reports as found really triggers its rule, and
 *     its fix really has no error.
 */
#include <jansson.h>

#include "fuzz.h"
#include "doc.h"
#include "ir.h"
#include "value.h"

#define MAX_DOC_RULES 6
#define DOC_BUDGET 200

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

static void buf_done(fr_buf *b)
{
    if (b->oom)
        fz_oom();
}

static int is_ctl(unsigned char c)
{
    return c < 0x20 || c == 0x7f;
}

static void check_roff_line_starts(const char *t, size_t n, const char *what)
{
    static const char *const ok[] = {
        "TH", "SH", "SS", "PP", "LP", "P", "IP", "TP", "HP", "RS", "RE", "EX", "EE", "B", "I",
        "BR", "RB", "IR", "RI", "BI", "IB", "SM", "SB", "br", "sp", "nf", "fi", "in", "ti",
        "UR", "UE", "MT", "ME", "SY", "YS", "OP", "TQ", "ad", "na", "hy", "nh", "ne", "ft",
        "\\\"", "ie", "el", "if", "ds", "nr", "ll", "ps", "vs", "de", "..", NULL
    };
    size_t i = 0;
    while (i < n) {
        const char *line = t + i;
        const char *nl = memchr(line, '\n', n - i);
        size_t len = nl ? (size_t)(nl - line) : n - i;
        if (len > 0 && (line[0] == '.' || line[0] == '\'')) {
            size_t j = 1;
            while (j < len && (line[j] == ' ' || line[j] == '\t'))
                j++;
            size_t k = j;
            while (k < len && line[k] != ' ' && line[k] != '\t')
                k++;
            int known = (len == 1);   /* a lone '.' is an empty request */
            for (int m = 0; ok[m] && !known; m++)
                known = (k - j == strlen(ok[m]) && !memcmp(line + j, ok[m], k - j)) ||
                        (!strcmp(ok[m], "\\\"") && k - j >= 2 && !memcmp(line + j, "\\\"", 2));
            fz_check(known, "%s: a line starts an unknown request: %.*s", what,
                     (int)(len > 80 ? 80 : len), line);
        }
        i += len + 1;
    }
}

static void escapers(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data;
    bool utf8 = fr_utf8_valid(s, size);

    fr_buf b = { 0 };
    fr_json_str(&b, s, size);
    buf_done(&b);
    json_error_t je;
    json_t *j = json_loadb(b.p ? b.p : "", b.len, JSON_DECODE_ANY | JSON_ALLOW_NUL, &je);
    fz_check(j != NULL && json_is_string(j), "fr_json_str output does not parse: %s (%.200s)",
             je.text, b.p);
    if (utf8)
        fz_check(json_string_length(j) == size && !memcmp(json_string_value(j), s, size),
                 "fr_json_str does not round-trip valid UTF-8");
    json_decref(j);
    fr_buf_free(&b);

    for (int literal = 0; literal < 2; literal++) {
        fr_buf r = { 0 };
        fr_roff_text(&r, s, size, literal);
        buf_done(&r);
        for (size_t i = 0; i < r.len; i++) {
            unsigned char c = (unsigned char)r.p[i];
            fz_check(c < 0x80, "fr_roff_text(literal=%d) leaves a non-ASCII byte 0x%02x", literal, c);
            fz_check(!is_ctl(c) || c == '\n' || (literal && c == '\t'),
                     "fr_roff_text(literal=%d) leaves a control byte 0x%02x", literal, c);
        }
        fz_check(r.len == 0 || r.p[r.len - 1] != '\n', "fr_roff_text ends in a newline");
        /* Lines it starts: only .br and .sp N (filled text) may be requests. */
        for (size_t i = 0; i < r.len; i++) {
            if (i == 0 || r.p[i - 1] == '\n') {
                if (r.p[i] == '.' || r.p[i] == '\'') {
                    size_t e = i;
                    while (e < r.len && r.p[e] != '\n')
                        e++;
                    bool br = e - i == 3 && !memcmp(r.p + i, ".br", 3);
                    bool sp = e - i > 4 && !memcmp(r.p + i, ".sp ", 4);
                    for (size_t d = i + 4; sp && d < e; d++)
                        sp = r.p[d] >= '0' && r.p[d] <= '9';
                    fz_check(!literal && (br || sp),
                             "fr_roff_text(literal=%d) starts a line with a request: %.40s",
                             literal, r.p + i);
                }
            }
        }
        fr_buf_free(&r);
    }

    fr_buf m = { 0 };
    fr_md_text(&m, s, size);
    buf_done(&m);
    fr_buf_free(&m);
    fr_buf c = { 0 };
    fr_md_code(&c, s, size);
    buf_done(&c);
    fz_check(c.len >= 2 && c.p[0] == '`' && c.p[c.len - 1] == '`',
             "fr_md_code output is not a code span: %.80s", c.p ? c.p : "");
    fr_buf_free(&c);
    fr_buf bl = { 0 };
    fr_md_block(&bl, "sh", s, size);
    buf_done(&bl);
    fz_check(bl.len >= 6 && (bl.p[0] == '`' || bl.p[0] == '~'), "fr_md_block output is not a fence");
    fr_buf_free(&bl);
}

static void check_files(const fr_ruleset *rs, const fr_doc_out *out, fr_doc_format fmt)
{
    for (size_t i = 0; i < out->nfiles; i++) {
        const fr_doc_file *f = &out->files[i];
        fz_check_cstr(f->name, "doc file name");
        fz_check(strchr(f->name, '/') == NULL && f->name[0] != '.',
                 "doc file name '%s' is not a plain file name", f->name);
        fz_check(f->text != NULL && f->text[f->len] == '\0', "doc file %s is not NUL-terminated",
                 f->name);
        fz_check(f->rule >= -1 && f->rule < (long)fr_ruleset_nrules(rs), "doc file rule %ld",
                 f->rule);
        fz_check(strstr(f->text, FR_DOC_MARKER) != NULL && memchr(f->text, '\n', f->len) &&
                 strstr(f->text, FR_DOC_MARKER) < (char *)memchr(f->text, '\n', f->len),
                 "doc file %s lacks the marker in its first line", f->name);
        if (fmt == FR_DOC_JSON) {
            json_error_t je;
            json_t *j = json_loadb(f->text, f->len, JSON_DECODE_ANY, &je);
            fz_check(j != NULL, "doc file %s is not JSON: %s at %d", f->name, je.text, je.position);
            json_decref(j);
        } else if (fmt == FR_DOC_MAN) {
            for (size_t k = 0; k < f->len; k++)
                fz_check(!is_ctl((unsigned char)f->text[k]) || f->text[k] == '\n' || f->text[k] == '\t',
                         "man page %s has control byte 0x%02x", f->name, (unsigned char)f->text[k]);
            check_roff_line_starts(f->text, f->len, f->name);
        }
    }
    for (size_t i = 0; i < out->nnotes; i++)
        fz_check_cstr(out->notes[i], "doc note");
}

static bool has_error(const fr_result *r, long rule)
{
    size_t n = fr_result_nmessages(r, FR_SEV_ERROR);
    for (size_t i = 0; i < n; i++)
        if (fr_result_message(r, FR_SEV_ERROR, i)->rule == rule)
            return true;
    return false;
}

static void check_example(const fr_ruleset *rs, fr_eval *ev, uint32_t rule)
{
    fr_doc_example ex;
    memset(&ex, 0, sizeof ex);
    fr_rc rc = fr_doc_find_example(rs, rule, DOC_BUDGET, &ex);
    if (rc == FR_ENOMEM)
        fz_oom();
    fz_check(rc == FR_OK, "fr_doc_find_example(%s) returned %d", fr_rule_name(rs, rule), (int)rc);
    if (ex.found) {
        fz_check_cstr(ex.trigger, "trigger");
        const fr_result *r = fr_eval_line(ev, ex.trigger, strlen(ex.trigger));
        if (!r)
            fz_oom();
        fz_check(has_error(r, rule), "the trigger '%s' of %s does not trigger it", ex.trigger,
                 fr_rule_name(rs, rule));
        r = fr_eval_argv(ev, ex.ntrigger_words, (const char *const *)ex.trigger_words);
        if (!r)
            fz_oom();
        fz_check(has_error(r, rule), "the trigger words of %s do not trigger it",
                 fr_rule_name(rs, rule));
        if (ex.fix) {
            r = fr_eval_line(ev, ex.fix, strlen(ex.fix));
            if (!r)
                fz_oom();
            fz_check(fr_result_status(r) == FR_STATUS_OK, "the fix '%s' of %s is not ok (status %d)",
                     ex.fix, fr_rule_name(rs, rule), (int)fr_result_status(r));
        }
    }
    fr_doc_example_free(&ex);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    escapers(data, size);

    fr_compiler *c = fr_compiler_new();
    if (!c)
        fz_oom();
    fr_compiler_add_text(c, "doc.rules", (const char *)data, size);
    fr_rc rc = FR_OK;
    fr_ruleset *rs = fr_compile(c, &rc);
    fr_compiler_free(&c);
    if (!rs) {
        if (rc == FR_ENOMEM)
            fz_oom();
        return 0;
    }
    uint32_t rules[MAX_DOC_RULES];
    size_t nr = 0;
    for (uint32_t r = 0; r < rs->nrules && nr < MAX_DOC_RULES; r++)
        if (rs->rules[r].kind == FR_RULE_ERROR || rs->rules[r].kind == FR_RULE_REQUIRE)
            rules[nr++] = r;
    bool all = nr < MAX_DOC_RULES;   /* small rule sets: every page and the index */

    static const fr_doc_format fmts[] = { FR_DOC_MAN, FR_DOC_MD, FR_DOC_JSON };
    for (size_t f = 0; f < 3; f++) {
        fr_doc_opts o = { .format = fmts[f], .version = "0.0", .date = "2026-01-01",
                          .budget = DOC_BUDGET };
        fr_doc_out out;
        memset(&out, 0, sizeof out);
        fr_rc drc = fr_doc_generate(rs, &o, all ? NULL : rules, all ? 0 : nr, &out);
        if (drc == FR_ENOMEM)
            fz_oom();
        fz_check(drc == FR_OK, "fr_doc_generate returned %d", (int)drc);
        fz_check(out.nfiles == nr + (all ? 1 : 0), "%zu doc files for %zu error rules%s",
                 out.nfiles, nr, all ? " and the index" : "");
        check_files(rs, &out, fmts[f]);
        if (fmts[f] == FR_DOC_JSON) {
            /* the searches on 3 threads: the same files, byte for byte */
            fr_doc_opts oj = o;
            oj.jobs = 3;
            fr_doc_out outj;
            memset(&outj, 0, sizeof outj);
            drc = fr_doc_generate(rs, &oj, all ? NULL : rules, all ? 0 : nr, &outj);
            if (drc == FR_ENOMEM)
                fz_oom();
            fz_check(drc == FR_OK && outj.nfiles == out.nfiles && outj.nnotes == out.nnotes,
                     "doc -j 3: rc %d, %zu files, %zu notes", (int)drc, outj.nfiles, outj.nnotes);
            for (size_t i = 0; i < out.nfiles; i++)
                fz_check(outj.files[i].len == out.files[i].len &&
                             memcmp(outj.files[i].text, out.files[i].text, out.files[i].len) == 0,
                         "doc -j 3: file %s differs", out.files[i].name);
            for (size_t i = 0; i < out.nnotes; i++)
                fz_check(strcmp(outj.notes[i], out.notes[i]) == 0, "doc -j 3: note %zu differs", i);
            fr_doc_out_free(&outj);
        }
        fr_doc_out_free(&out);
    }

    /* A rule that is not an error rule is refused, not documented. */
    for (uint32_t r = 0; r < rs->nrules; r++) {
        if (rs->rules[r].kind != FR_RULE_ERROR && rs->rules[r].kind != FR_RULE_REQUIRE) {
            fr_doc_opts o = { .format = FR_DOC_MD, .budget = DOC_BUDGET };
            fr_doc_out out;
            memset(&out, 0, sizeof out);
            fr_rc drc = fr_doc_generate(rs, &o, &r, 1, &out);
            fz_check(drc == FR_EINVAL || drc == FR_ENOMEM, "documenting non-error rule %s: rc %d",
                     fr_rule_name(rs, r), (int)drc);
            fr_doc_out_free(&out);
            break;
        }
    }

    fr_eval *ev = fr_eval_new(rs);
    if (!ev)
        fz_oom();
    for (size_t i = 0; i < nr; i++)
        check_example(rs, ev, rules[i]);
    fr_eval_free(&ev);
    fr_ruleset_free(&rs);
    return 0;
}
