/* test_doc.c — the escapers of the error docs (roff, Markdown, JSON) on
 * hostile texts, and fr_doc_write_dir (atomic writes, unchanged files left
 * alone, stale generated pages removed, other files kept). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "doc.h"

/* ---- helpers ---------------------------------------------------------------- */

static char *roff(const char *s, bool literal)
{
    fr_buf b = { 0 };
    fr_roff_text(&b, s, strlen(s), literal);
    assert_false(b.oom);
    return b.p ? fr_buf_take(&b) : strdup("");
}

static char *roffn(const char *s, size_t n, bool literal)
{
    fr_buf b = { 0 };
    fr_roff_text(&b, s, n, literal);
    assert_false(b.oom);
    return b.p ? fr_buf_take(&b) : strdup("");
}

#define ROFF_IS(in, lit, want)                 \
    do {                                       \
        char *got_ = roff((in), (lit));        \
        assert_string_equal(got_, (want));     \
        free(got_);                            \
    } while (0)

typedef void (*escaper)(fr_buf *, const char *, size_t);

static char *esc(escaper f, const char *s, size_t n)
{
    fr_buf b = { 0 };
    f(&b, s, n);
    assert_false(b.oom);
    return b.p ? fr_buf_take(&b) : strdup("");
}

#define ESC_IS(f, in, want)                           \
    do {                                              \
        char *got_ = esc((f), (in), strlen(in));      \
        assert_string_equal(got_, (want));            \
        free(got_);                                   \
    } while (0)

/* Every line of roff output: ASCII, no control bytes (but tab in literal),
 * no request but .br, no trailing whitespace. */
static void assert_safe_roff(const char *t, bool literal)
{
    size_t n = strlen(t);
    assert_true(n == 0 || t[n - 1] != '\n');
    const char *line = t;
    for (;;) {
        const char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line);
        if (len && (line[0] == '.' || line[0] == '\''))
            assert_true(!literal && len == 3 && !memcmp(line, ".br", 3));
        if (len)
            assert_true(line[len - 1] != ' ' && line[len - 1] != '\t');
        for (size_t i = 0; i < len; i++) {
            unsigned char c = (unsigned char)line[i];
            assert_true(c < 0x80);
            assert_true(c >= 0x20 || (literal && c == '\t'));
            assert_true(c != 0x7f);
        }
        if (!nl)
            break;
        line = nl + 1;
    }
}

/* ---- roff ----------------------------------------------------------------------- */

static void roff_specials(void **state)
{
    (void)state;
    ROFF_IS("a\\b", false, "a\\(rsb");
    ROFF_IS("\\fB bold?", false, "\\(rsfB bold?");
    ROFF_IS("it's `x`", false, "it\\(aqs \\(gax\\(ga");
    ROFF_IS("say \"hi\"", false, "say \\(dqhi\\(dq");
    ROFF_IS("a^b~c", false, "a\\(hab\\(tic");
    ROFF_IS("{moe_runner_backend!r}", false, "{moe_runner_backend!r}");
    ROFF_IS("", false, "");
    ROFF_IS("", true, "");
}

static void roff_line_starts(void **state)
{
    (void)state;
    ROFF_IS(".TH evil 1", false, "\\&.TH evil 1");
    ROFF_IS("'br", false, "\\(aqbr");
    ROFF_IS(".SH x", true, "\\&.SH x");
    ROFF_IS("a\n.SH x", true, "a\n\\&.SH x");
    ROFF_IS("a\n.SH x", false, "a\n.br\n\\&.SH x");
    ROFF_IS("a\n'x", false, "a\n.br\n\\(aqx");
    /* a dot that is not at a line start stays */
    ROFF_IS("e.g. x.y", false, "e.g. x.y");
}

static void roff_hyphens(void **state)
{
    (void)state;
    /* filled text: option dashes and minus signs are \-, so are those of a
     * hyphenated name (two dashes or more: a line must not break there);
     * a word's one hyphen is - */
    ROFF_IS("--deepep-mode low-latency", false, "\\-\\-deepep\\-mode low-latency");
    ROFF_IS("(--dp-size >= 2)", false, "(\\-\\-dp\\-size >= 2)");
    ROFF_IS("-1 and a - b", false, "\\-1 and a \\- b");
    ROFF_IS("x-", false, "x\\-");
    ROFF_IS("pplx-normal-mode", false, "pplx\\-normal\\-mode");
    ROFF_IS("single-GPU", false, "single-GPU");
    /* literal blocks: every - is \- (copy-paste gives ASCII hyphen-minus) */
    ROFF_IS("pplx-normal-mode --a=-1", true, "pplx\\-normal\\-mode \\-\\-a=\\-1");
}

static void roff_whitespace(void **state)
{
    (void)state;
    ROFF_IS(" lead", false, "\\& lead");
    ROFF_IS("trail ", false, "trail \\&");
    ROFF_IS("a\tb", false, "a b");
    ROFF_IS("a\tb", true, "a\tb");
    ROFF_IS("  x  ", true, "\\&  x  \\&");
    /* filled text: newlines at the ends dropped; one is a .br, a run of
     * them as many blank lines (.sp N) as the text has */
    ROFF_IS("\n\na\n\n\nb\n", false, "a\n.sp 2\nb");
    ROFF_IS("a\nb\n\nc", false, "a\n.br\nb\n.sp 1\nc");
    ROFF_IS("a\n\nb", true, "a\n\nb");
    ROFF_IS("a \nb", false, "a \\&\n.br\nb");
}

static void roff_non_ascii(void **state)
{
    (void)state;
    ROFF_IS("caf\xc3\xa9", false, "caf\\[u00E9]");
    ROFF_IS("\xe2\x86\x92", true, "\\[u2192]");
    ROFF_IS("\xf0\x9f\x98\x80", false, "\\[u1F600]");
    ROFF_IS("a\xff" "b", false, "a\\[uFFFD]b");          /* invalid byte */
    ROFF_IS("\xc3", false, "\\[uFFFD]");                  /* truncated sequence */
    ROFF_IS("\xed\xa0\x80", false, "\\[uFFFD]\\[uFFFD]\\[uFFFD]"); /* a surrogate */
    ROFF_IS("\xc0\xaf", false, "\\[uFFFD]\\[uFFFD]");     /* overlong */
    ROFF_IS("\xc2\x85", false, "\\[uFFFD]");              /* C1 control */
    ROFF_IS("a\x01" "b\x7f", false, "a\\[u2401]b\\[u2421]");
    ROFF_IS("\r", true, "\\[u240D]");
    char *t = roffn("a\0b", 3, false);
    assert_string_equal(t, "a\\[u2400]b");
    free(t);
}

/* Filled text is wrapped at single spaces before 80 bytes; the words and
 * the spaces between them are kept (a newline reads as a space). */
static void roff_wrap(void **state)
{
    (void)state;
    char in[2000] = "";
    for (int i = 0; i < 60; i++)
        strcat(in, i ? " word-x" : "word-x");
    char *t = roff(in, false);
    size_t lines = 1;
    for (char *p = t, *nl; (nl = strchr(p, '\n')) != NULL; p = nl + 1, lines++)
        assert_true((size_t)(nl - p) <= 80);
    assert_true(lines > 3);
    for (char *p = t; *p; p++)
        if (*p == '\n')
            *p = ' ';
    assert_string_equal(t, in);
    free(t);
    /* literal text and runs of two spaces are never wrapped */
    t = roff(in, true);
    assert_null(strchr(t, '\n'));
    free(t);
}

/* Every byte value, alone and in hostile mixes: the output stays safe. */
static void roff_hostile(void **state)
{
    (void)state;
    static const char *const hostile[] = {
        ".\\\" comment\n'\\\" t\n.de X\n..\n\\*(Tm \\n(.l \\$1 \\c",
        "   \n\t\n.\n'\n\\\n",
        "moe_a2a_backend='pplx' only supports low-latency mode; set --deepep-mode to 'low_latency' or 'auto'.",
        "\\fI\\fB\\fR\\s+2\\m[red]\\X'tty: link'\\[u00E9]\\(em\\-",
        "\x1b[31mred\x1b[0m \xe2\x80\xae rtl",
    };
    for (size_t i = 0; i < sizeof hostile / sizeof *hostile; i++)
        for (int lit = 0; lit < 2; lit++) {
            char *t = roff(hostile[i], lit);
            assert_safe_roff(t, lit);
            free(t);
        }
    char all[256];
    for (int c = 0; c < 256; c++)
        all[c] = (char)c;
    for (int lit = 0; lit < 2; lit++) {
        char *t = roffn(all, sizeof all, lit);
        assert_safe_roff(t, lit);
        free(t);
        for (int c = 0; c < 256; c++) {
            char one = (char)c;
            t = roffn(&one, 1, lit);
            assert_safe_roff(t, lit);
            free(t);
        }
    }
}

/* ---- Markdown and JSON ---------------------------------------------------------- */

static void md_text(void **state)
{
    (void)state;
    ESC_IS(fr_md_text, "*a* _b_ [c](d) <e> `f`", "\\*a\\* \\_b\\_ \\[c\\](d) \\<e\\> \\`f\\`");
    ESC_IS(fr_md_text, "# h", "\\# h");
    ESC_IS(fr_md_text, "1. item", "1\\. item");
    ESC_IS(fr_md_text, "- item", "\\- item");
    ESC_IS(fr_md_text, "a\\b & c|d ~e~ !x", "a\\\\b \\& c\\|d \\~e\\~ \\!x");
    ESC_IS(fr_md_text, "a\n\n- b", "a\\\n\\- b");
    ESC_IS(fr_md_text, "a\n    code?", "a\\\ncode?");   /* no indented code block */
    ESC_IS(fr_md_text, " and ", " and ");               /* spaces between code spans stay */
    ESC_IS(fr_md_text, "a\xff" "b", "a\xef\xbf\xbd" "b");
    ESC_IS(fr_md_text, "a\x01", "a\xe2\x90\x81");
}

static void md_code(void **state)
{
    (void)state;
    ESC_IS(fr_md_code, "--deepep-mode normal", "`--deepep-mode normal`");
    ESC_IS(fr_md_code, "a`b", "``a`b``");
    ESC_IS(fr_md_code, "`x", "`` `x ``");
    ESC_IS(fr_md_code, "a``b", "```a``b```");
    ESC_IS(fr_md_code, "", "` `");
    ESC_IS(fr_md_code, "a\nb", "`a b`");
}

static void md_block(void **state)
{
    (void)state;
    fr_buf b = { 0 };
    fr_md_block(&b, "sh", "x\n", 2);
    assert_string_equal(b.p, "```sh\nx\n```\n");
    fr_buf_free(&b);
    fr_md_block(&b, NULL, "a ``` b", 7);
    assert_string_equal(b.p, "````\na ``` b\n````\n");
    fr_buf_free(&b);
}

static void json_str(void **state)
{
    (void)state;
    ESC_IS(fr_json_str, "a\"b\\c", "\"a\\\"b\\\\c\"");
    ESC_IS(fr_json_str, "\n\t\r\b\f\x01\x7f", "\"\\n\\t\\r\\b\\f\\u0001\\u007f\"");
    ESC_IS(fr_json_str, "caf\xc3\xa9", "\"caf\xc3\xa9\"");
    ESC_IS(fr_json_str, "\xff", "\"\\ufffd\"");
    char *t = esc(fr_json_str, "a\0b", 3);
    assert_string_equal(t, "\"a\\u0000b\"");
    free(t);
}

/* ---- writing a directory --------------------------------------------------------------- */

static char *tmpdir(void)
{
    char tmpl[] = "/tmp/test_doc.XXXXXX";
    char *d = mkdtemp(tmpl);
    assert_non_null(d);
    return strdup(d);
}

static void put_file(const char *dir, const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static int exists(const char *dir, const char *name)
{
    char path[512];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return stat(path, &st) == 0;
}

static char *slurp(const char *dir, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    static char buf[4096];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void rm_rf(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        unlink(path);
    }
    closedir(d);
    rmdir(dir);
}

static size_t count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    size_t n = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL)
        n += strcmp(de->d_name, ".") && strcmp(de->d_name, "..");
    closedir(d);
    return n;
}

static void set_file(fr_doc_file *f, const char *name, long rule, const char *text)
{
    f->name = strdup(name);
    f->rule = rule;
    f->text = strdup(text);
    f->len = strlen(text);
}

static void write_dir(void **state)
{
    (void)state;
    char *dir = tmpdir();
    fr_doc_file files[2];
    set_file(&files[0], "flagrule-a.7", 0, ".\\\" " FR_DOC_MARKER "; do not edit\n.TH A 7\n");
    set_file(&files[1], "flagrule-errors.7", -1, ".\\\" " FR_DOC_MARKER "; do not edit\n.TH E 7\n");
    fr_doc_out out = { files, 2, NULL, 0 };
    fr_doc_write_report rep;

    /* first write */
    assert_int_equal(fr_doc_write_dir(&out, FR_DOC_MAN, dir, true, &rep), FR_OK);
    assert_int_equal(rep.written, 2);
    assert_int_equal(rep.unchanged, 0);
    assert_string_equal(slurp(dir, "flagrule-a.7"), files[0].text);
    fr_doc_write_report_free(&rep);

    /* unchanged bytes: the file is left alone (same inode, same mtime) */
    char path[512];
    struct stat st1, st2;
    snprintf(path, sizeof path, "%s/flagrule-a.7", dir);
    assert_int_equal(stat(path, &st1), 0);
    assert_int_equal(fr_doc_write_dir(&out, FR_DOC_MAN, dir, true, &rep), FR_OK);
    assert_int_equal(rep.written, 0);
    assert_int_equal(rep.unchanged, 2);
    assert_int_equal(stat(path, &st2), 0);
    assert_true(st1.st_ino == st2.st_ino);
    assert_true(st1.st_mtime == st2.st_mtime);
    fr_doc_write_report_free(&rep);

    /* stale pages: generated ones go, everything else stays */
    put_file(dir, "flagrule-gone.7", ".\\\" " FR_DOC_MARKER " from x.rules (rule gone); do not edit\n");
    put_file(dir, "flagrule-handwritten.7", ".TH HAND 7\n." FR_DOC_MARKER " only on line 2\n");
    put_file(dir, "flagrule-rules.5", ".\\\" " FR_DOC_MARKER "\n");       /* other extension */
    put_file(dir, "flagrule-gone.md", "<!-- " FR_DOC_MARKER " -->\n");     /* other format */
    put_file(dir, "other-gone.7", ".\\\" " FR_DOC_MARKER "\n");           /* other name */
    assert_int_equal(fr_doc_write_dir(&out, FR_DOC_MAN, dir, false, &rep), FR_OK);
    assert_int_equal(rep.removed, 0);   /* not asked to */
    fr_doc_write_report_free(&rep);
    assert_true(exists(dir, "flagrule-gone.7"));
    assert_int_equal(fr_doc_write_dir(&out, FR_DOC_MAN, dir, true, &rep), FR_OK);
    assert_int_equal(rep.removed, 1);
    fr_doc_write_report_free(&rep);
    assert_false(exists(dir, "flagrule-gone.7"));
    assert_true(exists(dir, "flagrule-handwritten.7"));
    assert_true(exists(dir, "flagrule-rules.5"));
    assert_true(exists(dir, "flagrule-gone.md"));
    assert_true(exists(dir, "other-gone.7"));

    /* a changed page is replaced, and no temporary file is left behind */
    free(files[0].text);
    files[0].text = strdup(".\\\" " FR_DOC_MARKER "; do not edit\n.TH A 7 changed\n");
    files[0].len = strlen(files[0].text);
    assert_int_equal(fr_doc_write_dir(&out, FR_DOC_MAN, dir, true, &rep), FR_OK);
    assert_int_equal(rep.written, 1);
    assert_int_equal(rep.unchanged, 1);
    fr_doc_write_report_free(&rep);
    assert_string_equal(slurp(dir, "flagrule-a.7"), files[0].text);
    assert_int_equal(count_entries(dir), 6);

    rm_rf(dir);
    free(dir);
    for (int i = 0; i < 2; i++) {
        free(files[i].name);
        free(files[i].text);
    }
}

static void write_dir_errors(void **state)
{
    (void)state;
    fr_doc_out out = { NULL, 0, NULL, 0 };
    fr_doc_write_report rep;
    assert_int_equal(fr_doc_write_dir(&out, FR_DOC_MAN, "/nonexistent/flagrule-doc-test", true, &rep),
                     FR_EIO);
    assert_non_null(rep.error);
    assert_non_null(strstr(rep.error, "/nonexistent/flagrule-doc-test"));
    fr_doc_write_report_free(&rep);

    char *dir = tmpdir();
    put_file(dir, "file", "x");
    char path[512];
    snprintf(path, sizeof path, "%s/file", dir);
    assert_int_equal(fr_doc_write_dir(&out, FR_DOC_MAN, path, true, &rep), FR_EIO);
    fr_doc_write_report_free(&rep);
    rm_rf(dir);
    free(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(roff_specials),
        cmocka_unit_test(roff_line_starts),
        cmocka_unit_test(roff_hyphens),
        cmocka_unit_test(roff_whitespace),
        cmocka_unit_test(roff_non_ascii),
        cmocka_unit_test(roff_wrap),
        cmocka_unit_test(roff_hostile),
        cmocka_unit_test(md_text),
        cmocka_unit_test(md_code),
        cmocka_unit_test(md_block),
        cmocka_unit_test(json_str),
        cmocka_unit_test(write_dir),
        cmocka_unit_test(write_dir_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
