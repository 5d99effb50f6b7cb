/* doc.c — error documentation: pages for every error rule, with examples
 * computed and verified by the evaluator.
 *
 * The work for one rule:
 *  1. the example (search part): candidate values for the keys the rule
 *     depends on are collected from its condition and declared values (and
 *     those of the declare rules that resolve those keys) and from the test
 *     cases that expect its error: the values compared with, their
 *     neighbours, inverses through arithmetic (also at a few other values
 *     of the keys an expression reads: probe_eval), small ints for keys
 *     that arithmetic reads (pool_add_small), and for a key compared with
 *     values, one that differs from all of them (to keep a declare rule
 *     from firing: pool_ensure_other);
 *     configs are tried in order of the number of keys changed from
 *     the defaults, each one evaluated with the real evaluator; then the
 *     trigger is extended so that no other error fires on it, if possible;
 *     then the fix is searched, again by number of changes.  Both lines are
 *     re-evaluated from their printed text before they are used.
 *  2. the page model: summary, message, description, source, solutions,
 *     example, the trigger condition in flag terms, related errors.
 *  3. rendering: man(7), Markdown or JSON, from the same model.
 *
 * No global or static mutable state; every allocation is checked (buffers
 * record out of memory in fr_buf.oom and are checked once at the end). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "doc.h"
#include "eval.h"
#include "intern.h"
#include "ir.h"
#include "value.h"

/* ======================================================================
 * UTF-8 and escaping
 * ==================================================================== */

/* Decodes one strict UTF-8 sequence; returns its length, or 0 if invalid. */
static size_t u8dec(const unsigned char *s, size_t len, uint32_t *cp)
{
    unsigned char c = s[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    size_t n;
    uint32_t v, min;
    if (c >= 0xc2 && c <= 0xdf) {
        n = 2; v = c & 0x1f; min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
        n = 3; v = c & 0x0f; min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4; v = c & 0x07; min = 0x10000;
    } else {
        return 0;
    }
    if (len < n)
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        v = (v << 6) | (s[i] & 0x3f);
    }
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
        return 0;
    *cp = v;
    return n;
}

static void u8put(fr_buf *b, uint32_t cp)
{
    char o[4];
    size_t n;
    if (cp < 0x80) {
        o[0] = (char)cp; n = 1;
    } else if (cp < 0x800) {
        o[0] = (char)(0xc0 | (cp >> 6)); o[1] = (char)(0x80 | (cp & 0x3f)); n = 2;
    } else if (cp < 0x10000) {
        o[0] = (char)(0xe0 | (cp >> 12)); o[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        o[2] = (char)(0x80 | (cp & 0x3f)); n = 3;
    } else {
        o[0] = (char)(0xf0 | (cp >> 18)); o[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
        o[2] = (char)(0x80 | ((cp >> 6) & 0x3f)); o[3] = (char)(0x80 | (cp & 0x3f)); n = 4;
    }
    fr_buf_put(b, o, n);
}

/* A control character shown as its Unicode control picture (U+2400..). */
static uint32_t control_picture(unsigned char c)
{
    return c == 0x7f ? 0x2421 : 0x2400u + c;
}

static int is_alnum(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Output state of roff text: whether nothing has been written on the output
 * line yet, and spaces not written yet (carried from the end of one piece of
 * a line to the next). */
typedef struct rstate {
    int    at_start;
    size_t pend;
} rstate;

#define ROFF_WIDTH 78   /* filled text is wrapped before this many bytes */
#define ROFF_BRK '\x01' /* a space where the line may be wrapped (never in escaped text) */

/* Bytes on the last line of b. */
static size_t buf_col(const fr_buf *b)
{
    size_t col = 0;
    while (col < b->len && b->p[b->len - 1 - col] != '\n')
        col++;
    return col;
}

static void rstate_init(rstate *st, const fr_buf *b)
{
    st->at_start = buf_col(b) == 0;
    st->pend = 0;
}

static void roff_put(fr_buf *b, rstate *st, const char *s, size_t n)
{
    fr_buf_put(b, s, n);
    st->at_start = 0;
}

/* Escapes one word (no space, tab or newline in it) into w. */
static void roff_word(fr_buf *w, const unsigned char *u, size_t from, size_t to, int literal)
{
    /* Dashes that a reader may copy are ASCII's (\-): those of an option
     * ("--tp-size", also after an opening "(" or quote) and of a
     * hyphenated name ("deepep-v2-runner": two or more dashes), which a
     * line must not break at either.  One dash between letters
     * ("low-latency", "single-GPU") stays a hyphen. */
    size_t lead = from;
    while (lead < to && strchr("([{\"'`", u[lead]))
        lead++;
    size_t ndash = 0;
    for (size_t i = from; i < to; i++)
        ndash += u[i] == '-';
    int word_dash = (lead < to && u[lead] == '-') || ndash >= 2;
    int prev = ' ';
    for (size_t i = from; i < to;) {
        int c = u[i];
        switch (c) {
        case '\\': fr_buf_put(w, "\\(rs", 4); break;
        case '\'': fr_buf_put(w, "\\(aq", 4); break;
        case '`':  fr_buf_put(w, "\\(ga", 4); break;
        case '^':  fr_buf_put(w, "\\(ha", 4); break;
        case '~':  fr_buf_put(w, "\\(ti", 4); break;
        case '"':  fr_buf_put(w, "\\(dq", 4); break;
        case '-': {
            int next = i + 1 < to ? u[i + 1] : ' ';
            if (!literal && !word_dash && is_alnum(prev) && is_alnum(next))
                fr_buf_putc(w, '-');
            else
                fr_buf_put(w, "\\-", 2);
            break;
        }
        default:
            if (c < 0x20 || c == 0x7f) {
                fr_buf_printf(w, "\\[u%04X]", (unsigned)control_picture((unsigned char)c));
            } else if (c >= 0x80) {
                uint32_t cp;
                size_t n = u8dec(u + i, to - i, &cp);
                if (n == 0 || (cp >= 0x80 && cp <= 0x9f)) {
                    fr_buf_put(w, "\\[uFFFD]", 8);
                    n = n ? n : 1;
                } else {
                    fr_buf_printf(w, "\\[u%04X]", (unsigned)cp);
                }
                i += n;
                prev = 'a';
                continue;
            } else {
                fr_buf_putc(w, (char)c);
            }
        }
        prev = c;
        i++;
    }
}

/* Writes the pending spaces and the whitespace u[from, to) (tabs as spaces
 * in filled text). */
static void roff_ws(fr_buf *b, rstate *st, const unsigned char *u, size_t from, size_t to, int literal)
{
    if (st->at_start && (st->pend || from < to))
        roff_put(b, st, "\\&", 2);   /* a leading space would break the line */
    for (; st->pend; st->pend--)
        roff_put(b, st, " ", 1);
    for (size_t k = from; k < to; k++)
        roff_put(b, st, literal && u[k] == '\t' ? "\t" : " ", 1);
}

/* Escapes text into b, continuing the output state st.  `wrap`: a single
 * space between words is written as ROFF_BRK, for roff_layout; `last`: the
 * text ends the output line, so trailing whitespace is written and guarded
 * (otherwise trailing spaces stay pending in st).  `pre` and `post` (font
 * changes) are written around the words of the text. */
static void roff_run(fr_buf *b, const char *s, size_t len, int literal, int wrap, int last,
                     rstate *st, const char *pre, const char *post)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    size_t npre = pre ? strlen(pre) : 0, npost = post ? strlen(post) : 0;
    int first = 1;
    if (!literal)
        while (i < len && u[i] == '\n')
            i++;
    while (len > i && u[len - 1] == '\n')
        len--;
    size_t ws = SIZE_MAX;    /* start of whitespace not written yet */
    fr_buf w = { 0 };
    while (i < len) {
        int c = u[i];
        if (c == ' ' || c == '\t') {
            if (ws == SIZE_MAX)
                ws = i;
            i++;
            continue;
        }
        if (c == '\n') {
            if (ws != SIZE_MAX || st->pend) {
                roff_ws(b, st, u, ws == SIZE_MAX ? i : ws, i, literal);
                roff_put(b, st, "\\&", 2);
                ws = SIZE_MAX;
            }
            if (literal) {
                fr_buf_putc(b, '\n');
            } else {
                /* a line break; each further newline a blank line, as
                 * the text has them (.sp N) */
                size_t blank = 0;
                while (i + 1 < len && u[i + 1] == '\n') {
                    i++;
                    blank++;
                }
                if (blank)
                    fr_buf_printf(b, "\n.sp %zu\n", blank);
                else
                    fr_buf_put(b, "\n.br\n", 5);
            }
            st->at_start = 1;
            i++;
            continue;
        }
        size_t w0 = i;
        while (i < len && u[i] != ' ' && u[i] != '\t' && u[i] != '\n')
            i++;
        size_t rest = i;
        while (rest < len && (u[rest] == ' ' || u[rest] == '\t'))
            rest++;
        int lastword = rest == len;
        w.len = 0;
        roff_word(&w, u, w0, i, literal);
        if (w.oom) {
            b->oom = 1;
            break;
        }
        size_t nws = (ws == SIZE_MAX ? 0 : w0 - ws) + st->pend;
        if (nws) {
            if (wrap && nws == 1 && !st->at_start && (ws == SIZE_MAX || u[ws] == ' ')) {
                st->pend = 0;
                fr_buf_putc(b, ROFF_BRK);
            } else {
                roff_ws(b, st, u, ws == SIZE_MAX ? w0 : ws, w0, literal);
            }
            ws = SIZE_MAX;
        }
        if (st->at_start && u[w0] == '.' && !(first && npre))
            roff_put(b, st, "\\&", 2);   /* a leading dot would be a request */
        if (first && npre)
            roff_put(b, st, pre, npre);
        roff_put(b, st, w.p, w.len);
        if (lastword && npost)
            roff_put(b, st, post, npost);
        first = 0;
    }
    if (ws != SIZE_MAX || (last && st->pend)) {
        if (last) {
            roff_ws(b, st, u, ws == SIZE_MAX ? len : ws, len, literal);
            roff_put(b, st, "\\&", 2);
        } else {
            st->pend += len - ws;   /* counted as spaces */
        }
    }
    fr_buf_free(&w);
}

/* Whether roff ends a sentence with escaped text t[0..n) when it ends an
 * input line ('.', '?' or '!', then closing quotes, parentheses,
 * brackets or asterisks): it then adds a second space after it. */
static int roff_sentence_end(const char *t, size_t n)
{
    for (;;) {
        if (n >= 4 && t[n - 4] == '\\' && t[n - 3] == '(' &&
            ((t[n - 2] == 'a' && t[n - 1] == 'q') || (t[n - 2] == 'd' && t[n - 1] == 'q') ||
             (t[n - 2] == 'r' && t[n - 1] == 'q')))
            n -= 4;
        else if (n >= 1 && strchr("\")]'*", t[n - 1]))
            n--;
        else
            break;
    }
    return n >= 1 && (t[n - 1] == '.' || t[n - 1] == '?' || t[n - 1] == '!');
}

/* Appends t (escaped roff text with ROFF_BRK marks) to b, each mark a space
 * or, where the line would grow past ROFF_WIDTH, a newline (after a
 * sentence's end, guarded by \&: the text keeps its one space there, as
 * written, so a message reads byte for byte). */
static void roff_layout(fr_buf *b, const char *t, size_t n)
{
    size_t col = buf_col(b);
    for (size_t i = 0; i < n;) {
        size_t e = i;
        while (e < n && t[e] != '\n')
            e++;
        int first_unit = 1;
        for (size_t u = i; u <= e;) {
            size_t v = u;
            while (v < e && t[v] != ROFF_BRK)
                v++;
            size_t ulen = v - u;
            if (!first_unit) {
                if (col > 0 && col + 1 + ulen > ROFF_WIDTH) {
                    if (roff_sentence_end(b->p, b->len))
                        fr_buf_put(b, "\\&", 2);
                    fr_buf_putc(b, '\n');
                    col = 0;
                    if (ulen && t[u] == '.') {
                        fr_buf_put(b, "\\&", 2);   /* now at a line start */
                        col += 2;
                    }
                } else {
                    fr_buf_putc(b, ' ');
                    col++;
                }
            }
            fr_buf_put(b, t + u, ulen);
            col += ulen;
            first_unit = 0;
            u = v + 1;
        }
        if (e < n) {
            fr_buf_putc(b, '\n');
            col = 0;
        }
        i = e + 1;
    }
}

void fr_roff_text(fr_buf *b, const char *s, size_t len, bool literal)
{
    rstate st;
    rstate_init(&st, b);
    if (literal) {
        roff_run(b, s, len, 1, 0, 1, &st, NULL, NULL);
        return;
    }
    fr_buf t = { 0 };
    roff_run(&t, s, len, 0, 1, 1, &st, NULL, NULL);
    if (t.oom)
        b->oom = 1;
    roff_layout(b, t.p ? t.p : "", t.len);
    fr_buf_free(&t);
}

/* Appends s with invalid UTF-8 replaced by U+FFFD and control characters
 * (but \n, \t when `keep_nl_tab`) by control pictures. */
static void clean_utf8(fr_buf *b, const char *s, size_t len, int keep_nl_tab)
{
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < len;) {
        unsigned char c = u[i];
        if (c < 0x80) {
            if ((c < 0x20 && !(keep_nl_tab && (c == '\n' || c == '\t'))) || c == 0x7f)
                u8put(b, control_picture(c));
            else
                fr_buf_putc(b, (char)c);
            i++;
            continue;
        }
        uint32_t cp;
        size_t n = u8dec(u + i, len - i, &cp);
        if (n == 0) {
            u8put(b, 0xfffd);
            i++;
        } else {
            fr_buf_put(b, s + i, n);
            i += n;
        }
    }
}

void fr_md_text(fr_buf *b, const char *s, size_t len)
{
    fr_buf clean = { 0 };
    clean_utf8(&clean, s, len, 1);
    if (clean.oom) {
        b->oom = 1;
        return;
    }
    const char *p = clean.p ? clean.p : "";
    size_t n = clean.len;
    /* trim newlines at the ends */
    while (n && p[0] == '\n') {
        p++;
        n--;
    }
    while (n && p[n - 1] == '\n')
        n--;
    int line_start = 1;      /* markers here would start a block */
    int after_nl = 0;        /* spaces here could make a code block */
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (c == '\n') {
            while (i + 1 < n && p[i + 1] == '\n')
                i++;
            fr_buf_put(b, "\\\n", 2);   /* hard line break */
            line_start = 1;
            after_nl = 1;
            continue;
        }
        if (c == '\t')
            c = ' ';
        if (line_start) {
            if (c == ' ') {
                if (!after_nl)
                    fr_buf_putc(b, ' ');
                continue;
            }
            after_nl = 0;
            /* "1." or "1)" at the start of a line would be a list item */
            if (c >= '0' && c <= '9') {
                size_t j = i;
                while (j < n && p[j] >= '0' && p[j] <= '9')
                    j++;
                fr_buf_put(b, p + i, j - i);
                if (j < n && (p[j] == '.' || p[j] == ')')) {
                    fr_buf_putc(b, '\\');
                    fr_buf_putc(b, p[j]);
                    j++;
                }
                i = j - 1;
                line_start = 0;
                continue;
            }
            if (c == '+' || c == '-' || c == '=') {
                fr_buf_putc(b, '\\');
                fr_buf_putc(b, c);
                line_start = 0;
                continue;
            }
        }
        line_start = 0;
        if (strchr("\\`*_[]<>&|~#!{}", c))
            fr_buf_putc(b, '\\');
        fr_buf_putc(b, c);
    }
    fr_buf_free(&clean);
}

static size_t longest_run(const char *s, size_t len, char ch)
{
    size_t best = 0, run = 0;
    for (size_t i = 0; i < len; i++) {
        run = s[i] == ch ? run + 1 : 0;
        if (run > best)
            best = run;
    }
    return best;
}

void fr_md_code(fr_buf *b, const char *s, size_t len)
{
    fr_buf clean = { 0 };
    clean_utf8(&clean, s, len, 1);
    if (clean.oom) {
        b->oom = 1;
        return;
    }
    const char *p = clean.p ? clean.p : "";
    size_t n = clean.len;
    if (n == 0) {
        fr_buf_put(b, "` `", 3);
        fr_buf_free(&clean);
        return;
    }
    size_t ticks = longest_run(p, n, '`') + 1;
    int pad = p[0] == '`' || p[n - 1] == '`' || p[0] == ' ' || p[n - 1] == ' ';
    for (size_t k = 0; k < ticks; k++)
        fr_buf_putc(b, '`');
    if (pad)
        fr_buf_putc(b, ' ');
    for (size_t i = 0; i < n; i++)
        fr_buf_putc(b, p[i] == '\n' || p[i] == '\t' ? ' ' : p[i]);
    if (pad)
        fr_buf_putc(b, ' ');
    for (size_t k = 0; k < ticks; k++)
        fr_buf_putc(b, '`');
    fr_buf_free(&clean);
}

void fr_md_block(fr_buf *b, const char *info, const char *s, size_t len)
{
    fr_buf clean = { 0 };
    clean_utf8(&clean, s, len, 1);
    if (clean.oom) {
        b->oom = 1;
        return;
    }
    const char *p = clean.p ? clean.p : "";
    size_t n = clean.len;
    size_t ticks = longest_run(p, n, '`') + 1;
    if (ticks < 3)
        ticks = 3;
    for (size_t k = 0; k < ticks; k++)
        fr_buf_putc(b, '`');
    if (info)
        fr_buf_puts(b, info);
    fr_buf_putc(b, '\n');
    fr_buf_put(b, p, n);
    if (n == 0 || p[n - 1] != '\n')
        fr_buf_putc(b, '\n');
    for (size_t k = 0; k < ticks; k++)
        fr_buf_putc(b, '`');
    fr_buf_putc(b, '\n');
    fr_buf_free(&clean);
}

void fr_json_str(fr_buf *b, const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    fr_buf_putc(b, '"');
    for (size_t i = 0; i < len;) {
        unsigned char c = u[i];
        if (c >= 0x80) {
            uint32_t cp;
            size_t n = u8dec(u + i, len - i, &cp);
            if (n == 0) {
                fr_buf_put(b, "\\ufffd", 6);
                i++;
            } else {
                fr_buf_put(b, s + i, n);
                i += n;
            }
            continue;
        }
        switch (c) {
        case '"':  fr_buf_put(b, "\\\"", 2); break;
        case '\\': fr_buf_put(b, "\\\\", 2); break;
        case '\n': fr_buf_put(b, "\\n", 2); break;
        case '\t': fr_buf_put(b, "\\t", 2); break;
        case '\r': fr_buf_put(b, "\\r", 2); break;
        case '\b': fr_buf_put(b, "\\b", 2); break;
        case '\f': fr_buf_put(b, "\\f", 2); break;
        default:
            if (c < 0x20 || c == 0x7f)
                fr_buf_printf(b, "\\u%04x", c);
            else
                fr_buf_putc(b, (char)c);
        }
        i++;
    }
    fr_buf_putc(b, '"');
}

static void json_cstr(fr_buf *b, const char *s)
{
    if (s)
        fr_json_str(b, s, strlen(s));
    else
        fr_buf_puts(b, "null");
}

/* ======================================================================
 * Rich text: text with code spans, rendered per format
 * ==================================================================== */

typedef struct rseg {
    size_t  off, len;
    uint8_t code;
} rseg;

typedef struct rich {
    fr_buf bytes;
    rseg  *segs;
    size_t n, cap;
    int    oom;
} rich;

static void rich_add(rich *r, const char *s, size_t len, int code)
{
    if (len == 0 && !code)
        return;
    if (r->n && r->segs[r->n - 1].code == code && !code) {
        fr_buf_put(&r->bytes, s, len);
        r->segs[r->n - 1].len += len;
        return;
    }
    if (r->n == r->cap && fr_vec_reserve((void **)&r->segs, &r->cap, r->n + 1, sizeof *r->segs) < 0) {
        r->oom = 1;
        return;
    }
    r->segs[r->n].off = r->bytes.len;
    r->segs[r->n].len = len;
    r->segs[r->n].code = (uint8_t)code;
    r->n++;
    fr_buf_put(&r->bytes, s, len);
}

static void rich_text(rich *r, const char *s)
{
    rich_add(r, s, strlen(s), 0);
}

static void rich_code(rich *r, const char *s, size_t len)
{
    rich_add(r, s, len, 1);
}

static void rich_free(rich *r)
{
    fr_buf_free(&r->bytes);
    free(r->segs);
    memset(r, 0, sizeof *r);
}

static int rich_bad(const rich *r)
{
    return r->oom || r->bytes.oom;
}

/* man: code in bold.  The text goes on the current output line (wrapped). */
static void rich_man(fr_buf *b, const rich *r)
{
    rstate st;
    rstate_init(&st, b);
    fr_buf t = { 0 };
    for (size_t i = 0; i < r->n; i++) {
        const char *s = r->bytes.p + r->segs[i].off;
        int last = i + 1 == r->n;
        if (r->segs[i].code)
            roff_run(&t, s, r->segs[i].len, 1, 1, last, &st, "\\fB", "\\fR");
        else
            roff_run(&t, s, r->segs[i].len, 0, 1, last, &st, NULL, NULL);
    }
    if (t.oom)
        b->oom = 1;
    roff_layout(b, t.p ? t.p : "", t.len);
    fr_buf_free(&t);
}

static void rich_md(fr_buf *b, const rich *r)
{
    for (size_t i = 0; i < r->n; i++) {
        const char *s = r->bytes.p + r->segs[i].off;
        if (r->segs[i].code)
            fr_md_code(b, s, r->segs[i].len);
        else
            fr_md_text(b, s, r->segs[i].len);
    }
}

/* Plain text with code as Markdown code spans (fr_md_code: a value with a
 * backtick in it gets a longer fence), for JSON. */
static void rich_plain(fr_buf *b, const rich *r)
{
    for (size_t i = 0; i < r->n; i++) {
        const char *s = r->bytes.p + r->segs[i].off;
        if (r->segs[i].code)
            fr_md_code(b, s, r->segs[i].len);
        else
            fr_buf_put(b, s, r->segs[i].len);
    }
}

/* ======================================================================
 * The example search
 * ==================================================================== */

#define MAX_TRIGGER_KEYS 4   /* keys changed from the defaults, at most */
#define MAX_CHANGES      3   /* changes when isolating and fixing */

typedef struct pool {        /* candidate values of one key, in order */
    fr_val *v;
    size_t  n, cap;
    fr_val *cmp;             /* the values conditions compare the key with */
    size_t  ncmp, capcmp;    /* (at most POOL_MAX: see pool_ensure_other) */
    fr_val  rx[4];           /* the first regex examples written for the key */
    uint32_t nrx;
    int64_t mod[4][2];       /* the first `key % m = c` seen: m > 0, c */
    uint32_t nmod;
} pool;

typedef struct cfg {         /* a config: the keys changed from the defaults */
    uint8_t  *set;           /* [nkeys] */
    fr_val   *val;           /* [nkeys] */
    /* the keys set since the last cfg_clear or cfg_copy, ascending (set[]
     * may have been cleared since: a superset): what the per-evaluation
     * walks go through, not every key of the set (100,000 keys made each
     * evaluation of a search cost ~0.2 ms before it started) */
    uint8_t  *listed;        /* [nkeys]: k is in ks */
    uint32_t *ks;            /* [nkeys] room */
    size_t    nks;
} cfg;

typedef struct keylist {
    uint32_t *k;
    size_t    n, cap;
    uint32_t *h;             /* past KL_SCAN keys: a hash set of k + 1 (0 free), */
    size_t    hmask;         /* for kl_add and kl_has in O(1), not O(n) */
} keylist;

/* For each key, the keys its declarers read (their conditions, then their
 * values), without repeats, in order of first appearance: the edges
 * collect_rule follows.  Built once for all the searches of a run (walking
 * every declarer of every key read, for every rule collected, was
 * quadratic: 33 s for one page at 100,000 rules). */
typedef struct depmap {
    uint32_t *off;           /* [nkeys + 1] */
    uint32_t *keys;
} depmap;

typedef struct search {
    const fr_ruleset *rs;
    const depmap *dep;       /* shared, or own_dep */
    depmap     own_dep;
    uint8_t   *key_expanded; /* [nkeys]: its declarers' candidates collected */
    uint32_t  *bfs;          /* [nkeys]: collect_rule's keys, */
    uint32_t  *bfs_mark;     /* [nkeys]: == bfs_epoch when in them */
    uint32_t   bfs_epoch;
    fr_eval   *ev;
    fr_arena  *arena;        /* strings of candidate values */
    pool      *pools;        /* [nkeys] */
    uint8_t   *rule_seen;    /* [nrules]: candidates collected from the rule */
    uint8_t   *key_seen;     /* [nkeys]: scratch for key lists */
    unsigned long budget, used, total;
    fr_buf     words;        /* argv bytes, NUL-separated */
    size_t    *offs;  size_t cap_offs;
    const char **argv; size_t cap_argv;
    uint32_t  *keep;  size_t nkeep;   /* P_PASSES_KEEP: these keys ... */
    fr_value  *kept;                  /* ... keep these resolved values */
    uint8_t   *fired;    /* NULL, or [nrules]: set for every rule that fires
                          * (P_FIRES) in a config evaluated (lint) */
    bool       printable;   /* a page's example: no value a line cannot show
                             * (has_unshowable); lint takes any */
    bool       left_out;    /* a value was left out for that */
    int        oom;
} search;

/* What a config must do: fire the rule; fire it and no other error; pass;
 * pass with the kept keys (s->keep) resolved as before. */
typedef enum pred { P_FIRES, P_ALONE, P_PASSES, P_PASSES_KEEP } pred;

/* ---- values ------------------------------------------------------------- */

static fr_type key_type(const fr_ruleset *rs, uint32_t k)
{
    return rs->keys[k].type;
}

static int val_same(const fr_ruleset *rs, uint32_t k, fr_val a, fr_val b)
{
    return fr_val_eq(key_type(rs, k), a, b);
}

/* Candidate values kept per key.  The search tries few values per key; a
 * rule over a set of a million members must not make the pool quadratic. */
#define POOL_MAX 256u

/* Whether a config line can give key k the value v. */
static bool has_unshowable(const char *s, size_t len);


static int writable_as(const fr_ruleset *rs, uint32_t k, fr_val v, bool printable, bool *left_out)
{
    const fr_key *key = &rs->keys[k];
    if (v.is_null)
        return fr_key_null_word(rs, k) != NULL || fr_key_null_spelling(&rs->keys[k]) != NULL;   /* (else no line gives null) */
    if (key->type.kind == FR_T_STRING) {
        if (v.i < 0 || (v.i && memchr(v.s, '\0', (size_t)v.i)))
            return 0;   /* a NUL byte cannot be passed in a config */
        if (printable && has_unshowable(v.s, (size_t)v.i)) {
            *left_out = true;
            return 0;   /* no example line could show it: a control character, invalid UTF-8 */
        }
        if (fr_key_word_is_null(rs, k, v.s, (size_t)v.i))
            return 0;   /* would read back as null */
    }
    if (key->type.kind == FR_T_ENUM && (v.i < 0 || (uint64_t)v.i >= rs->enums[key->type.enum_id].nvalues))
        return 0;
    return 1;
}

/* writable_as for the search s (a page's or lint's) */
static int writable(search *s, uint32_t k, fr_val v)
{
    return writable_as(s->rs, k, v, s->printable, &s->left_out);
}

/* Whether the values a[0..n) of key k hold v. */
static int vals_have(const search *s, uint32_t k, const fr_val *a, size_t n, fr_val v)
{
    for (size_t i = 0; i < n; i++)
        if (val_same(s->rs, k, a[i], v))
            return 1;
    return 0;
}

/* Appends v to the value vector *a (*n of them, room for *cap). */
static void vals_push(search *s, fr_val **a, size_t *n, size_t *cap, fr_val v)
{
    if (*n == *cap && fr_vec_reserve((void **)a, cap, *n + 1, sizeof **a) < 0) {
        s->oom = 1;
        return;
    }
    (*a)[(*n)++] = v;
}

static void pool_add(search *s, uint32_t k, fr_val v)
{
    const fr_key *key = &s->rs->keys[k];
    if (val_same(s->rs, k, v, key->def) || !writable(s, k, v))
        return;
    pool *p = &s->pools[k];
    /* (POOL_MAX: enough to search with; keeps a huge set linear) */
    if (p->n < POOL_MAX && !vals_have(s, k, p->v, p->n, v))
        vals_push(s, &p->v, &p->n, &p->cap, v);
}

static void pool_add_int(search *s, uint32_t k, int64_t i)
{
    fr_val v = { i, NULL, 0 };
    pool_add(s, k, v);
}

static void pool_add_str(search *s, uint32_t k, const char *str, size_t len)
{
    char *copy = fr_arena_strndup(s->arena, str, len);
    if (!copy) {
        s->oom = 1;
        return;
    }
    fr_val v = { (int64_t)len, copy, 0 };
    pool_add(s, k, v);
}

/* A value of the key's type other than the default (for `k != null`). */
static void pool_add_some(search *s, uint32_t k)
{
    const fr_key *key = &s->rs->keys[k];
    /* (pool_add drops the default: another value when it is 1 or "x") */
    int def1 = !key->def.is_null && key->def.i == 1;
    switch (key->type.kind) {
    case FR_T_BOOL:
        pool_add_int(s, k, 1);
        pool_add_int(s, k, 0);
        break;
    case FR_T_INT:
        pool_add_int(s, k, def1 ? 0 : 1);
        break;
    case FR_T_STRING:
        pool_add_str(s, k, def1 && key->def.s && key->def.s[0] == 'x' ? "y" : "x", 1);
        break;
    case FR_T_ENUM:
        pool_add_int(s, k, 0);
        pool_add_int(s, k, 1);
        break;
    }
}

/* Small ints for an int key that arithmetic reads or that is compared
 * with an expression of keys: the sign and the zero of a divisor count
 * there more than any constant (`i > i + i` needs a negative i, `1 / i`
 * any but 0). */
static void pool_add_small(search *s, uint32_t k)
{
    if (s->rs->keys[k].type.kind != FR_T_INT)
        return;
    for (int64_t i = -1; i <= 2; i++)
        pool_add_int(s, k, i);
}

/* Whether node n reads a key (its value at the defaults is then a guess,
 * not a constant). */
static int has_keys(const fr_ruleset *rs, uint32_t n, int depth)
{
    const fr_node *nd = &rs->nodes[n];
    if (nd->op == FR_OP_KEY || nd->op == FR_OP_INPUT || depth > 256)
        return 1;
    if (nd->op == FR_OP_CONST)
        return 0;
    int ar = fr_op_arity((fr_op)nd->op);
    return (ar >= 1 && has_keys(rs, nd->a, depth + 1)) || (ar == 2 && has_keys(rs, nd->b, depth + 1));
}

/* Notes that a condition compares key k with v (a constant or a set's
 * member: the ruleset's own memory). */
static void pool_compared(search *s, uint32_t k, fr_val v)
{
    pool *p = &s->pools[k];
    if (p->ncmp < POOL_MAX && !vals_have(s, k, p->cmp, p->ncmp, v))
        vals_push(s, &p->cmp, &p->ncmp, &p->capcmp, v);
}

static int is_compared(const search *s, uint32_t k, fr_val v)
{
    return vals_have(s, k, s->pools[k].cmp, s->pools[k].ncmp, v);
}

/* Whether v can join k's pool as a value no condition compares k with. */
static int other_ok(search *s, uint32_t k, fr_val v)
{
    return !val_same(s->rs, k, v, s->rs->keys[k].def) && writable(s, k, v) && !is_compared(s, k, v);
}

/* Makes sure that a key compared with values can take one that differs
 * from all of them: the default, a candidate, else a value added here (the
 * first of: another enum member, another bool, an int from 0 up, "x",
 * "x2", ... for a string, then null where a config line gives it).  A
 * declare rule whose condition holds at `k = c` is defeated only by
 * another value (`flag e : enum { x, y } = x; rule D: e = x -> declare
 * ...` needs `--e y`), which no comparison proposes.  Bounded: the value
 * is added past POOL_MAX only when every candidate is a compared value,
 * i.e. at most once past it (there are at most POOL_MAX compared values). */
static void pool_ensure_other(search *s, uint32_t k)
{
    const fr_ruleset *rs = s->rs;
    const fr_key *key = &rs->keys[k];
    pool *p = &s->pools[k];
    if (!p->ncmp || !is_compared(s, k, key->def))
        return;
    for (size_t i = 0; i < p->n; i++)
        if (!is_compared(s, k, p->v[i]))
            return;
    /* the candidates: at most ncmp of them are compared and one is the
     * default, so ncmp + 2 ints or strings hold one that is neither */
    size_t ncand = p->ncmp + 2;
    if (key->type.kind == FR_T_BOOL)
        ncand = 2;
    else if (key->type.kind == FR_T_ENUM)
        ncand = rs->enums[key->type.enum_id].nvalues;
    fr_val v = { 0, NULL, 0 };
    int found = 0;
    char x[24];
    for (size_t t = 0; !found && t < ncand; t++) {
        v.i = (int64_t)t;
        if (key->type.kind == FR_T_STRING) {
            if (t == 0)
                snprintf(x, sizeof x, "x");
            else
                snprintf(x, sizeof x, "x%zu", t + 1);
            v.s = x;
            v.i = (int64_t)strlen(x);
        }
        found = other_ok(s, k, v);
    }
    if (!found) {
        fr_val nul = { 0, NULL, 1 };
        if (!key->type.nullable || !other_ok(s, k, nul))
            return;   /* every value of the type is compared */
        v = nul;
    } else if (key->type.kind == FR_T_STRING) {
        v.s = fr_arena_strndup(s->arena, x, (size_t)v.i);
        if (!v.s) {
            s->oom = 1;
            return;
        }
    }
    vals_push(s, &p->v, &p->n, &p->cap, v);   /* (past POOL_MAX if need be: see above) */
}

/* The value of an int expression with every key at its default, or with
 * every int key at *probe (probe not NULL): 1 known, 0 not (null, not an
 * int, overflow, division by zero, a regex...). */
static int probe_eval(const fr_ruleset *rs, uint32_t n, int depth, const int64_t *probe, fr_val *out)
{
    const fr_node *nd = &rs->nodes[n];
    fr_val a, b;
    if (depth > 64)
        return 0;
    switch ((fr_op)nd->op) {
    case FR_OP_CONST:
        *out = rs->consts[nd->a];
        return 1;
    case FR_OP_KEY:
    case FR_OP_INPUT:
        *out = rs->keys[nd->a].def;
        if (probe && rs->keys[nd->a].type.kind == FR_T_INT) {
            out->i = *probe;
            out->is_null = 0;
        }
        return 1;
    case FR_OP_NEG:
        if (!probe_eval(rs, nd->a, depth + 1, probe, &a) || a.is_null || a.i == INT64_MIN)
            return 0;
        out->i = -a.i;
        out->s = NULL;
        out->is_null = 0;
        return 1;
    case FR_OP_ADD: case FR_OP_SUB: case FR_OP_MUL: case FR_OP_DIV: case FR_OP_MOD: {
        if (!probe_eval(rs, nd->a, depth + 1, probe, &a) || !probe_eval(rs, nd->b, depth + 1, probe, &b))
            return 0;
        if (a.is_null || b.is_null)
            return 0;
        int64_t r;
        int bad = 0;
        switch ((fr_op)nd->op) {
        case FR_OP_ADD: bad = __builtin_add_overflow(a.i, b.i, &r); break;
        case FR_OP_SUB: bad = __builtin_sub_overflow(a.i, b.i, &r); break;
        case FR_OP_MUL: bad = __builtin_mul_overflow(a.i, b.i, &r); break;
        case FR_OP_DIV:
            bad = b.i == 0 || (a.i == INT64_MIN && b.i == -1);
            r = bad ? 0 : a.i / b.i;
            break;
        default:   /* (x % -1 is 0, INT64_MIN's too: as the evaluator) */
            bad = b.i == 0;
            r = bad || b.i == -1 ? 0 : a.i % b.i;
            break;
        }
        if (bad)
            return 0;
        out->i = r;
        out->s = NULL;
        out->is_null = 0;
        return 1;
    }
    default:
        return 0;
    }
}

static int const_eval(const fr_ruleset *rs, uint32_t n, int depth, fr_val *out)
{
    return probe_eval(rs, n, depth, NULL, out);
}

static int direct_key(const fr_ruleset *rs, uint32_t n, uint32_t *k)
{
    const fr_node *nd = &rs->nodes[n];
    if (nd->op == FR_OP_KEY || nd->op == FR_OP_INPUT) {
        *k = nd->a;
        return 1;
    }
    return 0;
}

static void pool_add_near(search *s, uint32_t k, int64_t c)
{
    if (c > INT64_MIN)
        pool_add_int(s, k, c - 1);
    pool_add_int(s, k, c);
    if (c < INT64_MAX)
        pool_add_int(s, k, c + 1);
}

/* Int keys inside an arithmetic expression: values near c, and small ones. */
static void collect_arith_keys(search *s, uint32_t n, int known, int64_t c, int depth)
{
    const fr_node *nd = &s->rs->nodes[n];
    if (depth > 64)
        return;
    uint32_t k;
    if (direct_key(s->rs, n, &k)) {
        if (s->rs->keys[k].type.kind == FR_T_INT) {
            if (known)
                pool_add_near(s, k, c);
            pool_add_small(s, k);
        }
        return;
    }
    int ar = fr_op_arity((fr_op)nd->op);
    if (nd->op == FR_OP_CONST)
        return;
    if (nd->op == FR_OP_NEG && known && c != INT64_MIN)
        collect_arith_keys(s, nd->a, 1, -c, depth + 1);   /* -x = c: x = -c */
    if (ar == 2 && known) {
        /* one side constant: the other side's value that gives c, and for
         * '/' the neighbours' (x / 2 > 1 needs x = 4, not a value near 1) */
        fr_val d;
        for (int side = 0; side < 2; side++) {
            uint32_t other = side ? nd->a : nd->b, self = side ? nd->b : nd->a;
            if (!const_eval(s->rs, other, 0, &d) || d.is_null)
                continue;
            int64_t x, y;
            switch ((fr_op)nd->op) {
            case FR_OP_ADD:
                if (!__builtin_sub_overflow(c, d.i, &x))
                    collect_arith_keys(s, self, 1, x, depth + 1);
                break;
            case FR_OP_SUB:   /* self - d = c, or d - self = c */
                if (!(side ? __builtin_sub_overflow(d.i, c, &x) : __builtin_add_overflow(c, d.i, &x)))
                    collect_arith_keys(s, self, 1, x, depth + 1);
                break;
            case FR_OP_MUL:
                if (d.i != 0 && !(d.i == -1 && c == INT64_MIN)) {
                    collect_arith_keys(s, self, 1, c / d.i, depth + 1);
                    if (!__builtin_add_overflow(c / d.i, d.i > 0 ? 1 : -1, &y))
                        collect_arith_keys(s, self, 1, y, depth + 1);
                }
                break;
            case FR_OP_DIV:
                if (!side) {   /* self / d = c */
                    for (int64_t j = -1; j <= 1; j++)
                        if (!__builtin_add_overflow(c, j, &y) && !__builtin_mul_overflow(y, d.i, &x))
                            collect_arith_keys(s, self, 1, x, depth + 1);
                } else {       /* d / self = c: self near d / c (c, c +- 1 not 0) */
                    for (int64_t j = -1; j <= 1; j++)
                        if (!__builtin_add_overflow(c, j, &y) && y != 0 && !(d.i == INT64_MIN && y == -1))
                            collect_arith_keys(s, self, 1, d.i / y, depth + 1);
                }
                break;
            case FR_OP_MOD:
                if (d.i == 0 || d.i == INT64_MIN)
                    break;
                if (!side) {   /* self % d = c: c and c +- |d| */
                    int64_t m = d.i < 0 ? -d.i : d.i;
                    uint32_t mk;
                    if (direct_key(s->rs, self, &mk) && s->rs->keys[mk].type.kind == FR_T_INT &&
                        s->pools[mk].nmod < 4) {
                        /* (pool_mod_fill: the values near the key's other
                         * candidates that leave c) */
                        s->pools[mk].mod[s->pools[mk].nmod][0] = m;
                        s->pools[mk].mod[s->pools[mk].nmod][1] = c;
                        s->pools[mk].nmod++;
                    }
                    collect_arith_keys(s, self, 1, c, depth + 1);
                    if (!__builtin_add_overflow(c, m, &x))
                        collect_arith_keys(s, self, 1, x, depth + 1);
                    if (!__builtin_sub_overflow(c, m, &x))
                        collect_arith_keys(s, self, 1, x, depth + 1);
                } else {       /* d % self = c: d - c (d % (d - c) = c when d - c > c >= 0), past |d| */
                    if (!__builtin_sub_overflow(d.i, c, &x) && x != 0)
                        collect_arith_keys(s, self, 1, x, depth + 1);
                    int64_t m = d.i < 0 ? -d.i : d.i;
                    if (m < INT64_MAX) {
                        collect_arith_keys(s, self, 1, m + 1, depth + 1);
                        collect_arith_keys(s, self, 1, -(m + 1), depth + 1);
                    }
                }
                break;
            default:
                break;
            }
        }
    }
    if (ar >= 1)
        collect_arith_keys(s, nd->a, known, c, depth + 1);
    if (ar == 2)
        collect_arith_keys(s, nd->b, known, c, depth + 1);
}

/* Candidates for key k compared (op) with the other side `other`. */
static void collect_cmp(search *s, fr_op op, uint32_t k, uint32_t other)
{
    const fr_ruleset *rs = s->rs;
    const fr_key *key = &rs->keys[k];
    fr_val c;
    int known = const_eval(rs, other, 0, &c);
    uint32_t ok;
    int other_is_key = direct_key(rs, other, &ok);
    /* An other side that reads keys is known only as a guess (its value at
     * the defaults): not a compared value, and the key can meet it at other
     * values (`e3 = e1` with e1 at c, `i > i + i`). */
    int guess = known && has_keys(rs, other, 0);
    if (known && !guess)
        pool_compared(s, k, c);
    if (guess)
        pool_add_small(s, k);
    if (known && c.is_null) {
        pool_add(s, k, c);          /* null */
        pool_add_some(s, k);
        if (!guess)
            return;
        known = 0;   /* (another value of the key's type: below) */
    }
    switch (key->type.kind) {
    case FR_T_BOOL:
        pool_add_int(s, k, !key->def.i);
        if (key->def.is_null) {
            pool_add_int(s, k, 1);
            pool_add_int(s, k, 0);
        }
        break;
    case FR_T_INT:
        if (known)
            pool_add_near(s, k, c.i);
        else
            pool_add_some(s, k);
        break;
    case FR_T_STRING:
        if (known && rs->nodes[other].op == FR_OP_CONST)
            pool_add_str(s, k, c.s ? c.s : "", (size_t)c.i);
        else if (known && c.s)
            pool_add_str(s, k, c.s, (size_t)c.i);
        if (op == FR_OP_NE || !known)
            pool_add_str(s, k, "x", 1);
        break;
    case FR_T_ENUM: {
        const fr_enum *e = &rs->enums[key->type.enum_id];
        if (known && !other_is_key)
            pool_add(s, k, c);
        if (op == FR_OP_NE || other_is_key || !known)
            for (uint32_t i = 0; i < e->nvalues; i++)
                pool_add_int(s, k, i);
        break;
    }
    }
    /* (null makes an ordering false; an other side that reads keys may be
     * null too: `k = j % 0` holds where both are null) */
    if (key->type.nullable && ((op != FR_OP_EQ && op != FR_OP_NE) || !known || guess)) {
        fr_val nul = { 0, NULL, 1 };
        pool_add(s, k, nul);
    }
}

/* A string that a trivial pattern matches: the literal text after an
 * optional ^, up to the first metacharacter (\X of a non-alphanumeric X is
 * the character X).  Empty when there is none. */
static void regex_literal(fr_buf *b, const char *pat)
{
    size_t i = 0;
    if (pat[0] == '^')
        i++;
    for (; pat[i]; i++) {
        char c = pat[i];
        if (c == '\\') {
            char n = pat[i + 1];
            if (n && !is_alnum((unsigned char)n)) {
                fr_buf_putc(b, n);
                i++;
                continue;
            }
            break;
        }
        if (strchr(".[]()*+?{}|$^", c))
            break;
        fr_buf_putc(b, c);
    }
    /* A quantifier right after the literal applies to its last character. */
    if (pat[i] == '*' || pat[i] == '?' || pat[i] == '{') {
        if (b->len)
            b->len--;
        if (b->p)
            b->p[b->len] = '\0';
    }
}

/* ---- an example string of a pattern --------------------------------------- */

/* A string that pattern p likely matches, built by walking its syntax: a
 * literal stands for itself, '.' and the classes \d \w \s for a character
 * of theirs, [...] for its first member (or, negated, a character outside),
 * the first alternative of each group, quantifiers their least count (+ and
 * {n,} once or n times).  Lookarounds and back-references stop it (NULL):
 * the search evaluates every candidate anyway, so a wrong guess costs only a
 * candidate.  The flags: PCRE2's (x: blanks and # comments are no
 * literals; u: a code point is written in UTF-8). */
typedef struct rxgen {
    fr_buf     *b;
    const char *p;
    bool        ext, bad;
    bool        utf;      /* the u flag: a code point above 0x7f is UTF-8, else a byte */
    bool        beyond;   /* bad for a construct no guess can serve: a lookaround,
                             a back-reference, a recursion, a condition */
    int         depth;
} rxgen;

/* An escape's character (after the backslash, at *pp; advanced past it):
 * its byte in *out (a code point above 0x7f: UTF-8, up to 4 bytes, *n), or
 * 0 when it is no single character (\d, \w, \b, \p{..}, \1 ...). */
static int rx_escape_char(const char **pp, char out[4], size_t *n, bool utf)
{
    const char *p = *pp;
    char e = *p;
    if (!e)
        return 0;
    unsigned long cp;
    switch (e) {
    case 'n': cp = '\n'; break;
    case 't': cp = '\t'; break;
    case 'r': cp = '\r'; break;
    case 'f': cp = '\f'; break;
    case 'e': cp = 0x1b; break;
    case 'a': cp = 0x07; break;
    case 'x': {
        char *end;
        if (p[1] == '{') {
            cp = strtoul(p + 2, &end, 16);
            if (end == p + 2 || *end != '}' || cp > 0x10ffff)
                return 0;
            p = end;
        } else {
            char hx[3] = { 0 };
            for (int i = 0; i < 2 && ((p[1 + i] >= '0' && p[1 + i] <= '9') || ((p[1 + i] | 0x20) >= 'a' && (p[1 + i] | 0x20) <= 'f')); i++)
                hx[i] = p[1 + i];
            cp = strtoul(hx, NULL, 16);
            p += strlen(hx);
        }
        break;
    }
    default:
        if (is_alnum((unsigned char)e))
            return 0;
        cp = (unsigned char)e;   /* \. \/ \\ ... */
        break;
    }
    if (cp == 0 || (!utf && cp > 0xff))
        return 0;
    if (cp < 0x80 || !utf) {
        out[0] = (char)cp;
        *n = 1;
    } else if (cp < 0x800) {
        out[0] = (char)(0xc0 | cp >> 6);
        out[1] = (char)(0x80 | (cp & 0x3f));
        *n = 2;
    } else if (cp < 0x10000) {
        out[0] = (char)(0xe0 | cp >> 12);
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        out[2] = (char)(0x80 | (cp & 0x3f));
        *n = 3;
    } else {
        out[0] = (char)(0xf0 | cp >> 18);
        out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
        out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
        out[3] = (char)(0x80 | (cp & 0x3f));
        *n = 4;
    }
    *pp = p + 1;
    return 1;
}

static void rx_alts(rxgen *g);

static void rx_skip_blanks(rxgen *g)
{
    while (g->ext && *g->p) {
        if (*g->p == ' ' || *g->p == '\t' || *g->p == '\n' || *g->p == '\r' || *g->p == '\f' || *g->p == '\v')
            g->p++;
        else if (*g->p == '#') {
            while (*g->p && *g->p != '\n')
                g->p++;
        } else
            break;
    }
}

/* A class escape (after the backslash): its example character, or 0. */
static char rx_class_char(char c)
{
    switch (c) {
    case 'd': return '0';
    case 'w': case 'D': case 'S': case 'H': case 'V': case 'N': return 'a';
    case 's': case 'h': return ' ';
    case 'v': case 'R': return '\n';
    case 'W': return '-';
    default:  return 0;
    }
}

/* The bytes of class escape c (\d \w \s \h \v) marked in members; 0 for
 * another escape. */
static int rx_class_members(char c, char members[256])
{
    const char *set;
    switch (c) {
    case 'd': set = "0123456789"; break;
    case 'w': set = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"; break;
    case 's': set = " \t\n\r\f\v"; break;
    case 'h': set = " \t"; break;
    case 'v': set = "\n\r\f\v"; break;
    default:  return 0;
    }
    for (; *set; set++)
        members[(unsigned char)*set] = 1;
    return 1;
}

/* [...] at g->p (after the '['): appends a member. */
static void rx_bracket(rxgen *g)
{
    bool neg = *g->p == '^';
    if (neg)
        g->p++;
    char members[256] = { 0 };   /* (bytes the class names, roughly) */
    char first = 0;
    bool start = true;
    while (*g->p && (*g->p != ']' || start)) {
        unsigned char c = (unsigned char)*g->p++;
        start = false;
        if (c == '[' && *g->p == ':') {   /* [:alpha:] and the like: a letter */
            const char *e = strstr(g->p, ":]");
            if (!e) {
                g->bad = true;
                return;
            }
            g->p = e + 2;
            c = 'a';
        } else if (c == '\\') {
            char e = *g->p;
            char ch[4];
            size_t cn;
            if (rx_class_members(e, members)) {   /* \d \w \s \h \v: all their bytes */
                g->p++;
                if (!first)
                    first = rx_class_char(e);
                continue;
            }
            if (e >= 'A' && e <= 'Z' && rx_class_char(e)) {   /* \D \W ...: one of theirs, if not negated */
                g->p++;
                if (neg) {
                    g->bad = true;
                    return;
                }
                c = (unsigned char)rx_class_char(e);
            } else if (rx_escape_char(&g->p, ch, &cn, g->utf) && cn == 1)
                c = (unsigned char)ch[0];
            else {
                g->bad = true;
                return;
            }
        }
        unsigned char hi = c;
        if (*g->p == '-' && g->p[1] && g->p[1] != ']') {
            hi = (unsigned char)g->p[1];
            g->p += 2;
        }
        for (unsigned x = c; x <= hi && x < 256; x++)
            members[x] = 1;
        if (!first)
            first = (char)c;
    }
    if (*g->p != ']') {
        g->bad = true;
        return;
    }
    g->p++;
    if (!neg) {
        if (first)
            fr_buf_putc(g->b, first);
        return;
    }
    for (const char *t = "aA0_-. xyz"; *t; t++)
        if (!members[(unsigned char)*t]) {
            fr_buf_putc(g->b, *t);
            return;
        }
    g->bad = true;
}

/* One sequence of atoms, up to '|', ')' or the end. */
static void rx_seq(rxgen *g)
{
    for (;;) {
        rx_skip_blanks(g);
        char c = *g->p;
        if (!c || c == '|' || c == ')' || g->bad)
            return;
        size_t at = g->b->len;
        g->p++;
        switch (c) {
        case '^': case '$':
            continue;
        case '.':
            fr_buf_putc(g->b, 'a');
            break;
        case '[':
            rx_bracket(g);
            break;
        case '(': {
            if (*g->p == '?') {
                /* (?:...) (?i:...) (?<name>...) (?P<name>...) (?'name'...)
                 * (?>...) (?|...); (?i) alone; (?#...) a comment */
                const char *q = g->p + 1;
                if (*q == '=' || *q == '!' || (*q == '<' && (q[1] == '=' || q[1] == '!')) ||
                    (*q == 'P' && (q[1] == '=' || q[1] == '>')) || *q == '&' || *q == 'R' ||
                    (*q >= '0' && *q <= '9') || *q == '+' || *q == '(' || *q == 'C') {
                    g->bad = g->beyond = true;   /* lookaround, back-reference, recursion, condition, callout */
                    return;
                }
                if (*q == '#') {
                    while (*q && *q != ')')
                        q++;
                    g->p = *q ? q + 1 : q;
                    continue;
                }
                if (*q == '>' || *q == '|') {
                    q++;   /* (atomic, branch reset: the strings of a group) */
                } else if (*q == '<' || *q == '\'' || (*q == 'P' && q[1] == '<')) {
                    if (*q == 'P')
                        q++;
                    char close = *q == '<' ? '>' : '\'';
                    q = strchr(q + 1, close);   /* (a named group: after its name) */
                    if (!q) {
                        g->bad = true;
                        return;
                    }
                    q++;
                } else {
                    const char *o = q;
                    while (*q && *q != ':' && *q != ')')
                        q++;
                    if (*q == ')') {   /* an option setting: nothing to match */
                        /* ((?x): blanks and # comments are no literals from here) */
                        bool off = false;
                        for (const char *x = o; x < q; x++) {
                            if (*x == '-')
                                off = true;
                            else if (*x == 'x')
                                g->ext = !off;
                        }
                        g->p = q + 1;
                        continue;
                    }
                    if (*q != ':') {
                        g->bad = true;
                        return;
                    }
                    q++;
                }
                g->p = q;
            }
            if (++g->depth > 64) {
                g->bad = true;
                return;
            }
            rx_alts(g);
            g->depth--;
            if (*g->p != ')') {
                g->bad = true;
                return;
            }
            g->p++;
            break;
        }
        case '\\': {
            char e = *g->p;
            char ch[4];
            size_t cn;
            if (e == 'b' || e == 'B' || e == 'A' || e == 'z' || e == 'Z' || e == 'G' || e == 'K') {
                g->p++;
                continue;
            }
            if (e == 'Q') {   /* \Q...\E: literal text */
                const char *q = strstr(g->p + 1, "\\E");
                size_t qn = q ? (size_t)(q - (g->p + 1)) : strlen(g->p + 1);
                fr_buf_put(g->b, g->p + 1, qn);
                g->p += 1 + qn + (q ? 2 : 0);
                at = g->b->len - (qn ? 1 : 0);   /* (a quantifier takes the last character) */
                break;
            }
            if (e == 'E') {
                g->p++;
                continue;
            }
            char x = rx_class_char(e);
            if (x) {
                g->p++;
                fr_buf_putc(g->b, x);
            } else if (rx_escape_char(&g->p, ch, &cn, g->utf))
                fr_buf_put(g->b, ch, cn);
            else {
                /* \1, \k<..>, \g..: a back-reference; \p{..}, \X, \C: not guessed */
                g->beyond = (e >= '1' && e <= '9') || e == 'k' || e == 'g';
                g->bad = true;
                return;
            }
            break;
        }
        case '*': case '+': case '?': case '{':
            if (c == '{' && !(*g->p >= '0' && *g->p <= '9')) {
                fr_buf_putc(g->b, c);   /* a literal brace */
                break;
            }
            g->bad = true;   /* (a quantifier with nothing before it) */
            return;
        default:
            fr_buf_putc(g->b, c);
            break;
        }
        /* a quantifier on the atom at [at, len): its least count */
        rx_skip_blanks(g);
        unsigned long lo = 1;
        bool quant = true;
        if (*g->p == '*' || *g->p == '?')
            lo = 0, g->p++;
        else if (*g->p == '+')
            g->p++;
        else if (*g->p == '{' && g->p[1] >= '0' && g->p[1] <= '9') {
            char *e;
            lo = strtoul(g->p + 1, &e, 10);
            while (*e && *e != '}')
                e++;
            if (!*e || lo > 64) {
                g->bad = true;
                return;
            }
            g->p = e + 1;
        } else
            quant = false;
        if (quant && (*g->p == '?' || *g->p == '+'))
            g->p++;   /* (lazy or possessive) */
        if (g->b->oom)
            return;
        size_t n = g->b->len - at;
        if (lo == 0) {
            g->b->len = at;
            if (g->b->p)
                g->b->p[at] = '\0';
        } else
            for (unsigned long r = 1; r < lo && n; r++) {
                /* (room first: fr_buf_put may move the bytes it would copy) */
                if (fr_buf_reserve(g->b, n) < 0)
                    return;
                fr_buf_put(g->b, g->b->p + at, n);
            }
    }
}

/* Alternatives: the first one written, the others skipped. */
static void rx_alts(rxgen *g)
{
    rx_seq(g);
    while (*g->p == '|' && !g->bad) {
        /* (skip one alternative: into a scratch buffer) */
        fr_buf scratch = { 0 };
        fr_buf *keep = g->b;
        g->b = &scratch;
        g->p++;
        rx_seq(g);
        g->b = keep;
        fr_buf_free(&scratch);
    }
}

/* Writes the example to b (nothing when there is none); returns 1 when
 * the pattern has a construct no guess serves (see rxgen.beyond), else 0. */
static int regex_example(fr_buf *b, const char *pat, uint32_t flags)
{
    rxgen g = { b, pat, (flags & PCRE2_EXTENDED) != 0, false, (flags & PCRE2_UTF) != 0, false, 0 };
    /* The option verbs PCRE2 takes at the start of a pattern ((*UTF),
     * (*NO_JIT), (*CR), (*LIMIT_HEAP=N) ...) match nothing: skipped, (*UTF)
     * noted.  (Anything else after "(*", as (*FAIL), stays for rx_seq.) */
    while (g.p[0] == '(' && g.p[1] == '*') {
        const char *q = g.p + 2;
        while ((*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') || *q == '_' || *q == '=')
            q++;
        size_t n = (size_t)(q - (g.p + 2));
        static const char *const verbs[] = {
            "UTF", "UCP", "NO_JIT", "NO_START_OPT", "NO_AUTO_POSSESS", "NO_DOTSTAR_ANCHOR",
            "NOTEMPTY", "NOTEMPTY_ATSTART", "CR", "LF", "CRLF", "ANYCRLF", "ANY", "NUL",
            "BSR_ANYCRLF", "BSR_UNICODE", "LIMIT_HEAP=", "LIMIT_MATCH=", "LIMIT_DEPTH=",
            "LIMIT_RECURSION=",
        };
        bool known = false;
        for (size_t i = 0; i < sizeof verbs / sizeof *verbs && !known; i++) {
            size_t vl = strlen(verbs[i]);
            if (verbs[i][vl - 1] == '=')
                known = n > vl && memcmp(g.p + 2, verbs[i], vl) == 0 && strspn(g.p + 2 + vl, "0123456789") == n - vl;
            else
                known = n == vl && memcmp(g.p + 2, verbs[i], vl) == 0;
        }
        if (!known || *q != ')')
            break;
        if (n == 3 && memcmp(g.p + 2, "UTF", 3) == 0)
            g.utf = true;
        g.p = q + 1;
    }
    rx_alts(&g);
    if (*g.p)
        g.bad = true;   /* (a ')' too many) */
    if (g.bad) {
        b->len = 0;
        if (b->p)
            b->p[0] = '\0';
    }
    return g.beyond;
}

static void collect_node(search *s, uint32_t n, int depth)
{
    const fr_ruleset *rs = s->rs;
    const fr_node *nd = &rs->nodes[n];
    uint32_t k;
    if (depth > 256)
        return;
    switch ((fr_op)nd->op) {
    case FR_OP_KEY:
    case FR_OP_INPUT:
        if (rs->keys[nd->a].type.kind == FR_T_BOOL) {
            pool_add_int(s, nd->a, 1);
            pool_add_int(s, nd->a, 0);
        }
        return;
    case FR_OP_EQ: case FR_OP_NE: case FR_OP_LT: case FR_OP_LE: case FR_OP_GT: case FR_OP_GE: {
        int lk = direct_key(rs, nd->a, &k);
        if (lk)
            collect_cmp(s, (fr_op)nd->op, k, nd->b);
        uint32_t k2;
        int rk = direct_key(rs, nd->b, &k2);
        if (rk)
            collect_cmp(s, (fr_op)nd->op, k2, nd->a);
        fr_val c;
        if (!lk && rs->nodes[nd->a].kind == FR_T_INT) {
            int known = const_eval(rs, nd->b, 0, &c) && !c.is_null;
            collect_arith_keys(s, nd->a, known, known ? c.i : 0, 0);
        }
        if (!rk && rs->nodes[nd->b].kind == FR_T_INT) {
            int known = const_eval(rs, nd->a, 0, &c) && !c.is_null;
            collect_arith_keys(s, nd->b, known, known ? c.i : 0, 0);
        }
        /* An int side that reads keys is no constant: its values at a few
         * other points (every int key at -1, 1, 2) are targets for the
         * other side too (`(i * 1) / (-1 * i) > i` needs i < -1, which
         * i's default, null, does not tell). */
        for (int side = 0; side < 2 && rs->nodes[nd->a].kind == FR_T_INT; side++) {
            uint32_t self = side ? nd->b : nd->a, other = side ? nd->a : nd->b;
            if (!has_keys(rs, other, 0))
                continue;
            for (int64_t pr = -1; pr <= 2; pr++) {
                if (pr == 0 || !probe_eval(rs, other, 0, &pr, &c) || c.is_null)
                    continue;
                uint32_t sk;
                if (direct_key(rs, self, &sk)) {
                    if (rs->keys[sk].type.kind == FR_T_INT)
                        pool_add_near(s, sk, c.i);
                } else {
                    collect_arith_keys(s, self, 1, c.i, 0);
                }
            }
        }
        return;
    }
    case FR_OP_IN:
    case FR_OP_NOTIN: {
        if (!direct_key(rs, nd->a, &k))
            return;
        const fr_set *st = &rs->sets[nd->b];
        const fr_key *key = &rs->keys[k];
        int notin = nd->op == FR_OP_NOTIN;
        if (key->type.kind == FR_T_ENUM) {
            const fr_enum *e = &rs->enums[key->type.enum_id];
            for (uint32_t i = 0; i < e->nvalues; i++) {
                fr_val v = { i, NULL, 0 };
                if (fr_set_contains(st, v))
                    pool_compared(s, k, v);
            }
            /* the values that make the test true first */
            for (int pass = 0; pass < 2; pass++)
                for (uint32_t i = 0; i < e->nvalues; i++) {
                    fr_val v = { i, NULL, 0 };
                    int member = fr_set_contains(st, v);
                    if ((pass == 0) == (member != notin))
                        pool_add_int(s, k, i);
                }
        } else if (st->vals) {
            for (uint32_t i = 0; i < st->n; i++) {
                pool_compared(s, k, st->vals[i]);
                pool_add(s, k, st->vals[i]);
            }
            if (key->type.kind == FR_T_INT) {
                /* (values outside the set: past either end) */
                int64_t mx = st->n ? st->vals[st->n - 1].i : 0, mn = st->n ? st->vals[0].i : 0;
                if (mx < INT64_MAX)
                    pool_add_int(s, k, mx + 1);
                if (mn > INT64_MIN)
                    pool_add_int(s, k, mn - 1);
            } else {
                char x[24] = "x";
                for (int t = 0; t < 20; t++) {
                    fr_val v = { (int64_t)strlen(x), x, 0 };
                    if (!fr_set_contains(st, v)) {
                        pool_add_str(s, k, x, strlen(x));
                        break;
                    }
                    strcat(x, "x");
                }
            }
        }
        if (st->has_null || notin) {
            fr_val nul = { 0, NULL, 1 };
            if (st->has_null)
                pool_compared(s, k, nul);
            pool_add(s, k, nul);
        }
        return;
    }
    case FR_OP_MATCH: {
        if (!direct_key(rs, nd->a, &k))
            return;
        fr_buf lit = { 0 }, ex = { 0 };
        const fr_regex *re = &rs->regexes[nd->b];
        regex_literal(&lit, re->pattern ? re->pattern : "");
        regex_example(&ex, re->pattern ? re->pattern : "", re->flags);
        if (lit.oom || ex.oom)
            s->oom = 1;
        if (lit.len)
            pool_add_str(s, k, lit.p, lit.len);
        if (ex.len && (ex.len != lit.len || memcmp(ex.p, lit.p, ex.len) != 0))
            pool_add_str(s, k, ex.p, ex.len);
        if (ex.len && !s->oom) {
            /* two patterns on one key (`s ~ /abc/i & s ~ /^x/`): the
             * examples joined, either way round, after the single ones */
            pool *pl = &s->pools[k];
            for (uint32_t i = 0; i < pl->nrx; i++) {
                size_t pn = (size_t)pl->rx[i].i;
                fr_buf j = { 0 };
                fr_buf_put(&j, pl->rx[i].s, pn);
                fr_buf_put(&j, ex.p, ex.len);
                fr_buf_put(&j, pl->rx[i].s, pn);
                if (j.oom) {
                    s->oom = 1;
                } else {
                    pool_add_str(s, k, j.p, pn + ex.len);     /* earlier + this */
                    pool_add_str(s, k, j.p + pn, ex.len + pn);   /* this + earlier */
                }
                fr_buf_free(&j);
            }
            char *keep = pl->nrx < 4 ? fr_arena_strndup(s->arena, ex.p, ex.len) : NULL;
            if (keep) {
                pl->rx[pl->nrx].s = keep;
                pl->rx[pl->nrx].i = (int64_t)ex.len;
                pl->nrx++;
            }
        }
        fr_buf_free(&lit);
        fr_buf_free(&ex);
        pool_add_str(s, k, "x", 1);
        return;
    }
    case FR_OP_AND:
    case FR_OP_OR:
        collect_node(s, nd->a, depth + 1);
        collect_node(s, nd->b, depth + 1);
        return;
    case FR_OP_NOT:
        collect_node(s, nd->a, depth + 1);
        return;
    default:
        return;
    }
}

/* ---- key lists ------------------------------------------------------------------ */

/* A list of keys without repeats, in order of addition.  A short one is
 * searched; a long one (a declare chain's transitive keys, every key of a
 * wide rule) has a hash set too: adding n keys is O(n), not O(n^2). */
#define KL_SCAN 16

static size_t kl_slot(const keylist *l, uint32_t k)
{
    size_t i = (size_t)(((uint64_t)k * 0x9E3779B97F4A7C15ull) >> 32) & l->hmask;
    while (l->h[i] && l->h[i] != k + 1)
        i = (i + 1) & l->hmask;
    return i;
}

static int kl_rehash(keylist *l, size_t want)
{
    size_t cap = 64;
    while (cap < 2 * want)
        cap *= 2;
    uint32_t *h = calloc(cap, sizeof *h);
    if (!h)
        return -1;
    free(l->h);
    l->h = h;
    l->hmask = cap - 1;
    for (size_t i = 0; i < l->n; i++)
        l->h[kl_slot(l, l->k[i])] = l->k[i] + 1;
    return 0;
}

static int kl_has(const keylist *l, uint32_t k)
{
    if (l->h)
        return l->h[kl_slot(l, k)] != 0;
    for (size_t i = 0; i < l->n; i++)
        if (l->k[i] == k)
            return 1;
    return 0;
}

static void kl_add(search *s, keylist *l, uint32_t k)
{
    if (kl_has(l, k))
        return;
    if (l->n == l->cap && fr_vec_reserve((void **)&l->k, &l->cap, l->n + 1, sizeof *l->k) < 0) {
        s->oom = 1;
        return;
    }
    l->k[l->n++] = k;
    if (l->n > KL_SCAN && (!l->h || 2 * l->n > l->hmask + 1)) {
        if (kl_rehash(l, l->n) < 0) {
            s->oom = 1;
            l->n--;
        }
    } else if (l->h) {
        l->h[kl_slot(l, k)] = k + 1;
    }
}

static void kl_free(keylist *l)
{
    free(l->k);
    free(l->h);
    memset(l, 0, sizeof *l);
}

/* The keys of a node tree in order of first appearance. */
static void node_keys(search *s, uint32_t n, keylist *l, int depth)
{
    const fr_node *nd = &s->rs->nodes[n];
    if (depth > 256)
        return;
    if (nd->op == FR_OP_KEY || nd->op == FR_OP_INPUT) {
        kl_add(s, l, nd->a);
        return;
    }
    if (nd->op == FR_OP_CONST)
        return;
    int ar = fr_op_arity((fr_op)nd->op);
    if (ar >= 1)
        node_keys(s, nd->a, l, depth + 1);
    if (ar == 2)
        node_keys(s, nd->b, l, depth + 1);
}

static void rule_cond_keys(search *s, uint32_t r, keylist *l)
{
    const fr_rule *ru = &s->rs->rules[r];
    node_keys(s, ru->cond, l, 0);
    if (ru->kind == FR_RULE_REQUIRE)
        node_keys(s, ru->req, l, 0);
    /* (a declare rule whose value fails, `declare i = 1 / j`, does not
     * fire: the keys of its values count as its condition's) */
    for (uint32_t it = 0; ru->kind == FR_RULE_DECLARE && it < ru->nitems; it++)
        node_keys(s, ru->items[it].value, l, 0);
}

/* The candidates of a declared value: the int keys its arithmetic reads. */
static void collect_items(search *s, uint32_t r)
{
    const fr_rule *ru = &s->rs->rules[r];
    for (uint32_t it = 0; ru->kind == FR_RULE_DECLARE && it < ru->nitems; it++)
        if (s->rs->nodes[ru->items[it].value].kind == FR_T_INT)
            collect_arith_keys(s, ru->items[it].value, 0, 0, 0);
}

static void depmap_free(depmap *dm)
{
    free(dm->off);
    free(dm->keys);
    memset(dm, 0, sizeof *dm);
}

static int depmap_build(const fr_ruleset *rs, depmap *dm)
{
    memset(dm, 0, sizeof *dm);
    search tmp = { .rs = rs };   /* (for node_keys: rs and oom only) */
    keylist kl = { 0 };
    size_t n = 0, cap = 0;
    dm->off = calloc((size_t)rs->nkeys + 1, sizeof *dm->off);
    if (!dm->off)
        return -1;
    for (uint32_t k = 0; k < rs->nkeys && !tmp.oom; k++) {
        dm->off[k] = (uint32_t)n;
        const fr_key *key = &rs->keys[k];
        if (!key->ndeclarers)
            continue;
        kl_free(&kl);
        for (uint32_t d = 0; d < key->ndeclarers; d++) {
            const fr_rule *dru = &rs->rules[key->declarers[d]];
            node_keys(&tmp, dru->cond, &kl, 0);
            for (uint32_t it = 0; it < dru->nitems; it++)
                node_keys(&tmp, dru->items[it].value, &kl, 0);
        }
        if (n + kl.n > UINT32_MAX || fr_vec_reserve((void **)&dm->keys, &cap, n + kl.n, sizeof *dm->keys) < 0) {
            tmp.oom = 1;
            break;
        }
        if (kl.n)
            memcpy(dm->keys + n, kl.k, kl.n * sizeof *kl.k);
        n += kl.n;
    }
    dm->off[rs->nkeys] = (uint32_t)n;
    kl_free(&kl);
    if (tmp.oom) {
        depmap_free(dm);
        return -1;
    }
    return 0;
}

/* Collects the candidates of rules[0..nr) and of the declare rules that
 * resolve the keys they read (transitively), and appends those keys to l:
 * for each rule in turn, the keys of its condition in order of appearance,
 * then the others, breadth first.  One walk for all the rules (each key
 * once, marked with the walk's epoch): blame collects every other error it
 * runs into, thousands on a dense set, and a walk per rule went through the
 * same declared keys again each time.  The candidates' "other" values
 * (pool_ensure_other) are settled after all the collecting. */
static void collect_rules(search *s, const uint32_t *rules, size_t nr, keylist *l)
{
    const fr_ruleset *rs = s->rs;
    if (!s->dep) {
        if (depmap_build(rs, &s->own_dep) < 0) {
            s->oom = 1;
            return;
        }
        s->dep = &s->own_dep;
    }
    const depmap *dm = s->dep;
    if (++s->bfs_epoch == 0) {
        memset(s->bfs_mark, 0, rs->nkeys * sizeof *s->bfs_mark);
        s->bfs_epoch = 1;
    }
    const uint32_t ep = s->bfs_epoch;
    uint32_t *work = s->bfs, *mark = s->bfs_mark;
    size_t n = 0, done = 0;
    keylist cond = { 0 };
    for (size_t q = 0; q < nr && !s->oom; q++) {
        uint32_t r = rules[q];
        cond.n = 0;
        if (cond.h)
            memset(cond.h, 0, (cond.hmask + 1) * sizeof *cond.h);
        rule_cond_keys(s, r, &cond);
        if (!s->rule_seen[r]) {
            s->rule_seen[r] = 1;
            collect_node(s, rs->rules[r].cond, 0);
            if (rs->rules[r].kind == FR_RULE_REQUIRE)
                collect_node(s, rs->rules[r].req, 0);
            collect_items(s, r);
        }
        for (size_t i = 0; i < cond.n; i++)
            if (mark[cond.k[i]] != ep) {
                mark[cond.k[i]] = ep;
                work[n++] = cond.k[i];
            }
        for (; done < n && !s->oom; done++) {
            uint32_t k = work[done];
            if (!s->key_expanded[k]) {
                s->key_expanded[k] = 1;
                const fr_key *key = &rs->keys[k];
                for (uint32_t d = 0; d < key->ndeclarers; d++) {
                    uint32_t dr = key->declarers[d];
                    if (!s->rule_seen[dr]) {
                        s->rule_seen[dr] = 1;
                        collect_node(s, rs->rules[dr].cond, 0);
                        collect_items(s, dr);
                    }
                }
            }
            for (uint32_t j = dm->off[k]; j < dm->off[k + 1]; j++) {
                uint32_t dk = dm->keys[j];
                if (mark[dk] != ep) {
                    mark[dk] = ep;
                    work[n++] = dk;
                }
            }
        }
    }
    kl_free(&cond);
    for (size_t i = 0; i < n; i++) {
        pool_ensure_other(s, work[i]);
        kl_add(s, l, work[i]);
    }
}

/* For a key compared as `key % m = c`: next to each candidate v (a bound
 * another term compares it with: `n % 7 = 3 & n > 10`), the nearest values
 * on either side that leave c (17 and 10 for v = 11). */
static void pool_mod_fill(search *s, const keylist *l)
{
    for (size_t i = 0; i < l->n; i++) {
        uint32_t k = l->k[i];
        pool *pl = &s->pools[k];
        for (uint32_t q = 0; q < pl->nmod; q++) {
            int64_t m = pl->mod[q][0], c = pl->mod[q][1];
            size_t n = pl->n;
            for (size_t j = 0; j < n && j < POOL_MAX; j++) {
                int64_t v = pl->v[j].i, r = v % m, up, down;
                if (pl->v[j].is_null || r == c)
                    continue;
                /* (C's remainder takes the sign of v: c's sign says
                 * which side of 0 the answers lie) */
                if (!__builtin_sub_overflow(v, r, &down) && !__builtin_add_overflow(down, c, &down)) {
                    pool_add_int(s, k, down);
                    if (!__builtin_add_overflow(down, c >= 0 ? m : -m, &up))
                        pool_add_int(s, k, up);
                }
            }
        }
    }
}

static void collect_rule(search *s, uint32_t r, keylist *l)
{
    collect_rules(s, &r, 1, l);
    pool_mod_fill(s, l);
}

/* ---- configs ------------------------------------------------------------------ */

static int cfg_init(cfg *c, uint32_t nkeys)
{
    memset(c, 0, sizeof *c);
    c->set = calloc(nkeys ? nkeys : 1, 1);
    c->val = calloc(nkeys ? nkeys : 1, sizeof *c->val);
    c->listed = calloc(nkeys ? nkeys : 1, 1);
    c->ks = malloc((nkeys ? nkeys : 1) * sizeof *c->ks);
    return c->set && c->val && c->listed && c->ks ? 0 : -1;
}

static void cfg_free(cfg *c)
{
    free(c->set);
    free(c->val);
    free(c->listed);
    free(c->ks);
    memset(c, 0, sizeof *c);
}

/* Key k is (about to be) set: onto the list, in its place. */
static void cfg_mark(cfg *c, uint32_t k)
{
    if (c->listed[k])
        return;
    c->listed[k] = 1;
    size_t lo = 0, hi = c->nks;
    if (hi && c->ks[hi - 1] < k)
        lo = hi;   /* (the common case: keys put in ascending order) */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c->ks[mid] < k)
            lo = mid + 1;
        else
            hi = mid;
    }
    memmove(c->ks + lo + 1, c->ks + lo, (c->nks - lo) * sizeof *c->ks);
    c->ks[lo] = k;
    c->nks++;
}

/* No key set. */
static void cfg_clear(cfg *c)
{
    for (size_t i = 0; i < c->nks; i++) {
        c->set[c->ks[i]] = 0;
        c->listed[c->ks[i]] = 0;
    }
    c->nks = 0;
}

static void cfg_copy(cfg *dst, const cfg *src)
{
    cfg_clear(dst);
    for (size_t i = 0; i < src->nks; i++) {
        uint32_t k = src->ks[i];
        if (!src->set[k])
            continue;   /* (a value is read only where set) */
        dst->set[k] = 1;
        dst->val[k] = src->val[k];
        dst->listed[k] = 1;
        dst->ks[dst->nks++] = k;   /* (ascending, as in src) */
    }
}

static size_t cfg_size(const cfg *c)
{
    size_t n = 0;
    for (size_t i = 0; i < c->nks; i++)
        n += c->set[c->ks[i]];
    return n;
}

/* Sets key k to v (unset when v is the default). */
static void cfg_put(const fr_ruleset *rs, cfg *c, uint32_t k, fr_val v)
{
    if (val_same(rs, k, v, rs->keys[k].def)) {
        c->set[k] = 0;
        return;
    }
    cfg_mark(c, k);
    c->set[k] = 1;
    c->val[k] = v;
}

/* The words of key k = v: "--flag value", "--flag", "--flag=false",
 * "NAME=value".  Appends to b each word followed by a NUL; returns the
 * number of words. */
static int key_words(const fr_ruleset *rs, uint32_t k, fr_val v, fr_buf *b)
{
    const fr_key *key = &rs->keys[k];
    fr_type t = key->type;
    if (key->kind != FR_KEY_FLAG || key->ncli == 0) {
        fr_buf_puts(b, key->name);
        fr_buf_putc(b, '=');
        fr_val_text(b, rs, t, v);
        fr_buf_putc(b, '\0');
        return 1;
    }
    const char *sp = key->cli[0];
    if (v.is_null) {
        /* (pool_add keeps a null only where a null word or a spelling
         * gives it) */
        const char *w = fr_key_null_word(rs, k), *ns = w ? NULL : fr_key_null_spelling(&rs->keys[k]);
        if (ns) {
            fr_buf_puts(b, ns);
            fr_buf_putc(b, '\0');
            return 1;
        }
        fr_buf_puts(b, sp);
        fr_buf_putc(b, w && w[0] == '-' ? '=' : '\0');
        fr_buf_puts(b, w ? w : "null");
        fr_buf_putc(b, '\0');
        return w && w[0] == '-' ? 1 : 2;
    }
    if (t.kind == FR_T_BOOL && !v.is_null) {
        fr_buf_puts(b, sp);
        if (!v.i)
            fr_buf_puts(b, "=false");
        fr_buf_putc(b, '\0');
        return 1;
    }
    /* (a value that starts with '-' is joined with '=': as a word of its
     * own it would read as a flag) */
    if (t.kind == FR_T_BOOL || (t.kind == FR_T_STRING && !v.is_null && v.i >= 1 && v.s[0] == '-') ||
        (t.kind == FR_T_ENUM && rs->enums[t.enum_id].values[v.i][0] == '-')) {
        fr_buf_puts(b, sp);
        fr_buf_putc(b, '=');
        fr_val_text(b, rs, t, v);
        fr_buf_putc(b, '\0');
        return 1;
    }
    fr_buf_puts(b, sp);
    fr_buf_putc(b, '\0');
    fr_val_text(b, rs, t, v);
    fr_buf_putc(b, '\0');
    return 2;
}

/* Fills the argv of config c (into s->words / s->argv).  Returns argc.
 * The order of a launch line: env and fact keys first (NAME=VALUE words in
 * front, as a shell writes them), then flags; each in declaration order. */
static size_t cfg_argv(search *s, const cfg *c)
{
    const fr_ruleset *rs = s->rs;
    s->words.len = 0;
    size_t nw = 0;
    for (int flags = 0; flags < 2; flags++)
        for (size_t i = 0; i < c->nks; i++) {
            uint32_t k = c->ks[i];
            if (!c->set[k] || (rs->keys[k].kind == FR_KEY_FLAG) != flags)
                continue;
            size_t before = s->words.len;
            int n = key_words(rs, k, c->val[k], &s->words);
            if (fr_vec_reserve((void **)&s->offs, &s->cap_offs, nw + (size_t)n, sizeof *s->offs) < 0) {
                s->oom = 1;
                return 0;
            }
            size_t off = before;
            for (int w = 0; w < n && !s->words.oom; w++) {
                s->offs[nw++] = off;
                off += strlen(s->words.p + off) + 1;
            }
        }
    if (s->words.oom || fr_vec_reserve((void **)&s->argv, &s->cap_argv, nw + 1, sizeof *s->argv) < 0) {
        s->oom = 1;
        return 0;
    }
    for (size_t i = 0; i < nw; i++)
        s->argv[i] = s->words.p + s->offs[i];
    return nw;
}

/* Whether s[0..len) holds a byte a line cannot show as itself: a control
 * character (C0 with tab, DEL, C1), a NUL, or invalid UTF-8. */
static bool has_unshowable(const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        size_t n = u8dec(p + i, len - i, &cp);
        if (n == 0 || cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
            return true;
        i += n;
    }
    return false;
}

/* A word as a shell writes it (fr_shell_quote); one with a byte that a
 * line cannot show (has_unshowable) as $'...' with escapes (\n, \t, \xHH),
 * as bash and POSIX.1-2024 read it: a page shows the value exactly.  (The
 * examples' launch lines never need it: such values are not writable.) */
static void display_quote(fr_buf *b, const char *s, size_t len)
{
    if (!has_unshowable(s, len)) {
        fr_shell_quote(b, s, len);
        return;
    }
    const unsigned char *p = (const unsigned char *)s;
    fr_buf_puts(b, "$'");
    for (size_t i = 0; i < len;) {
        uint32_t cp;
        size_t n = u8dec(p + i, len - i, &cp);
        if (n == 0 || cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) {
            size_t k = n ? n : 1;
            for (size_t j = 0; j < k; j++) {
                unsigned char c = p[i + j];
                if (c == '\n')
                    fr_buf_puts(b, "\\n");
                else if (c == '\t')
                    fr_buf_puts(b, "\\t");
                else if (c == '\r')
                    fr_buf_puts(b, "\\r");
                else
                    fr_buf_printf(b, "\\x%02x", c);
            }
            i += k;
            continue;
        }
        if (p[i] == '\'' || p[i] == '\\')
            fr_buf_putc(b, '\\');
        fr_buf_put(b, s + i, n);
        i += n;
    }
    fr_buf_putc(b, '\'');
}

/* The launch line of config c: shell-quoted words, NAME=VALUE with only the
 * value quoted. */
static void cfg_line(const fr_ruleset *rs, const cfg *c, fr_buf *out)
{
    int first = 1;
    for (int flags = 0; flags < 2; flags++)
        for (size_t j = 0; j < c->nks; j++) {
            uint32_t k = c->ks[j];
            if (!c->set[k] || (rs->keys[k].kind == FR_KEY_FLAG) != flags)
                continue;
            fr_buf w = { 0 };
            int n = key_words(rs, k, c->val[k], &w);
            if (w.oom) {
                out->oom = 1;
                return;
            }
            const char *p = w.p;
            for (int i = 0; i < n; i++) {
                size_t len = strlen(p);
                if (!first)
                    fr_buf_putc(out, ' ');
                first = 0;
                const char *eq = memchr(p, '=', len);
                int flagword = p[0] == '-' && p[1] == '-';
                if (i == 0 && eq && (flagword || rs->keys[k].kind != FR_KEY_FLAG)) {
                    fr_buf_put(out, p, (size_t)(eq - p) + 1);
                    display_quote(out, eq + 1, len - (size_t)(eq - p) - 1);
                } else if (i == 0 && flagword) {
                    fr_buf_put(out, p, len);
                } else {
                    display_quote(out, p, len);
                }
                p += len + 1;
            }
            fr_buf_free(&w);
        }
}

/* The words of key k = v as display text ("--deepep-mode normal"). */
static void assign_text(const fr_ruleset *rs, uint32_t k, fr_val v, fr_buf *out)
{
    const fr_key *key = &rs->keys[k];
    if (key->type.kind == FR_T_STRING && !v.is_null && v.i > 0 && memchr(v.s, '\0', (size_t)v.i)) {
        /* (a NUL would end the word key_words writes: the value quoted
         * here, as display_quote shows it) */
        if (key->kind == FR_KEY_FLAG && key->ncli) {
            fr_buf_puts(out, key->cli[0]);
            fr_buf_putc(out, ' ');
        } else {
            fr_buf_puts(out, key->name);
            fr_buf_putc(out, '=');
        }
        display_quote(out, v.s, (size_t)v.i);
        return;
    }
    cfg one;
    uint32_t nk = rs->nkeys;
    if (cfg_init(&one, nk) < 0) {
        out->oom = 1;
        cfg_free(&one);
        return;
    }
    cfg_mark(&one, k);
    one.set[k] = 1;
    one.val[k] = v;
    cfg_line(rs, &one, out);
    cfg_free(&one);
}

static int res_fires(const fr_result *res, uint32_t r)
{
    size_t n = fr_result_nmessages(res, FR_SEV_ERROR);
    for (size_t i = 0; i < n; i++) {
        const fr_message *m = fr_result_message(res, FR_SEV_ERROR, i);
        if (m && m->rule == (long)r)
            return 1;
    }
    return 0;
}

static int res_alone(const fr_result *res, uint32_t r)
{
    size_t n = fr_result_nmessages(res, FR_SEV_ERROR);
    for (size_t i = 0; i < n; i++) {
        const fr_message *m = fr_result_message(res, FR_SEV_ERROR, i);
        if (!m || m->rule != (long)r)
            return 0;
    }
    return n > 0;
}

static int value_same(fr_value a, fr_value b)
{
    if (a.is_null || b.is_null)
        return a.is_null == b.is_null;
    if (a.type == FR_STRING || a.type == FR_ENUM)
        return a.len == b.len && (a.len == 0 || memcmp(a.s, b.s, a.len) == 0);
    return a.i == b.i;
}

/* Whether rule r is an error rule (error or require: it fires with an
 * error message). */
static int is_error_kind(const fr_ruleset *rs, uint32_t r)
{
    return rs->rules[r].kind == FR_RULE_ERROR || rs->rules[r].kind == FR_RULE_REQUIRE;
}

static int res_check(const search *s, const fr_result *res, pred p, uint32_t r)
{
    if (!res || fr_result_status(res) == FR_STATUS_INVALID)
        return 0;
    switch (p) {
    case P_FIRES:
        /* (another rule, for lint: its condition holds and it has no
         * run-time error, i.e. it warns, informs or declares) */
        if (!is_error_kind(s->rs, r))
            return fr_rule_on(s->ev, r) && !fr_rule_rt(s->ev, r);
        /* (its own error: a run-time error of its condition, a division by
         * zero, is an error record of the rule's too, but not the message
         * the page documents) */
        return res_fires(res, r) && !fr_rule_rt(s->ev, r);
    case P_ALONE:  return res_alone(res, r) && !fr_rule_rt(s->ev, r);
    case P_PASSES: return fr_result_status(res) == FR_STATUS_OK;
    case P_PASSES_KEEP:
        if (fr_result_status(res) != FR_STATUS_OK)
            return 0;
        for (size_t i = 0; i < s->nkeep; i++)
            if (!value_same(fr_result_resolved(res, s->keep[i]), s->kept[i]))
                return 0;
        return 1;
    }
    return 0;
}

/* lint: marks in s->fired every rule that fires in res as P_FIRES has it
 * (an error rule: an error message of its own; another: its condition holds
 * with no run-time error), found from the messages and the declared keys,
 * not by a walk over every rule (a declare rule behind another declarer of
 * the same value may be missed: its own search finds it). */
static void note_fired(search *s, const fr_result *res)
{
    if (fr_result_status(res) == FR_STATUS_INVALID)
        return;
    const fr_ruleset *rs = s->rs;
    static const fr_severity sevs[] = { FR_SEV_ERROR, FR_SEV_WARNING, FR_SEV_INFO };
    for (size_t v = 0; v < sizeof sevs / sizeof *sevs; v++) {
        size_t n = fr_result_nmessages(res, sevs[v]);
        for (size_t i = 0; i < n; i++) {
            const fr_message *m = fr_result_message(res, sevs[v], i);
            if (!m || m->rule < 0 || (size_t)m->rule >= rs->nrules)
                continue;
            uint32_t r = (uint32_t)m->rule;
            if (is_error_kind(rs, r) ? sevs[v] == FR_SEV_ERROR && !fr_rule_rt(s->ev, r)
                                     : fr_rule_on(s->ev, r) && !fr_rule_rt(s->ev, r))
                s->fired[r] = 1;
        }
    }
    for (long k = fr_result_next_declared(res, -1); k >= 0; k = fr_result_next_declared(res, k)) {
        long r = fr_result_declared_by(res, (size_t)k);
        if (r >= 0 && (size_t)r < rs->nrules && fr_rule_on(s->ev, (uint32_t)r) && !fr_rule_rt(s->ev, (uint32_t)r))
            s->fired[r] = 1;
    }
}

/* Evaluates c; NULL when out of memory or over budget. */
static const fr_result *eval_cfg(search *s, const cfg *c)
{
    if (s->used >= s->budget || s->oom)
        return NULL;
    size_t argc = cfg_argv(s, c);
    if (s->oom)
        return NULL;
    s->used++;
    s->total++;
    const fr_result *res = fr_eval_argv(s->ev, argc, s->argv);
    if (!res)
        s->oom = 1;
    else if (s->fired)
        note_fired(s, res);
    return res;
}

static int cfg_test(search *s, const cfg *c, pred p, uint32_t r)
{
    return res_check(s, eval_cfg(s, c), p, r);
}

/* ---- phase 1: the smallest config on which r fires -------------------------------- */

/* Tries every config with `left` more keys from keys[from..], each at each of
 * its candidates.  1 found (c holds it), 0 not, -1 budget or memory. */
static int combos(search *s, const keylist *keys, size_t from, size_t left, cfg *c, pred p, uint32_t r)
{
    const fr_ruleset *rs = s->rs;
    for (size_t i = from; i + left <= keys->n; i++) {
        uint32_t k = keys->k[i];
        if (c->set[k])
            continue;
        const pool *pl = &s->pools[k];
        for (size_t j = 0; j < pl->n; j++) {
            cfg_put(rs, c, k, pl->v[j]);
            if (!c->set[k])
                continue;
            int got;
            if (left == 1) {
                if (s->used >= s->budget || s->oom)
                    got = -1;
                else
                    got = cfg_test(s, c, p, r);
            } else {
                got = combos(s, keys, i + 1, left - 1, c, p, r);
            }
            if (got)
                return got;   /* found (c holds it) or gave up */
            c->set[k] = 0;
        }
    }
    return 0;
}

/* Fills c from the input values the result says were given. */
static void cfg_from_result(search *s, const fr_result *res, cfg *c)
{
    const fr_ruleset *rs = s->rs;
    cfg_clear(c);
    for (uint32_t k = 0; k < rs->nkeys; k++) {
        if (!fr_result_given(res, k))
            continue;
        fr_value pv = fr_result_input(res, k);
        fr_val v = { 0, NULL, 0 };
        if (pv.is_null) {
            v.is_null = 1;
        } else {
            switch (rs->keys[k].type.kind) {
            case FR_T_BOOL:
            case FR_T_INT:
                v.i = pv.i;
                break;
            case FR_T_STRING: {
                char *copy = fr_arena_strndup(s->arena, pv.s ? pv.s : "", pv.len);
                if (!copy) {
                    s->oom = 1;
                    return;
                }
                v.s = copy;
                v.i = (int64_t)pv.len;
                break;
            }
            case FR_T_ENUM: {
                const fr_enum *e = &rs->enums[rs->keys[k].type.enum_id];
                int32_t idx = fr_ir_find_enum_value(e, pv.s ? pv.s : "", pv.s ? strlen(pv.s) : 0);
                if (idx < 0)
                    continue;
                v.i = idx;
                break;
            }
            }
        }
        cfg_put(rs, c, k, v);
    }
}

/* Whether test case tc expects the error of rule r. */
static int case_expects(const fr_testcase *tc, uint32_t r)
{
    for (uint32_t e = 0; e < tc->nexpects; e++) {
        const fr_expect *x = &tc->expects[e];
        if (x->rule != r)
            continue;
        if ((x->kind == FR_EXP_MSG && !x->negated && x->severity == FR_SEV_ERROR) ||
            x->kind == FR_EXP_FIRST_ERROR)
            return 1;
    }
    return 0;
}

/* The smallest trigger among the test cases that expect r's error, each
 * shrunk (keys dropped back to the default while r still fires).  Adds the
 * values of the best one to the pools.  1 found (best), 0 not. */
static int test_trigger(search *s, uint32_t r, cfg *best, cfg *tmp)
{
    const fr_ruleset *rs = s->rs;
    size_t bestn = SIZE_MAX;
    for (uint32_t t = 0; t < rs->ntests; t++)
        for (uint32_t ci = 0; ci < rs->tests[t].ncases; ci++) {
            const fr_testcase *tc = &rs->tests[t].cases[ci];
            if (!case_expects(tc, r) || !tc->config || s->used >= s->budget)
                continue;
            s->used++;
            s->total++;
            const fr_result *res = fr_eval_line(s->ev, tc->config, strlen(tc->config));
            if (!res) {
                s->oom = 1;
                return 0;
            }
            if (!res_check(s, res, P_FIRES, r))
                continue;
            cfg_from_result(s, res, tmp);
            if (s->oom)
                return 0;
            for (size_t i = 0; i < tmp->nks; i++) {
                uint32_t k = tmp->ks[i];
                if (!tmp->set[k])
                    continue;
                tmp->set[k] = 0;
                if (!cfg_test(s, tmp, P_FIRES, r))
                    tmp->set[k] = 1;
            }
            size_t n = cfg_size(tmp);
            bool ok = true;   /* (every value one a page can show: writable) */
            for (size_t i = 0; i < tmp->nks && ok; i++)
                ok = !tmp->set[tmp->ks[i]] || writable(s, tmp->ks[i], tmp->val[tmp->ks[i]]);
            if (ok && n < bestn) {
                bestn = n;
                cfg_copy(best, tmp);
            }
        }
    if (bestn == SIZE_MAX)
        return 0;
    for (size_t i = 0; i < best->nks; i++)
        if (best->set[best->ks[i]])
            pool_add(s, best->ks[i], best->val[best->ks[i]]);
    return 1;
}

/* Phase 1, last resort: a config guessed from the condition's shape, for a
 * rule that no change of a few keys fires (a long conjunction).  Node n is
 * made `want` where its shape says how: every term of an & (one of a |)
 * that must hold, a comparison of a key (or given(key)) with a constant, a
 * set membership, a bool key; other nodes are left to the guess's luck.
 * The config is tested after, so a wrong guess costs one evaluation. */
static void shape_put(search *s, cfg *c, uint32_t k, fr_val v)
{
    if (writable(s, k, v))
        cfg_put(s->rs, c, k, v);
}

static void shape_cmp(search *s, cfg *c, uint32_t n, int want)
{
    const fr_ruleset *rs = s->rs;
    const fr_node *nd = &rs->nodes[n];
    const fr_node *l = &rs->nodes[nd->a], *r = &rs->nodes[nd->b];
    fr_op op = (fr_op)nd->op;
    if (l->op == FR_OP_CONST && (r->op == FR_OP_KEY || r->op == FR_OP_INPUT)) {
        const fr_node *t = l;   /* c OP key: key OP' c */
        l = r;
        r = t;
        op = op == FR_OP_LT ? FR_OP_GT : op == FR_OP_GT ? FR_OP_LT : op == FR_OP_LE ? FR_OP_GE
           : op == FR_OP_GE ? FR_OP_LE : op;
    }
    if ((l->op != FR_OP_KEY && l->op != FR_OP_INPUT) || r->op != FR_OP_CONST)
        return;
    if (!want)
        op = op == FR_OP_EQ ? FR_OP_NE : op == FR_OP_NE ? FR_OP_EQ : op == FR_OP_LT ? FR_OP_GE
           : op == FR_OP_GE ? FR_OP_LT : op == FR_OP_LE ? FR_OP_GT : FR_OP_LE;
    uint32_t k = l->a;
    const fr_key *key = &rs->keys[k];
    fr_val cv = rs->consts[r->a], v = cv;
    if (op == FR_OP_EQ) {
        shape_put(s, c, k, cv);
        return;
    }
    if (cv.is_null || (key->type.kind != FR_T_INT && op != FR_OP_NE))
        return;   /* (k != null: any value, which the pools try) */
    switch (key->type.kind) {
    case FR_T_INT:
        if (op == FR_OP_NE || op == FR_OP_GT)
            v.i = cv.i < INT64_MAX ? cv.i + 1 : cv.i - 1;
        else if (op == FR_OP_LT)
            v.i = cv.i > INT64_MIN ? cv.i - 1 : cv.i + 1;
        break;
    case FR_T_BOOL:
        v.i = !cv.i;
        break;
    case FR_T_ENUM: {
        uint32_t nv = rs->enums[key->type.enum_id].nvalues;
        if (nv < 2)
            return;
        v.i = (cv.i + 1) % nv;
        break;
    }
    case FR_T_STRING:
        v.s = cv.i == 1 && cv.s[0] == 'x' ? "y" : "x";
        v.i = 1;
        break;
    default:
        return;
    }
    shape_put(s, c, k, v);
}

static void shape_set(search *s, cfg *c, uint32_t n, int want)
{
    const fr_ruleset *rs = s->rs;
    const fr_node *nd = &rs->nodes[n];
    const fr_node *l = &rs->nodes[nd->a];
    if (l->op != FR_OP_KEY && l->op != FR_OP_INPUT)
        return;
    const fr_set *set = &rs->sets[nd->b];
    int in = (nd->op == FR_OP_IN) == want;
    fr_val v = { 0, NULL, 0 };
    if (set->type.kind == FR_T_ENUM) {
        uint32_t nv = rs->enums[set->type.enum_id].nvalues;
        uint32_t i = 0;
        if (set->bits) {
            while (i < nv && (int)((set->bits[i / 64] >> (i % 64)) & 1) != in)
                i++;
        } else if (in) {
            i = set->n ? (uint32_t)set->vals[0].i : nv;   /* (sparse: sorted indices) */
        } else {
            for (uint32_t m = 0; i < nv && m < set->n && (uint32_t)set->vals[m].i == i; m++)
                i++;
        }
        if (i == nv)
            return;
        v.i = i;
    } else if (in && set->n) {
        v = set->vals[0];
    } else if (!in && set->type.kind == FR_T_INT) {
        v.i = set->n && set->vals[set->n - 1].i < INT64_MAX ? set->vals[set->n - 1].i + 1 : 0;
    } else {
        return;
    }
    shape_put(s, c, l->a, v);
}

static void shape_node(search *s, cfg *c, uint32_t n, int want, int depth)
{
    const fr_ruleset *rs = s->rs;
    const fr_node *nd = &rs->nodes[n];
    if (depth > 512)
        return;   /* (trees are at most 256 deep) */
    switch ((fr_op)nd->op) {
    case FR_OP_AND:
    case FR_OP_OR:
        /* & true, | false: both; & false, | true: the first */
        shape_node(s, c, nd->a, want, depth + 1);
        if ((nd->op == FR_OP_AND) == want)
            shape_node(s, c, nd->b, want, depth + 1);
        return;
    case FR_OP_NOT:
        shape_node(s, c, nd->a, !want, depth + 1);
        return;
    case FR_OP_KEY:
    case FR_OP_INPUT:
        if (rs->keys[nd->a].type.kind == FR_T_BOOL) {
            fr_val v = { want, NULL, 0 };
            shape_put(s, c, nd->a, v);
        }
        return;
    case FR_OP_EQ: case FR_OP_NE: case FR_OP_LT: case FR_OP_LE: case FR_OP_GT: case FR_OP_GE:
        shape_cmp(s, c, n, want);
        return;
    case FR_OP_IN:
    case FR_OP_NOTIN:
        shape_set(s, c, n, want);
        return;
    default:
        return;
    }
}

/* 1 when the guess fires r (c holds it, without the keys it does not need). */
static int shape_trigger(search *s, uint32_t r, cfg *c, int minimize)
{
    const fr_ruleset *rs = s->rs;
    const fr_rule *ru = &rs->rules[r];
    cfg_clear(c);
    shape_node(s, c, ru->cond, 1, 0);
    if (ru->kind == FR_RULE_REQUIRE)
        shape_node(s, c, ru->req, 0, 0);
    if (!cfg_size(c) || !cfg_test(s, c, P_FIRES, r))
        return 0;
    for (size_t i = 0; minimize && i < c->nks && s->used < s->budget; i++) {
        uint32_t k = c->ks[i];
        if (!c->set[k])
            continue;
        c->set[k] = 0;
        if (!cfg_test(s, c, P_FIRES, r))
            c->set[k] = 1;
    }
    return 1;
}

/* ---- phases 2 and 3: the fewest changes to a config ------------------------------- */

typedef struct option {      /* one change: key k to value v, or back to the default */
    uint32_t k;
    uint8_t  drop;
    fr_val   v;
} option;

typedef struct optlist {
    option *o;
    size_t  n, cap;
} optlist;

static void opt_add(search *s, optlist *l, uint32_t k, int drop, fr_val v)
{
    if (l->n == l->cap && fr_vec_reserve((void **)&l->o, &l->cap, l->n + 1, sizeof *l->o) < 0) {
        s->oom = 1;
        return;
    }
    l->o[l->n].k = k;
    l->o[l->n].drop = (uint8_t)drop;
    l->o[l->n].v = v;
    l->n++;
}

/* The changes of key k from config c: the drop back to the default (when c
 * sets k: the simplest change to make), then each other candidate. */
static void key_options(search *s, optlist *l, const cfg *c, uint32_t k)
{
    const pool *pl = &s->pools[k];
    if (c->set[k])
        opt_add(s, l, k, 1, s->rs->keys[k].def);
    for (size_t j = 0; j < pl->n; j++)
        if (!c->set[k] || !val_same(s->rs, k, pl->v[j], c->val[k]))
            opt_add(s, l, k, 0, pl->v[j]);
}

/* Puts the drops first (stable): removing flags is the simplest change, so
 * combinations of drops are tried before any value changes. */
static void drops_first(search *s, optlist *l)
{
    option *tmp = malloc((l->n ? l->n : 1) * sizeof *tmp);
    if (!tmp) {
        s->oom = 1;
        return;
    }
    size_t n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < l->n; i++)
            if ((l->o[i].drop != 0) == (pass == 0))
                tmp[n++] = l->o[i];
    memcpy(l->o, tmp, n * sizeof *tmp);
    free(tmp);
}

/* Applies `left` more options from l[from..], on distinct keys. */
static int change_combos(search *s, const optlist *l, size_t from, size_t left, cfg *c,
                         pred p, uint32_t r, uint32_t *chosen, size_t nchosen)
{
    const fr_ruleset *rs = s->rs;
    for (size_t i = from; i < l->n; i++) {
        const option *o = &l->o[i];
        int dup = 0;
        for (size_t j = 0; j < nchosen; j++)
            dup |= chosen[j] == o->k;
        if (dup)
            continue;
        uint8_t was_set = c->set[o->k];
        fr_val was = c->val[o->k];
        if (o->drop)
            c->set[o->k] = 0;
        else
            cfg_put(rs, c, o->k, o->v);
        chosen[nchosen] = o->k;
        int got;
        if (left == 1)
            got = (s->used >= s->budget || s->oom) ? -1 : cfg_test(s, c, p, r);
        else
            got = change_combos(s, l, i + 1, left - 1, c, p, r, chosen, nchosen + 1);
        if (got)
            return got;
        c->set[o->k] = was_set;
        c->val[o->k] = was;
    }
    return 0;
}

/* The fewest changes (1..MAX_CHANGES) to c after which p holds; c is
 * changed in place when found.  1 found, 0 not. */
static int fewest_changes(search *s, const optlist *l, cfg *c, pred p, uint32_t r)
{
    uint32_t chosen[MAX_CHANGES];
    for (size_t n = 1; n <= MAX_CHANGES; n++) {
        int got = change_combos(s, l, 0, n, c, p, r, chosen, 0);
        if (got == 1)
            return 1;
        if (got < 0)
            return 0;
    }
    return 0;
}

/* Applies each option of l alone to c and collects the candidates of the
 * other error rules that then fire (adding their keys to kf). */
static void blame(search *s, const optlist *l, const cfg *c, uint32_t r, keylist *kf)
{
    const fr_ruleset *rs = s->rs;
    cfg t;
    if (cfg_init(&t, rs->nkeys) < 0) {
        s->oom = 1;
        cfg_free(&t);
        return;
    }
    keylist met = { 0 };   /* the other errors, in order of first meeting */
    for (size_t i = 0; i < l->n && !s->oom; i++) {
        cfg_copy(&t, c);
        if (l->o[i].drop)
            t.set[l->o[i].k] = 0;
        else
            cfg_put(rs, &t, l->o[i].k, l->o[i].v);
        const fr_result *res = eval_cfg(s, &t);
        if (!res)
            break;
        if (fr_result_status(res) == FR_STATUS_INVALID)
            continue;
        size_t n = fr_result_nmessages(res, FR_SEV_ERROR);
        for (size_t j = 0; j < n; j++) {
            const fr_message *m = fr_result_message(res, FR_SEV_ERROR, j);
            if (!m || m->rule < 0 || (uint32_t)m->rule == r || (uint32_t)m->rule >= rs->nrules ||
                s->rule_seen[m->rule])
                continue;
            kl_add(s, &met, (uint32_t)m->rule);
        }
    }
    collect_rules(s, met.k, met.n, kf);
    kl_free(&met);
    cfg_free(&t);
}

/* ---- the driver ----------------------------------------------------------------- */

static void search_free(search *s)
{
    if (s->pools)
        for (uint32_t k = 0; k < s->rs->nkeys; k++) {
            free(s->pools[k].v);
            free(s->pools[k].cmp);
        }
    free(s->pools);
    free(s->rule_seen);
    free(s->key_seen);
    free(s->key_expanded);
    free(s->bfs);
    free(s->bfs_mark);
    depmap_free(&s->own_dep);
    free(s->kept);
    fr_buf_free(&s->words);
    free(s->offs);
    free(s->argv);
    fr_eval_free(&s->ev);
    fr_arena_free(&s->arena);
}

static int search_init(search *s, const fr_ruleset *rs, unsigned long budget, const depmap *dm)
{
    memset(s, 0, sizeof *s);
    s->rs = rs;
    s->dep = dm;
    s->budget = budget ? budget : FR_DOC_DEFAULT_BUDGET;
    s->ev = fr_eval_new(rs);
    s->arena = fr_arena_new();
    s->pools = calloc(rs->nkeys ? rs->nkeys : 1, sizeof *s->pools);
    s->rule_seen = calloc(rs->nrules ? rs->nrules : 1, 1);
    s->key_seen = calloc(rs->nkeys ? rs->nkeys : 1, 1);
    s->key_expanded = calloc(rs->nkeys ? rs->nkeys : 1, 1);
    s->bfs = calloc(rs->nkeys ? rs->nkeys : 1, sizeof *s->bfs);
    s->bfs_mark = calloc(rs->nkeys ? rs->nkeys : 1, sizeof *s->bfs_mark);
    if (!s->ev || !s->arena || !s->pools || !s->rule_seen || !s->key_seen || !s->key_expanded || !s->bfs ||
        !s->bfs_mark)
        return -1;
    return 0;
}

/* The keys of the leading condition of an error rule (its first conjunct)
 * or of the premise of a require rule: a fix leaves them alone if it can. */
static void anchor_keys(search *s, uint32_t r, keylist *l)
{
    const fr_ruleset *rs = s->rs;
    const fr_rule *ru = &rs->rules[r];
    if (ru->kind == FR_RULE_REQUIRE) {
        node_keys(s, ru->cond, l, 0);
        return;
    }
    uint32_t n = ru->cond;
    while (rs->nodes[n].op == FR_OP_AND)
        n = rs->nodes[n].a;
    if (n != ru->cond)
        node_keys(s, n, l, 0);
}

/* Keys ordered for the fix: the ones fewer rules read first (a more
 * specific key is the likelier fix), then declaration order. */
static int readers_before(const fr_ruleset *rs, uint32_t a, uint32_t b)
{
    if (rs->keys[a].nreaders != rs->keys[b].nreaders)
        return rs->keys[a].nreaders < rs->keys[b].nreaders;
    return a < b;
}

typedef struct keyord {
    uint32_t nreaders, k;
} keyord;

static int cmp_keyord(const void *x, const void *y)
{
    const keyord *a = x, *b = y;
    if (a->nreaders != b->nreaders)
        return a->nreaders < b->nreaders ? -1 : 1;
    return a->k < b->k ? -1 : a->k > b->k;
}

static void sort_keys(const fr_ruleset *rs, keylist *l, int (*before)(const fr_ruleset *, uint32_t, uint32_t))
{
    if (l->n > KL_SCAN && before == readers_before) {
        /* a total order (key id last): qsort gives the insertion sort's order */
        keyord *v = malloc(l->n * sizeof *v);
        if (v) {
            for (size_t i = 0; i < l->n; i++) {
                v[i].nreaders = rs->keys[l->k[i]].nreaders;
                v[i].k = l->k[i];
            }
            qsort(v, l->n, sizeof *v, cmp_keyord);
            for (size_t i = 0; i < l->n; i++)
                l->k[i] = v[i].k;
            free(v);
            return;
        }
    }
    for (size_t i = 1; i < l->n; i++) {
        uint32_t k = l->k[i];
        size_t j = i;
        while (j > 0 && before(rs, k, l->k[j - 1])) {
            l->k[j] = l->k[j - 1];
            j--;
        }
        l->k[j] = k;
    }
}

static char *buf_take_checked(fr_buf *b, int *oom)
{
    if (b->oom) {
        fr_buf_free(b);
        *oom = 1;
        return NULL;
    }
    if (!b->p) {
        char *e = strdup("");
        if (!e)
            *oom = 1;
        return e;
    }
    char *p = fr_buf_take(b);
    if (!p)
        *oom = 1;
    return p;
}

/* Copies the argv of c into a string vector. */
static int words_copy(search *s, const cfg *c, char ***out, size_t *n)
{
    size_t argc = cfg_argv(s, c);
    if (s->oom)
        return -1;
    char **v = calloc(argc ? argc : 1, sizeof *v);
    if (!v)
        return -1;
    for (size_t i = 0; i < argc; i++) {
        v[i] = strdup(s->argv[i]);
        if (!v[i]) {
            for (size_t j = 0; j < i; j++)
                free(v[j]);
            free(v);
            return -1;
        }
    }
    *out = v;
    *n = argc;
    return 0;
}

static void free_words(char **v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

void fr_doc_example_free(fr_doc_example *ex)
{
    if (!ex)
        return;
    free(ex->trigger);
    free_words(ex->trigger_words, ex->ntrigger_words);
    free(ex->errors);
    free(ex->fix);
    free_words(ex->fix_words, ex->nfix_words);
    for (size_t i = 0; i < ex->nchanges; i++) {
        free(ex->changes[i].from);
        free(ex->changes[i].to);
    }
    free(ex->changes);
    memset(ex, 0, sizeof *ex);
}

/* Re-evaluates the printed trigger line; fills ex->errors.  1 if it fires r. */
static int verify_trigger(search *s, uint32_t r, const char *line, fr_doc_example *ex)
{
    const fr_result *res = fr_eval_line(s->ev, line, strlen(line));
    if (!res) {
        s->oom = 1;
        return 0;
    }
    s->total++;
    if (!res_check(s, res, P_FIRES, r))
        return 0;
    size_t n = fr_result_nmessages(res, FR_SEV_ERROR);
    ex->errors = calloc(n ? n : 1, sizeof *ex->errors);
    if (!ex->errors) {
        s->oom = 1;
        return 0;
    }
    for (size_t i = 0; i < n; i++) {
        const fr_message *m = fr_result_message(res, FR_SEV_ERROR, i);
        if (!m || m->rule < 0)
            continue;
        int dup = 0;
        for (size_t j = 0; j < ex->nerrors; j++)
            dup |= ex->errors[j] == (uint32_t)m->rule;
        if (!dup)
            ex->errors[ex->nerrors++] = (uint32_t)m->rule;
    }
    ex->alone = ex->nerrors == 1;
    return 1;
}

static int verify_fix(search *s, const char *line)
{
    const fr_result *res = fr_eval_line(s->ev, line, strlen(line));
    if (!res) {
        s->oom = 1;
        return 0;
    }
    s->total++;
    return res_check(s, res, P_PASSES, 0);
}

static int add_change(fr_doc_example *ex, uint32_t k, int kind, char *from, char *to)
{
    fr_doc_change *c = realloc(ex->changes, (ex->nchanges + 1) * sizeof *c);
    if (!c) {
        free(from);
        free(to);
        return -1;
    }
    ex->changes = c;
    c[ex->nchanges].key = k;
    c[ex->nchanges].kind = (uint8_t)kind;
    c[ex->nchanges].from = from;
    c[ex->nchanges].to = to;
    ex->nchanges++;
    return 0;
}

static char *assign_str(const fr_ruleset *rs, uint32_t k, fr_val v, int *oom)
{
    fr_buf b = { 0 };
    assign_text(rs, k, v, &b);
    return buf_take_checked(&b, oom);
}

static int diff_changes(const fr_ruleset *rs, const cfg *a, const cfg *b, fr_doc_example *ex)
{
    int oom = 0;
    for (int flags = 0; flags < 2; flags++)
        for (uint32_t k = 0; k < rs->nkeys && !oom; k++) {
            if ((rs->keys[k].kind == FR_KEY_FLAG) != flags)
                continue;
            char *from = NULL, *to = NULL;
            if (a->set[k] && b->set[k]) {
                if (val_same(rs, k, a->val[k], b->val[k]))
                    continue;
                from = assign_str(rs, k, a->val[k], &oom);
                to = assign_str(rs, k, b->val[k], &oom);
            } else if (a->set[k]) {
                from = assign_str(rs, k, a->val[k], &oom);
            } else if (b->set[k]) {
                to = assign_str(rs, k, b->val[k], &oom);
            } else {
                continue;
            }
            if (oom || add_change(ex, k, to ? FR_DOC_SET : FR_DOC_DROP, from, to) < 0) {
                if (oom) {
                    free(from);
                    free(to);
                }
                return -1;
            }
        }
    return 0;
}

/* fr_doc_find_example; trigger_only: phase 1 alone (ex->found, no lines),
 * for any rule (lint: whether it can fire). */
static fr_rc find_example(const fr_ruleset *rs, uint32_t r, unsigned long budget, fr_doc_example *ex,
                          int trigger_only, const depmap *dm, uint8_t *fired)
{
    memset(ex, 0, sizeof *ex);
    if (!rs || r >= rs->nrules || (!trigger_only && !is_error_kind(rs, r)))
        return FR_EINVAL;
    search s;
    cfg t0 = { 0 }, tmp = { 0 }, tt = { 0 }, fix = { 0 };
    keylist ka = { 0 }, kc = { 0 }, kco = { 0 }, kb = { 0 }, kf = { 0 }, anchor = { 0 }, own = { 0 };
    optlist ol = { 0 };
    fr_buf line = { 0 };
    fr_rc rc = FR_ENOMEM;
    if (search_init(&s, rs, budget, dm) < 0 || cfg_init(&t0, rs->nkeys) < 0 ||
        cfg_init(&tmp, rs->nkeys) < 0 || cfg_init(&tt, rs->nkeys) < 0 ||
        cfg_init(&fix, rs->nkeys) < 0)
        goto out;
    s.fired = fired;
    s.printable = !trigger_only;   /* (a page shows the example; lint only asks whether the rule fires) */

    /* Phase 1: the trigger: the defaults, the test cases, then configs by
     * number of changed keys, first among the keys of the rule's own
     * condition, then (for a smaller one) among all the keys it depends on,
     * each search with a budget of its own. */
    collect_rule(&s, r, &ka);
    rule_cond_keys(&s, r, &own);
    size_t best = SIZE_MAX;
    if (cfg_test(&s, &t0, P_FIRES, r)) {
        best = 0;
    } else if (test_trigger(&s, r, &tt, &tmp)) {
        best = cfg_size(&tt);
        cfg_copy(&t0, &tt);
    }
    /* (whether the rule can fire, for lint: the config built from the
     * condition's shape first, one evaluation, where the search by number
     * of keys costs up to its budget of evaluations each time; the answer
     * is the same, found by either) */
    if (trigger_only && best == SIZE_MAX && !s.oom) {
        s.used = 0;
        if (shape_trigger(&s, r, &tmp, 0))
            best = 0;
    }
    for (size_t i = 0; i < own.n; i++)
        if (s.pools[own.k[i]].n)
            kl_add(&s, &kco, own.k[i]);
    for (size_t i = 0; i < ka.n; i++)
        if (s.pools[ka.k[i]].n)
            kl_add(&s, &kc, ka.k[i]);
    for (int pass = 0; pass < 2 && !s.oom; pass++) {
        const keylist *keys = pass == 0 ? &kco : &kc;
        s.used = 0;
        for (size_t n = 1; n < best && n <= MAX_TRIGGER_KEYS && n <= keys->n && !s.oom; n++) {
            cfg_clear(&tmp);
            int got = combos(&s, keys, 0, n, &tmp, P_FIRES, r);
            if (got == 1) {
                cfg_copy(&t0, &tmp);
                best = n;
                break;
            }
            if (got < 0)
                break;
        }
    }
    if (best == SIZE_MAX && !s.oom) {
        s.used = 0;
        if (shape_trigger(&s, r, &tmp, 1)) {
            cfg_copy(&t0, &tmp);
            best = cfg_size(&t0);
        }
    }
    int found = best != SIZE_MAX;
    if (s.oom)
        goto out;
    if (!found || trigger_only) {
        ex->found = found && trigger_only;
        ex->evaluations = s.total;
        ex->unshowable = !ex->found && s.left_out;
        rc = FR_OK;
        goto out;
    }

    /* Phase 2: no other error on the trigger, if a few changes manage it. */
    s.used = 0;
    const fr_result *res = eval_cfg(&s, &t0);
    if (res && !res_check(&s, res, P_ALONE, r)) {
        size_t n = fr_result_nmessages(res, FR_SEV_ERROR);
        uint32_t *others = calloc(n ? n : 1, sizeof *others);
        size_t no = 0;
        if (!others)
            goto out;
        for (size_t i = 0; i < n; i++) {
            const fr_message *m = fr_result_message(res, FR_SEV_ERROR, i);
            if (m && m->rule >= 0 && (uint32_t)m->rule != r)
                others[no++] = (uint32_t)m->rule;
        }
        collect_rules(&s, others, no, &kb);
        free(others);
        for (size_t i = 0; i < ka.n; i++)
            kl_add(&s, &kb, ka.k[i]);
        for (size_t i = 0; i < kb.n; i++)
            key_options(&s, &ol, &t0, kb.k[i]);
        cfg_copy(&tmp, &t0);
        s.used = 0;
        if (!s.oom && fewest_changes(&s, &ol, &tmp, P_ALONE, r))
            cfg_copy(&t0, &tmp);
        ol.n = 0;
    }
    if (s.oom)
        goto out;

    /* Phase 3: the fix.  First with changes to the other keys of the rule's
     * own condition, then to any key, both keeping the resolved values of
     * its leading condition (the "context": the backend of an error about a
     * backend); then to any key at all. */
    for (size_t i = 0; i < ka.n; i++)
        kl_add(&s, &kf, ka.k[i]);
    for (size_t i = 0; i < kb.n; i++)
        kl_add(&s, &kf, kb.k[i]);
    for (size_t i = 0; i < t0.nks; i++)
        if (t0.set[t0.ks[i]])
            kl_add(&s, &kf, t0.ks[i]);
    sort_keys(rs, &kf, readers_before);
    anchor_keys(&s, r, &anchor);
    s.used = 0;
    res = eval_cfg(&s, &t0);
    if (!res)
        goto out;
    s.keep = anchor.k;
    s.nkeep = anchor.n;
    s.kept = calloc(anchor.n ? anchor.n : 1, sizeof *s.kept);
    if (!s.kept)
        goto out;
    for (size_t i = 0; i < anchor.n; i++) {
        fr_value v = fr_result_resolved(res, anchor.k[i]);
        if (!v.is_null && v.s) {
            char *copy = fr_arena_strndup(s.arena, v.s, v.len);
            if (!copy)
                goto out;
            v.s = copy;
        }
        s.kept[i] = v;
    }
    int fixed = 0;
    for (int tier = 0; tier < 3 && !fixed && !s.oom; tier++) {
        if (tier == 1) {
            /* the errors the single changes run into: their keys too */
            ol.n = 0;
            for (size_t i = 0; i < kf.n; i++)
                if (!kl_has(&anchor, kf.k[i]))
                    key_options(&s, &ol, &t0, kf.k[i]);
            s.used = 0;
            blame(&s, &ol, &t0, r, &kf);
            sort_keys(rs, &kf, readers_before);
        }
        ol.n = 0;
        if (tier == 0) {
            /* the rule's own keys, the last-written condition first: rules
             * name the context first and the offending flag last */
            for (size_t i = own.n; i-- > 0;)
                if (!kl_has(&anchor, own.k[i]))
                    key_options(&s, &ol, &t0, own.k[i]);
        } else {
            for (size_t i = 0; i < kf.n; i++)
                if (tier == 2 || !kl_has(&anchor, kf.k[i]))
                    key_options(&s, &ol, &t0, kf.k[i]);
        }
        if (ol.n == 0)
            continue;
        drops_first(&s, &ol);
        cfg_copy(&fix, &t0);
        s.used = 0;
        fixed = fewest_changes(&s, &ol, &fix, tier < 2 ? P_PASSES_KEEP : P_PASSES, r);
    }
    if (s.oom)
        goto out;

    /* Verification, from the printed lines. */
    cfg_line(rs, &t0, &line);
    if (line.oom)
        goto out;
    if (!verify_trigger(&s, r, line.p ? line.p : "", ex)) {
        if (s.oom)
            goto out;
        free(ex->errors);
        ex->errors = NULL;
        ex->nerrors = 0;
        ex->evaluations = s.total;
        ex->unshowable = !ex->found && s.left_out;
        rc = FR_OK;
        goto out;
    }
    int oom = 0;
    ex->trigger = buf_take_checked(&line, &oom);
    if (oom || words_copy(&s, &t0, &ex->trigger_words, &ex->ntrigger_words) < 0)
        goto out;
    ex->found = true;
    if (fixed) {
        cfg_line(rs, &fix, &line);
        if (line.oom)
            goto out;
        if (verify_fix(&s, line.p ? line.p : "")) {
            ex->fix = buf_take_checked(&line, &oom);
            if (oom || words_copy(&s, &fix, &ex->fix_words, &ex->nfix_words) < 0 ||
                diff_changes(rs, &t0, &fix, ex) < 0)
                goto out;
        } else if (s.oom) {
            goto out;
        }
    }
    ex->evaluations = s.total;
    rc = FR_OK;
out:
    if (rc != FR_OK)
        fr_doc_example_free(ex);
    fr_buf_free(&line);
    free(ol.o);
    kl_free(&ka);
    kl_free(&kc);
    kl_free(&kco);
    kl_free(&kb);
    kl_free(&kf);
    kl_free(&anchor);
    kl_free(&own);
    cfg_free(&t0);
    cfg_free(&tmp);
    cfg_free(&tt);
    cfg_free(&fix);
    search_free(&s);
    return rc;
}

/* Whether node n's tree matches a key against a pattern with a construct
 * regex_example cannot serve (a lookaround, a back-reference, a recursion,
 * a condition). */
static bool unguessable_match(const fr_ruleset *rs, uint32_t n, int depth)
{
    if (n >= rs->nnodes || depth > 264)   /* (UINT32_MAX: no node; past the nesting limit) */
        return false;
    const fr_node *nd = &rs->nodes[n];
    if (nd->op == FR_OP_MATCH) {
        const fr_regex *re = &rs->regexes[nd->b];
        fr_buf ex = { 0 };
        int beyond = regex_example(&ex, re->pattern ? re->pattern : "", re->flags);
        fr_buf_free(&ex);
        return beyond != 0;
    }
    int ar = fr_op_arity((fr_op)nd->op);
    if (nd->op <= FR_OP_INPUT)
        return false;
    return (ar >= 1 && unguessable_match(rs, nd->a, depth + 1)) ||
           (ar == 2 && unguessable_match(rs, nd->b, depth + 1));
}

fr_rc fr_doc_find_example(const fr_ruleset *rs, uint32_t r, unsigned long budget, fr_doc_example *ex)
{
    return find_example(rs, r, budget, ex, 0, NULL, NULL);
}

fr_rc fr_doc_untriggered(const fr_ruleset *rs, unsigned long budget, uint32_t **rules, size_t *n)
{
    *rules = NULL;
    *n = 0;
    uint32_t *v = calloc(rs->nrules ? rs->nrules : 1, sizeof *v);
    depmap dm;
    if (!v || depmap_build(rs, &dm) < 0) {
        free(v);
        return FR_ENOMEM;
    }
    /* (every config a search evaluates marks the rules it fires: a rule
     * fired on the way to another's needs no search of its own) */
    uint8_t *fired = calloc(rs->nrules ? rs->nrules : 1, 1);
    if (!fired) {
        free(v);
        depmap_free(&dm);
        return FR_ENOMEM;
    }
    size_t k = 0;
    for (uint32_t r = 0; r < rs->nrules; r++) {
        if (fired[r])
            continue;
        fr_doc_example ex;
        fr_rc rc = find_example(rs, r, budget, &ex, 1, &dm, fired);
        if (rc != FR_OK) {
            free(v);
            free(fired);
            depmap_free(&dm);
            return rc;
        }
        if (!ex.found && !unguessable_match(rs, rs->rules[r].cond, 0) &&
            !unguessable_match(rs, rs->rules[r].req, 0))
            v[k++] = r;
        fr_doc_example_free(&ex);
    }
    free(fired);
    depmap_free(&dm);
    *rules = v;
    *n = k;
    return FR_OK;
}

/* ======================================================================
 * The page model
 * ==================================================================== */

typedef struct related {
    uint32_t rule;
    size_t   shared;     /* keys read by both rules */
    uint8_t  see;        /* named by the doc block's `see` */
    uint8_t  excl;       /* cannot fire in the same config (exclusive()) */
} related;

typedef struct page {
    uint32_t       rule;
    fr_doc_example ex;
    char          *summary;
    char          *source;       /* the rule's text, doc block elided */
    fr_loc         loc;
    rich           when;         /* the trigger condition in flag terms */
    rich           after;        /* the keys it reads after declarations (make_after), or empty */
    rich           fixtext;      /* the computed fix as a sentence (may be empty) */
    related       *rel;
    size_t         nrel;
} page;

typedef struct docctx {
    const fr_ruleset  *rs;
    const fr_doc_opts *opts;
    char             **slugs;    /* [nrules]: page name part of error rules, else NULL */
    int                oom;
    /* related errors (make_related): the error rules reading each key, in
     * rule order (CSR), and a counter per rule stamped by page */
    uint32_t          *rd_off, *rd_rules;
    uint32_t          *rel_stamp, *rel_cnt, *rel_cand;
    uint32_t           rel_gen;   /* the stamp of the last page */
    /* the keys each rule's condition (and requirement) reads, sorted,
     * unique (CSR): what related errors share; a message's placeholders
     * are no part of it (fr_rule.reads has them) */
    uint32_t          *cr_off, *cr_keys;
    depmap             dep;       /* for the example searches, built once */
} docctx;

static int is_error_rule(const fr_ruleset *rs, uint32_t r)
{
    return rs->rules[r].kind == FR_RULE_ERROR || rs->rules[r].kind == FR_RULE_REQUIRE;
}

/* ---- names ------------------------------------------------------------------- */

/* The page name part of every error rule: the rule name with characters
 * outside [A-Za-z0-9_.-] replaced by _, made unique (and never "errors",
 * the index) by a -N suffix. */
#define SLUG_MAX 200   /* bytes of a page name part (make_slugs) */

static int make_slugs(docctx *d)
{
    const fr_ruleset *rs = d->rs;
    d->slugs = calloc(rs->nrules ? rs->nrules : 1, sizeof *d->slugs);
    if (!d->slugs)
        return -1;
    /* the slugs taken so far (a set: a scan of them per rule was quadratic,
     * minutes at 100,000 rules) */
    fr_arena *a = fr_arena_new();
    fr_interner *taken = a ? fr_interner_new(a) : NULL;
    int rc = -1;
    if (!taken)
        goto out;
    for (uint32_t r = 0; r < rs->nrules; r++) {
        if (!is_error_rule(rs, r))
            continue;
        const char *name = rs->rules[r].name ? rs->rules[r].name : "rule";
        size_t n = strlen(name);
        char *base = malloc(n + 1);
        if (!base)
            goto out;
        for (size_t i = 0; i < n; i++) {
            char c = name[i];
            base[i] = (is_alnum((unsigned char)c) || c == '_' || c == '-' || (c == '.' && i > 0)) ? c : '_';
        }
        base[n] = '\0';
        if (n > SLUG_MAX) {
            /* a name too long for a file name (NAME_MAX 255 with
             * "flagrule-", a -N suffix and ".json"): its first bytes and
             * the FNV-1a hash of the whole name */
            uint32_t h = 2166136261u;
            for (size_t i = 0; i < n; i++)
                h = (h ^ (unsigned char)name[i]) * 16777619u;
            n = (size_t)snprintf(base + SLUG_MAX - 9, 10, "-%08x", h) + SLUG_MAX - 9;
        }
        char *slug = base;
        for (unsigned suffix = 2;; suffix++) {
            if (strcmp(slug, "errors") != 0 && !fr_intern_lookup(taken, slug, strlen(slug)))
                break;
            if (slug != base)
                free(slug);
            slug = malloc(n + 16);
            if (!slug) {
                free(base);
                goto out;
            }
            snprintf(slug, n + 16, "%s-%u", base, suffix);
        }
        if (slug != base)
            free(base);
        d->slugs[r] = slug;
        if (!fr_intern(taken, slug, strlen(slug)))
            goto out;
    }
    rc = 0;
out:
    fr_interner_free(&taken);
    fr_arena_free(&a);
    return rc;
}

static void free_slugs(docctx *d)
{
    if (d->slugs)
        for (uint32_t r = 0; r < d->rs->nrules; r++)
            free(d->slugs[r]);
    free(d->slugs);
    d->slugs = NULL;
}

/* The display name of a key: a flag's canonical spelling, else its name. */
static const char *key_display(const fr_ruleset *rs, uint32_t k)
{
    const fr_key *key = &rs->keys[k];
    if (key->kind == FR_KEY_FLAG && key->ncli)
        return key->cli[0];
    return key->name;
}

/* One line: newlines and tabs become spaces, runs of spaces collapse. */
static void one_line(fr_buf *b, const char *s, size_t len)
{
    int space = 0;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (c == '\n' || c == '\t' || c == '\r' || c == ' ') {
            space = b->len > 0;
            continue;
        }
        if (space)
            fr_buf_putc(b, ' ');
        space = 0;
        fr_buf_putc(b, c);
    }
}

static const char *rule_message(const fr_ruleset *rs, uint32_t r)
{
    const char *m = rs->rules[r].msg.source;
    return m ? m : "";
}

/* The summary: the doc block's, else the message up to the end of its first
 * sentence (at most about 100 bytes, cut at a space). */
static char *make_summary(const fr_ruleset *rs, uint32_t r, int *oom)
{
    const fr_rule *ru = &rs->rules[r];
    fr_buf b = { 0 };
    if (ru->doc && ru->doc->summary && ru->doc->summary[0]) {
        one_line(&b, ru->doc->summary, strlen(ru->doc->summary));
        return buf_take_checked(&b, oom);
    }
    const char *m = rule_message(rs, r);
    size_t n = strlen(m), end = n;
    for (size_t i = 0; i + 1 < n; i++)
        if ((m[i] == '.' || m[i] == ';') && (m[i + 1] == ' ' || m[i + 1] == '\n')) {
            end = i;
            break;
        }
    if (end > 100) {
        size_t cut = 100;
        while (cut > 40 && m[cut] != ' ')
            cut--;
        one_line(&b, m, cut);
        fr_buf_puts(&b, " ...");
    } else {
        one_line(&b, m, end);
        if (b.len && b.p[b.len - 1] == '.')
            b.p[--b.len] = '\0';
    }
    return buf_take_checked(&b, oom);
}

/* The rule's source text; a doc block is shown as "doc { ... };". */
static char *make_source(const fr_ruleset *rs, uint32_t r, int *oom)
{
    const fr_rule *ru = &rs->rules[r];
    if (!rs->sources || ru->loc.file == FR_NO_FILE)
        return NULL;
    size_t flen = 0;
    const char *text = fr_sources_text(rs->sources, ru->loc.file, &flen);
    if (!text || ru->loc.end > flen || ru->loc.start >= ru->loc.end)
        return NULL;
    size_t start = ru->loc.start, end = ru->loc.end;
    while (start < end && (text[start] == ' ' || text[start] == '\t' || text[start] == '\n' ||
                           text[start] == '\r'))
        start++;
    int cut = 0;
    if (ru->doc && ru->doc->loc.file == ru->loc.file && ru->doc->loc.start > start &&
        ru->doc->loc.start < end) {
        end = ru->doc->loc.start;
        cut = 1;
    }
    while (end > start && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[end - 1] == '\n' ||
                           text[end - 1] == '\r'))
        end--;
    fr_buf b = { 0 };
    fr_buf_put(&b, text + start, end - start);
    if (cut) {
        size_t ls = ru->doc->loc.start;
        while (ls > 0 && text[ls - 1] != '\n')
            ls--;
        fr_buf_putc(&b, '\n');
        for (size_t i = ls; i < ru->doc->loc.start; i++)
            fr_buf_putc(&b, text[i] == '\t' ? '\t' : ' ');
        fr_buf_puts(&b, "doc { ... };");
    }
    return buf_take_checked(&b, oom);
}

/* ---- the condition in flag terms ------------------------------------------------ */

enum { CTX_TOP = 0, CTX_AND, CTX_OR };

static void when_node(docctx *d, uint32_t n, int neg, int ctx, rich *r, int depth);

static void rich_buf_code(rich *r, fr_buf *b)
{
    if (b->oom)
        r->oom = 1;
    rich_code(r, b->p ? b->p : "", b->len);
    fr_buf_free(b);
}

/* Regex id as the rules write it: /pattern/ and its flags. */
static void regex_text(fr_buf *b, const fr_ruleset *rs, uint32_t id)
{
    char fl[6];
    fr_buf_putc(b, '/');
    fr_buf_puts(b, rs->regexes[id].pattern ? rs->regexes[id].pattern : "");
    fr_buf_putc(b, '/');
    fr_buf_puts(b, fr_regex_flag_text(rs->regexes[id].flags, fl));
}

/* An expression as text, keys by their display names. */
static void expr_text(docctx *d, uint32_t n, fr_buf *b, int prec, int depth)
{
    const fr_ruleset *rs = d->rs;
    const fr_node *nd = &rs->nodes[n];
    if (depth > 64) {
        fr_buf_puts(b, "...");
        return;
    }
    switch ((fr_op)nd->op) {
    case FR_OP_CONST: {
        fr_val v = rs->consts[nd->a];
        fr_type t = rs->const_types ? rs->const_types[nd->a] : fr_node_type(nd);
        if (v.is_null)
            fr_buf_puts(b, "null");
        else if (t.kind == FR_T_STRING)
            fr_pyrepr_str(b, v.s ? v.s : "", (size_t)v.i);
        else
            fr_val_text(b, rs, t, v);
        return;
    }
    case FR_OP_KEY:
        fr_buf_puts(b, key_display(rs, nd->a));
        return;
    case FR_OP_INPUT:
        fr_buf_puts(b, "given(");
        fr_buf_puts(b, key_display(rs, nd->a));
        fr_buf_putc(b, ')');
        return;
    case FR_OP_NEG: {
        /* (-(--n), not ---n: a flag's spelling starts with dashes) */
        fr_buf t = { 0 };
        expr_text(d, nd->a, &t, 3, depth + 1);
        bool paren = t.len && t.p[0] == '-';
        fr_buf_puts(b, paren ? "-(" : "-");
        fr_buf_put(b, t.p ? t.p : "", t.len);
        if (paren)
            fr_buf_putc(b, ')');
        if (t.oom)
            b->oom = 1;
        fr_buf_free(&t);
        return;
    }
    case FR_OP_ADD: case FR_OP_SUB: case FR_OP_MUL: case FR_OP_DIV: case FR_OP_MOD: {
        int p = (nd->op == FR_OP_ADD || nd->op == FR_OP_SUB) ? 1 : 2;
        if (p < prec)
            fr_buf_putc(b, '(');
        expr_text(d, nd->a, b, p, depth + 1);
        fr_buf_putc(b, ' ');
        fr_buf_puts(b, fr_op_text((fr_op)nd->op));
        fr_buf_putc(b, ' ');
        expr_text(d, nd->b, b, p + 1, depth + 1);
        if (p < prec)
            fr_buf_putc(b, ')');
        return;
    }
    case FR_OP_MATCH:   /* a bool compared with a bool: (s ~ /re/) = b */
        if (prec > 0)
            fr_buf_putc(b, '(');
        expr_text(d, nd->a, b, 1, depth + 1);
        fr_buf_puts(b, " ~ ");
        regex_text(b, rs, nd->b);
        if (prec > 0)
            fr_buf_putc(b, ')');
        return;
    default:
        fr_buf_puts(b, "...");
        return;
    }
}

static void rich_expr(docctx *d, rich *r, uint32_t n)
{
    const fr_node *nd = &d->rs->nodes[n];
    fr_buf b = { 0 };
    if (nd->op == FR_OP_INPUT) {   /* "--flag (as given)" rather than given(--flag) */
        fr_buf_puts(&b, key_display(d->rs, nd->a));
        rich_buf_code(r, &b);
        rich_text(r, " (as given)");
        return;
    }
    expr_text(d, n, &b, 0, 0);
    rich_buf_code(r, &b);
}

/* "key has value v" in flag terms. */
static void when_is(docctx *d, rich *r, uint32_t k, fr_val v, int given)
{
    const fr_ruleset *rs = d->rs;
    const fr_key *key = &rs->keys[k];
    fr_buf b = { 0 };
    if (v.is_null) {
        fr_buf_puts(&b, key_display(rs, k));
        rich_buf_code(r, &b);
        rich_text(r, key->def.is_null ? " not given (null)" : " null");
    } else if (key->type.kind == FR_T_BOOL && key->kind == FR_KEY_FLAG && !v.i && !key->def.i &&
               !key->def.is_null) {
        rich_text(r, "no ");
        fr_buf_puts(&b, key_display(rs, k));
        rich_buf_code(r, &b);
    } else {
        assign_text(rs, k, v, &b);
        rich_buf_code(r, &b);
    }
    if (given)
        rich_text(r, " (as given)");
}

static void when_keyname(docctx *d, rich *r, uint32_t k)
{
    const char *s = key_display(d->rs, k);
    rich_code(r, s, strlen(s));
}

static const char *cmp_text(fr_op op, int neg)
{
    if (neg) {
        switch (op) {
        case FR_OP_LT: op = FR_OP_GE; break;
        case FR_OP_LE: op = FR_OP_GT; break;
        case FR_OP_GT: op = FR_OP_LE; break;
        case FR_OP_GE: op = FR_OP_LT; break;
        default: break;
        }
    }
    switch (op) {
    case FR_OP_LT: return " < ";
    case FR_OP_LE: return " <= ";
    case FR_OP_GT: return " > ";
    case FR_OP_GE: return " >= ";
    default:       return " ? ";
    }
}

static int node_nullable(const fr_ruleset *rs, uint32_t n, int depth)
{
    const fr_node *nd = &rs->nodes[n];
    if (depth > 64)
        return 1;
    if (nd->op == FR_OP_KEY || nd->op == FR_OP_INPUT)
        return rs->keys[nd->a].type.nullable;
    if (nd->op == FR_OP_CONST)
        return rs->consts[nd->a].is_null;
    int ar = fr_op_arity((fr_op)nd->op);
    return (ar >= 1 && node_nullable(rs, nd->a, depth + 1)) ||
           (ar == 2 && node_nullable(rs, nd->b, depth + 1));
}

static void when_cmp(docctx *d, uint32_t n, int neg, rich *r)
{
    const fr_ruleset *rs = d->rs;
    const fr_node *nd = &rs->nodes[n];
    fr_op op = (fr_op)nd->op;
    uint32_t k;
    uint32_t keyside = nd->a, other = nd->b;
    int isk = direct_key(rs, nd->a, &k);
    if (!isk && direct_key(rs, nd->b, &k) && rs->nodes[nd->a].op == FR_OP_CONST) {
        isk = 1;
        keyside = nd->b;
        other = nd->a;
        switch (op) {   /* c < k  is  k > c */
        case FR_OP_LT: op = FR_OP_GT; break;
        case FR_OP_LE: op = FR_OP_GE; break;
        case FR_OP_GT: op = FR_OP_LT; break;
        case FR_OP_GE: op = FR_OP_LE; break;
        default: break;
        }
    }
    int given = rs->nodes[keyside].op == FR_OP_INPUT;
    if (op == FR_OP_EQ || op == FR_OP_NE) {
        int eq = (op == FR_OP_EQ) != neg;
        if (isk && rs->nodes[other].op == FR_OP_CONST) {
            fr_val c = rs->consts[rs->nodes[other].a];
            const fr_key *key = &rs->keys[k];
            if (eq) {
                when_is(d, r, k, c, given);
            } else if (key->type.kind == FR_T_BOOL && !c.is_null && !key->type.nullable) {
                fr_val nv = { !c.i, NULL, 0 };
                when_is(d, r, k, nv, given);
            } else if (c.is_null) {
                when_keyname(d, r, k);
                rich_text(r, " given (not null)");
                if (given)
                    rich_text(r, " (as given)");
            } else {
                when_keyname(d, r, k);
                rich_text(r, " other than ");
                fr_buf b = { 0 };
                if (key->type.kind == FR_T_STRING) {
                    display_quote(&b, c.s ? c.s : "", (size_t)c.i);
                } else if (key->type.kind == FR_T_ENUM) {
                    const char *ev = rs->enums[key->type.enum_id].values[c.i];
                    display_quote(&b, ev, strlen(ev));
                } else {
                    fr_val_text(&b, rs, key->type, c);
                }
                rich_buf_code(r, &b);
                if (given)
                    rich_text(r, " (as given)");
            }
            return;
        }
        rich_expr(d, r, nd->a);
        rich_text(r, eq ? " equal to " : " not equal to ");
        rich_expr(d, r, nd->b);
        return;
    }
    int flip_ok = !node_nullable(rs, nd->a, 0) && !node_nullable(rs, nd->b, 0);
    if (neg && !flip_ok)
        rich_text(r, "not (");
    rich_expr(d, r, keyside);
    rich_text(r, cmp_text(op, neg && flip_ok));
    rich_expr(d, r, other);
    if (neg && !flip_ok)
        rich_text(r, ")");
}

static void when_set(docctx *d, uint32_t n, int neg, rich *r)
{
    const fr_ruleset *rs = d->rs;
    const fr_node *nd = &rs->nodes[n];
    const fr_set *st = &rs->sets[nd->b];
    int in = (nd->op == FR_OP_IN) != neg;
    rich_expr(d, r, nd->a);
    rich_text(r, in ? " one of " : " not one of ");
    fr_type t = st->type;
    size_t shown = 0;
    if (t.kind == FR_T_ENUM) {
        const fr_enum *e = &rs->enums[t.enum_id];
        for (uint32_t i = 0, m = 0; i < e->nvalues; i++)
            if (st->bits ? st->bits[i / 64] >> (i % 64) & 1
                         : m < st->n && (uint32_t)st->vals[m].i == i && ++m) {
                if (shown++)
                    rich_text(r, ", ");
                rich_code(r, e->values[i], strlen(e->values[i]));
            }
    } else if (st->vals) {
        for (uint32_t i = 0; i < st->n; i++) {
            if (shown++)
                rich_text(r, ", ");
            fr_buf b = { 0 };
            if (t.kind == FR_T_STRING)
                fr_pyrepr_str(&b, st->vals[i].s ? st->vals[i].s : "", (size_t)st->vals[i].i);
            else
                fr_val_text(&b, rs, t, st->vals[i]);
            rich_buf_code(r, &b);
        }
    }
    if (st->has_null) {
        if (shown++)
            rich_text(r, ", ");
        rich_code(r, "null", 4);
    }
}

static void when_node(docctx *d, uint32_t n, int neg, int ctx, rich *r, int depth)
{
    const fr_ruleset *rs = d->rs;
    const fr_node *nd = &rs->nodes[n];
    if (depth > 128) {
        rich_text(r, "...");
        return;
    }
    switch ((fr_op)nd->op) {
    case FR_OP_AND:
    case FR_OP_OR: {
        int is_and = (nd->op == FR_OP_AND) != neg;
        int paren = (!is_and && ctx == CTX_AND) || (is_and && ctx == CTX_OR);
        if (paren)
            rich_text(r, "(");
        when_node(d, nd->a, neg, is_and ? CTX_AND : CTX_OR, r, depth + 1);
        rich_text(r, is_and ? " and " : " or ");
        when_node(d, nd->b, neg, is_and ? CTX_AND : CTX_OR, r, depth + 1);
        if (paren)
            rich_text(r, ")");
        return;
    }
    case FR_OP_NOT:
        when_node(d, nd->a, !neg, ctx, r, depth + 1);
        return;
    case FR_OP_KEY:
    case FR_OP_INPUT: {
        fr_val v = { !neg, NULL, 0 };
        when_is(d, r, nd->a, v, nd->op == FR_OP_INPUT);
        return;
    }
    case FR_OP_CONST: {
        fr_val v = rs->consts[nd->a];
        rich_text(r, (!v.is_null && v.i) != neg ? "always" : "never");
        return;
    }
    case FR_OP_EQ: case FR_OP_NE: case FR_OP_LT: case FR_OP_LE: case FR_OP_GT: case FR_OP_GE:
        when_cmp(d, n, neg, r);
        return;
    case FR_OP_IN:
    case FR_OP_NOTIN:
        when_set(d, n, neg, r);
        return;
    case FR_OP_MATCH: {
        rich_expr(d, r, nd->a);
        rich_text(r, neg ? " does not match " : " matches ");
        fr_buf b = { 0 };
        regex_text(&b, rs, nd->b);
        rich_buf_code(r, &b);
        return;
    }
    default:
        rich_expr(d, r, n);
        return;
    }
}

/* The keys that node n reads resolved and that a declare rule may set,
 * each once, in order of reading, into l (at most max). */
static void declared_reads(const fr_ruleset *rs, uint32_t n, uint32_t *l, size_t *nl, size_t max, int depth)
{
    const fr_node *nd = &rs->nodes[n];
    if (depth > 200)
        return;
    if (nd->op == FR_OP_KEY) {
        if (!rs->keys[nd->a].ndeclarers)
            return;
        for (size_t i = 0; i < *nl; i++)
            if (l[i] == nd->a)
                return;
        if (*nl < max)
            l[(*nl)++] = nd->a;
        return;
    }
    if (nd->op <= FR_OP_INPUT)
        return;
    declared_reads(rs, nd->a, l, nl, max, depth + 1);
    if (fr_op_arity((fr_op)nd->op) == 2)
        declared_reads(rs, nd->b, l, nl, max, depth + 1);
}

static void make_when(docctx *d, uint32_t r, rich *out)
{
    const fr_rule *ru = &d->rs->rules[r];
    if (ru->kind == FR_RULE_REQUIRE) {
        when_node(d, ru->cond, 0, CTX_AND, out, 0);
        rich_text(out, " and ");
        when_node(d, ru->req, 1, CTX_AND, out, 0);
    } else {
        when_node(d, ru->cond, 0, CTX_TOP, out, 0);
    }
}

/* The keys rule r's condition reads resolved that a declare rule may set
 * (at most 8, in order of reading): *n of them into keys.  The trigger
 * reads them after the declarations, which the page says, or it would read
 * as if the flags given decided (an `auto` a rule turns into another
 * value, a key a rule sets from another one). */
static void after_keys(const fr_ruleset *rs, uint32_t r, uint32_t keys[8], size_t *n)
{
    const fr_rule *ru = &rs->rules[r];
    *n = 0;
    declared_reads(rs, ru->cond, keys, n, 8, 0);
    if (ru->kind == FR_RULE_REQUIRE)
        declared_reads(rs, ru->req, keys, n, 8, 0);
}

/* "Read after the rules' declarations: `--x` (set by `r1`, `r2`), ..." */
static void make_after(docctx *d, uint32_t r, rich *out)
{
    const fr_ruleset *rs = d->rs;
    uint32_t keys[8];
    size_t nk;
    after_keys(rs, r, keys, &nk);
    for (size_t i = 0; i < nk; i++) {
        const fr_key *key = &rs->keys[keys[i]];
        rich_text(out, i == 0 ? "Read after the rules' declarations: " : ", ");
        when_keyname(d, out, keys[i]);
        rich_text(out, " (set by ");
        for (uint32_t j = 0; j < key->ndeclarers && j < 3; j++) {
            if (j)
                rich_text(out, ", ");
            const char *name = rs->rules[key->declarers[j]].name;
            rich_code(out, name, strlen(name));
        }
        if (key->ndeclarers > 3)
            rich_text(out, ", ...");
        rich_text(out, ")");
    }
}

/* The fix as a sentence: "Change `a` to `b` and add `c`." */
static void make_fixtext(const fr_doc_example *ex, rich *r)
{
    if (!ex->fix)
        return;
    for (size_t i = 0; i < ex->nchanges; i++) {
        const fr_doc_change *c = &ex->changes[i];
        if (i)
            rich_text(r, i + 1 == ex->nchanges ? " and " : ", ");
        if (c->kind == FR_DOC_DROP) {
            rich_text(r, i ? "remove " : "Remove ");
            rich_code(r, c->from, strlen(c->from));
        } else if (c->from) {
            rich_text(r, i ? "change " : "Change ");
            rich_code(r, c->from, strlen(c->from));
            rich_text(r, " to ");
            rich_code(r, c->to, strlen(c->to));
        } else {
            rich_text(r, i ? "add " : "Add ");
            rich_code(r, c->to, strlen(c->to));
        }
    }
    rich_text(r, " (the fix in EXAMPLE, checked by flagrule).");
}

/* ---- related errors ---------------------------------------------------------------- */

#define MAX_RELATED 8

static void cond_reads_walk(const fr_ruleset *rs, uint32_t n, uint32_t *out, uint32_t *nout, uint32_t cap,
                            int depth)
{
    const fr_node *nd = &rs->nodes[n];
    if (depth > 512)   /* (the compiler's nesting limit is below) */
        return;
    if (nd->op == FR_OP_KEY || nd->op == FR_OP_INPUT) {
        if (*nout < cap)
            out[(*nout)++] = nd->a;
        return;
    }
    int ar = fr_op_arity((fr_op)nd->op);
    if (ar >= 1)
        cond_reads_walk(rs, nd->a, out, nout, cap, depth + 1);
    if (ar == 2)
        cond_reads_walk(rs, nd->b, out, nout, cap, depth + 1);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* d->cr_off, d->cr_keys: every rule's condition keys.  (A condition reads
 * at most as many keys as it has nodes; fr_rule.reads, its message's
 * placeholders included, bounds them too.) */
static int cond_reads_index(docctx *d)
{
    const fr_ruleset *rs = d->rs;
    uint32_t nr = rs->nrules;
    size_t tot = 0;
    for (uint32_t r = 0; r < nr; r++)
        tot += rs->rules[r].nreads;
    d->cr_off = calloc((size_t)nr + 1, sizeof *d->cr_off);
    d->cr_keys = malloc((tot ? tot : 1) * sizeof *d->cr_keys);
    if (!d->cr_off || !d->cr_keys)
        return -1;
    uint32_t at = 0;
    for (uint32_t r = 0; r < nr; r++) {
        const fr_rule *ru = &rs->rules[r];
        uint32_t *out = d->cr_keys + at, n = 0, cap = ru->nreads;
        cond_reads_walk(rs, ru->cond, out, &n, cap, 0);
        if (ru->kind == FR_RULE_REQUIRE)
            cond_reads_walk(rs, ru->req, out, &n, cap, 0);
        if (n > 1)
            qsort(out, n, sizeof *out, cmp_u32);
        uint32_t u = 0;
        for (uint32_t i = 0; i < n; i++)
            if (!u || out[u - 1] != out[i])
                out[u++] = out[i];
        at += u;
        d->cr_off[r + 1] = at;
    }
    return 0;
}

#define CR_N(d, r) ((d)->cr_off[(r) + 1] - (d)->cr_off[(r)])
#define CR_K(d, r) ((d)->cr_keys + (d)->cr_off[(r)])

static size_t shared_reads(const docctx *d, uint32_t ra, uint32_t rb)
{
    size_t i = 0, j = 0, n = 0;
    const uint32_t *a = CR_K(d, ra), *b = CR_K(d, rb);
    size_t na = CR_N(d, ra), nb = CR_N(d, rb);
    while (i < na && j < nb) {
        if (a[i] == b[j]) {
            n++;
            i++;
            j++;
        } else if (a[i] < b[j]) {
            i++;
        } else {
            j++;
        }
    }
    return n;
}

/* The top-level conjuncts of node n that fix a key to a constant (`k = c`,
 * either side; a key's resolved and input reads apart), at most max:
 * their count. */
typedef struct keq {
    uint32_t leaf;   /* the key's leaf op (FR_OP_KEY or FR_OP_INPUT) */
    uint32_t key;
    fr_val   v;
} keq;

static size_t conj_eqs(const fr_ruleset *rs, uint32_t n, keq *out, size_t at, size_t max, int depth)
{
    const fr_node *nd = &rs->nodes[n];
    if (depth > 64 || at >= max)
        return at;
    if (nd->op == FR_OP_AND) {
        at = conj_eqs(rs, nd->a, out, at, max, depth + 1);
        return conj_eqs(rs, nd->b, out, at, max, depth + 1);
    }
    if (nd->op != FR_OP_EQ)
        return at;
    const fr_node *x = &rs->nodes[nd->a], *y = &rs->nodes[nd->b];
    if (x->op == FR_OP_CONST) {
        const fr_node *t = x;
        x = y;
        y = t;
    }
    if ((x->op != FR_OP_KEY && x->op != FR_OP_INPUT) || y->op != FR_OP_CONST || rs->consts[y->a].is_null)
        return at;
    out[at].leaf = x->op;
    out[at].key = x->a;
    out[at].v = rs->consts[y->a];
    return at + 1;
}

/* Whether rules a and b cannot fire in one config: a conjunct of each
 * fixes one key to different values (`backend = pplx`, `backend = mori`). */
static int exclusive_eqs(const fr_ruleset *rs, const keq *ea, size_t na, uint32_t b)
{
    keq eb[16];
    size_t nb = na ? conj_eqs(rs, rs->rules[b].cond, eb, 0, 16, 0) : 0;
    for (size_t i = 0; i < na; i++)
        for (size_t j = 0; j < nb; j++)
            if (ea[i].leaf == eb[j].leaf && ea[i].key == eb[j].key &&
                !fr_val_eq(rs->keys[ea[i].key].type, ea[i].v, eb[j].v))
                return 1;
    return 0;
}

static int exclusive(const fr_ruleset *rs, uint32_t a, uint32_t b)
{
    keq ea[16];
    size_t na = conj_eqs(rs, rs->rules[a].cond, ea, 0, 16, 0);
    return exclusive_eqs(rs, ea, na, b);
}

/* At most this many (rule, key) pairs are visited to find one page's
 * related errors: all of them for rule sets of the usual size; past it the
 * candidates are the rules met first (keys in the page rule's order, rules
 * in rule order), so that a rule set whose every rule reads one key costs
 * O(rules), not O(rules^2), for its pages (it was 8 s and 2.4 GB at 10,000
 * rules on one key). */
#define RELATED_VISITS 1024u

static int related_index(docctx *d)
{
    const fr_ruleset *rs = d->rs;
    uint32_t nk = rs->nkeys, nr = rs->nrules;
    d->rd_off = calloc((size_t)nk + 1, sizeof *d->rd_off);
    d->rel_stamp = calloc(nr ? nr : 1, sizeof *d->rel_stamp);
    d->rel_cnt = calloc(nr ? nr : 1, sizeof *d->rel_cnt);
    d->rel_cand = malloc((nr ? nr : 1) * sizeof *d->rel_cand);
    if (!d->rd_off || !d->rel_stamp || !d->rel_cnt || !d->rel_cand || cond_reads_index(d) < 0)
        return -1;
    size_t tot = 0;
    for (uint32_t o = 0; o < nr; o++)
        if (is_error_rule(rs, o))
            for (uint32_t i = 0; i < CR_N(d, o); i++) {
                d->rd_off[CR_K(d, o)[i] + 1]++;
                tot++;
            }
    for (uint32_t k = 0; k < nk; k++)
        d->rd_off[k + 1] += d->rd_off[k];
    d->rd_rules = malloc((tot ? tot : 1) * sizeof *d->rd_rules);
    uint32_t *at = malloc(((size_t)nk + 1) * sizeof *at);
    if (!d->rd_rules || !at) {
        free(at);
        return -1;
    }
    memcpy(at, d->rd_off, ((size_t)nk + 1) * sizeof *at);
    for (uint32_t o = 0; o < nr; o++)
        if (is_error_rule(rs, o))
            for (uint32_t i = 0; i < CR_N(d, o); i++)
                d->rd_rules[at[CR_K(d, o)[i]]++] = o;
    free(at);
    return 0;
}

static void related_free(docctx *d)
{
    free(d->rd_off);
    free(d->rd_rules);
    free(d->rel_stamp);
    free(d->rel_cnt);
    free(d->rel_cand);
    free(d->cr_off);
    free(d->cr_keys);
}

static int make_related(docctx *d, page *pg)
{
    const fr_ruleset *rs = d->rs;
    const fr_rule *ru = &rs->rules[pg->rule];
    size_t cap = MAX_RELATED + 1 + (ru->doc ? ru->doc->nsee : 0);
    pg->rel = calloc(cap, sizeof *pg->rel);
    if (!pg->rel)
        return -1;
    if (!d->rd_off && related_index(d) < 0)
        return -1;
    /* every other error rule that shares a key: first those that can fire
     * in the same config, then most shared first (stable: rule order
     * among equals), cut to MAX_RELATED.  The rules sharing a key are
     * counted from the key -> rules lists (the count is shared_reads) */
    uint32_t stamp = ++d->rel_gen, nc = 0;
    size_t visits = 0;
    for (uint32_t i = 0; i < CR_N(d, pg->rule) && visits < RELATED_VISITS; i++) {
        uint32_t k = CR_K(d, pg->rule)[i];
        for (uint32_t q = d->rd_off[k]; q < d->rd_off[k + 1] && visits < RELATED_VISITS; q++, visits++) {
            uint32_t o = d->rd_rules[q];
            if (o == pg->rule)
                continue;
            if (d->rel_stamp[o] != stamp) {
                d->rel_stamp[o] = stamp;
                d->rel_cnt[o] = 0;
                d->rel_cand[nc++] = o;
            }
            d->rel_cnt[o]++;
        }
    }
    if (visits >= RELATED_VISITS)   /* (cut: the counts of the rules met) */
        for (uint32_t c = 0; c < nc; c++)
            d->rel_cnt[d->rel_cand[c]] = (uint32_t)shared_reads(d, pg->rule, d->rel_cand[c]);
    /* the best MAX_RELATED kept in order (rule order breaks ties, so the
     * candidates may come in any order) */
    keq ea[16];
    size_t na = conj_eqs(rs, ru->cond, ea, 0, 16, 0);
    for (uint32_t c = 0; c < nc; c++) {
        uint32_t o = d->rel_cand[c];
        size_t sh = d->rel_cnt[o];
        uint8_t ex = (uint8_t)exclusive_eqs(rs, ea, na, o);
        size_t pos = pg->nrel;
        while (pos > 0 && (pg->rel[pos - 1].excl > ex ||
                           (pg->rel[pos - 1].excl == ex && (pg->rel[pos - 1].shared < sh ||
                                                            (pg->rel[pos - 1].shared == sh &&
                                                             pg->rel[pos - 1].rule > o))))) {
            if (pos < MAX_RELATED)
                pg->rel[pos] = pg->rel[pos - 1];
            pos--;
        }
        if (pos >= MAX_RELATED)
            continue;   /* (after the MAX_RELATED best so far: never shown) */
        pg->rel[pos].rule = o;
        pg->rel[pos].shared = sh;
        pg->rel[pos].excl = ex;
        pg->rel[pos].see = 0;
        if (pg->nrel < MAX_RELATED)
            pg->nrel++;
    }
    if (ru->doc)
        for (uint32_t i = 0; i < ru->doc->nsee; i++) {
            uint32_t o = ru->doc->see[i];
            int dup = o == pg->rule;
            for (size_t j = 0; j < pg->nrel && !dup; j++)
                if (pg->rel[j].rule == o) {
                    pg->rel[j].see = 1;   /* (listed already: named by the doc block too) */
                    dup = 1;
                }
            if (dup || o >= rs->nrules)
                continue;
            pg->rel[pg->nrel].rule = o;
            pg->rel[pg->nrel].shared = shared_reads(d, pg->rule, o);
            pg->rel[pg->nrel].see = 1;
            pg->rel[pg->nrel].excl = (uint8_t)exclusive(rs, pg->rule, o);
            pg->nrel++;
        }
    return 0;
}

/* The keys two rules both read, as display names "`a`, `b`". */
static void shared_list(docctx *d, uint32_t ra, uint32_t rb, rich *r, size_t max)
{
    size_t i = 0, j = 0, n = 0;
    const uint32_t *a = CR_K(d, ra), *b = CR_K(d, rb);
    size_t na = CR_N(d, ra), nb = CR_N(d, rb);
    while (i < na && j < nb) {
        if (a[i] == b[j]) {
            if (n < max) {
                if (n)
                    rich_text(r, ", ");
                when_keyname(d, r, a[i]);
            } else if (n == max) {
                rich_text(r, ", ...");
            }
            n++;
            i++;
            j++;
        } else if (a[i] < b[j]) {
            i++;
        } else {
            j++;
        }
    }
}

static const char *kind_word(const fr_ruleset *rs, uint32_t r)
{
    switch (rs->rules[r].kind) {
    case FR_RULE_ERROR:   return "error";
    case FR_RULE_REQUIRE: return "require";
    case FR_RULE_WARN:    return "warn";
    case FR_RULE_INFO:    return "info";
    default:              return "declare";
    }
}

static void page_free(page *pg)
{
    fr_doc_example_free(&pg->ex);
    free(pg->summary);
    free(pg->source);
    rich_free(&pg->when);
    rich_free(&pg->after);
    rich_free(&pg->fixtext);
    free(pg->rel);
    memset(pg, 0, sizeof *pg);
}

/* The page of rule r, with its example *ex (taken: *ex is left empty). */
static fr_rc page_build(docctx *d, uint32_t r, fr_doc_example *ex, page *pg)
{
    const fr_ruleset *rs = d->rs;
    memset(pg, 0, sizeof *pg);
    pg->rule = r;
    pg->ex = *ex;
    memset(ex, 0, sizeof *ex);
    int oom = 0;
    pg->summary = make_summary(rs, r, &oom);
    pg->source = make_source(rs, r, &oom);
    if (rs->sources && rs->rules[r].loc.file != FR_NO_FILE)
        pg->loc = fr_sources_loc(rs->sources, rs->rules[r].loc);
    else
        memset(&pg->loc, 0, sizeof pg->loc);
    make_when(d, r, &pg->when);
    make_after(d, r, &pg->after);
    make_fixtext(&pg->ex, &pg->fixtext);
    if (oom || rich_bad(&pg->when) || rich_bad(&pg->after) || rich_bad(&pg->fixtext) || make_related(d, pg) < 0) {
        page_free(pg);
        return FR_ENOMEM;
    }
    return FR_OK;
}

/* ======================================================================
 * Rendering
 * ==================================================================== */

/* Printable ASCII only (for roff comments and titles). */
static void ascii_only(fr_buf *b, const char *s)
{
    for (; s && *s; s++)
        fr_buf_putc(b, (*s >= 0x20 && *s < 0x7f) ? *s : '?');
}

/* Text for an HTML comment (Markdown is UTF-8): printable ASCII and valid
 * UTF-8 sequences, no "--" and no ">". */
static void comment_text(fr_buf *b, const char *s)
{
    while (s && *s) {
        unsigned char u = (unsigned char)*s;
        if (u >= 0x80) {
            uint32_t cp;
            size_t n = u8dec((const unsigned char *)s, strlen(s), &cp);
            if (n && cp >= 0xa0) {   /* (not a C1 control) */
                fr_buf_put(b, s, n);
                s += n;
                continue;
            }
        }
        char c = (u >= 0x20 && u < 0x7f) ? *s : '?';
        if (c == '>' || (c == '-' && s[1] == '-'))
            c = '_';
        fr_buf_putc(b, c);
        s++;
    }
}

static const char *rule_file(const page *pg)
{
    return pg->loc.file ? pg->loc.file : "(unknown file)";
}

static void roff_s(fr_buf *b, const char *s, bool literal)
{
    if (s)
        fr_roff_text(b, s, strlen(s), literal);
}

/* "flagrule-SLUG" as roff text (hyphens as \-). */
static void roff_page_name(fr_buf *b, const char *slug)
{
    fr_buf_puts(b, "flagrule\\-");
    roff_s(b, slug, true);
}

static void man_header(docctx *d, fr_buf *b, const char *comment, const char *slug)
{
    fr_buf_puts(b, ".\\\" " FR_DOC_MARKER);
    if (comment) {
        fr_buf_puts(b, " from ");
        ascii_only(b, comment);
    }
    fr_buf_puts(b, "; do not edit\n.TH FLAGRULE\\-");
    for (const char *p = slug; *p; p++) {
        char c = *p;
        if (c >= 'a' && c <= 'z')
            c = (char)(c - 'a' + 'A');
        if (c == '-')
            fr_buf_puts(b, "\\-");
        else
            fr_buf_putc(b, c);
    }
    fr_buf_puts(b, " 7 ");
    ascii_only(b, d->opts->date ? d->opts->date : "1970-01-01");
    fr_buf_puts(b, " \"flagrule");
    if (d->opts->version) {
        fr_buf_putc(b, ' ');
        for (const char *p = d->opts->version; *p; p++)
            if (*p > 0x20 && *p < 0x7f && *p != '"' && *p != '\\')
                fr_buf_putc(b, *p);
    }
    /* no hyphenation (groff's man macros re-enable it unless HY is 0), ragged right */
    fr_buf_puts(b, "\" \"flagrule errors\"\n.nr HY 0\n.nh\n.ad l\n");
}

/* index: the index's own (which does not name itself) */
static void man_see_also(fr_buf *b, int index)
{
    fr_buf_puts(b, index ? ".SH SEE ALSO\n.BR flagrule (1),\n.BR flagrule\\-rules (5)\n"
                         : ".SH SEE ALSO\n.BR flagrule (1),\n.BR flagrule\\-rules (5),\n.BR flagrule\\-errors (7)\n");
}

static void man_rule_ref(docctx *d, fr_buf *b, uint32_t o)
{
    if (d->slugs[o]) {
        fr_buf_puts(b, ".BR ");
        roff_page_name(b, d->slugs[o]);
        fr_buf_puts(b, " (7)\n");
    } else {
        fr_buf_puts(b, "\\fB");
        roff_s(b, d->rs->rules[o].name, true);
        fr_buf_puts(b, "\\fR\n");
    }
}

static void man_example(docctx *d, const page *pg, fr_buf *b)
{
    const fr_ruleset *rs = d->rs;
    const fr_doc_example *ex = &pg->ex;
    const char *name = rs->rules[pg->rule].name;
    fr_buf_puts(b, ".SH EXAMPLE\n");
    if (!ex->found) {
        fr_buf_printf(b, "flagrule found no launch line that triggers this error\n"
                         "(%lu configs were evaluated)%s.\n", ex->evaluations,
                      ex->unshowable ? "; values that a line cannot show (a control character,\n"
                                       "invalid UTF-8) were left out" : "");
        return;
    }
    fr_buf_puts(b, ex->fix ? "A launch line that fails with this error, and the same line corrected:\n"
                           : "A launch line that fails with this error:\n");
    fr_buf_puts(b, ".PP\n.EX\n");
    fr_buf_puts(b, ex->trigger[0] ? "# before\n" : "# before (no flags: the defaults)\n");
    fr_roff_text(b, ex->trigger, strlen(ex->trigger), true);
    fr_buf_putc(b, '\n');
    if (ex->fix) {
        fr_buf_puts(b, ex->fix[0] ? "# after\n" : "# after (no flags: the defaults)\n");
        fr_roff_text(b, ex->fix, strlen(ex->fix), true);
        fr_buf_putc(b, '\n');
    }
    fr_buf_puts(b, ".EE\n.PP\n");
    fr_buf_puts(b, "flagrule evaluated ");
    fr_buf_puts(b, ex->fix ? "both lines" : "the line");
    fr_buf_puts(b, ex->fix ? " before writing this page:\nthe first fails with \\fB"
                           : " before writing this page:\nit fails with \\fB");
    roff_s(b, name, true);
    fr_buf_puts(b, "\\fR");
    if (ex->fix)
        fr_buf_puts(b, ",\nthe second passes");
    fr_buf_puts(b, ".\nTo check ");
    fr_buf_puts(b, ex->fix ? "them" : "it");
    fr_buf_puts(b, " again, give a line to\n.BR \"flagrule check \\-\\-no\\-env \\-\\-\" .\n");
    if (!ex->alone) {
        fr_buf_puts(b, ex->fix ? ".PP\nThe first line also fails with:\n" : ".PP\nThe line also fails with:\n");
        size_t n = 0;
        for (size_t i = 0; i < ex->nerrors; i++) {
            if (ex->errors[i] == pg->rule)
                continue;
            if (n++)
                fr_buf_puts(b, ",\n");
            if (d->slugs[ex->errors[i]]) {
                fr_buf_puts(b, "\\fB");
                roff_page_name(b, d->slugs[ex->errors[i]]);
                fr_buf_puts(b, "\\fR(7)");
            } else {
                fr_buf_puts(b, "\\fB");
                roff_s(b, rs->rules[ex->errors[i]].name, true);
                fr_buf_puts(b, "\\fR");
            }
        }
        fr_buf_puts(b, n ? "\n(no line with fewer changes fails with this error alone).\n" : "\n");
    }
    if (!ex->fix)
        fr_buf_puts(b, ".PP\nflagrule found no change of up to three flags to this line\n"
                       "after which no error is reported.\n");
}

static void render_man(docctx *d, const page *pg, fr_buf *b)
{
    const fr_ruleset *rs = d->rs;
    const fr_rule *ru = &rs->rules[pg->rule];
    const fr_doc *doc = ru->doc;
    const char *slug = d->slugs[pg->rule];
    fr_buf cm = { 0 };
    fr_buf_puts(&cm, rule_file(pg));
    fr_buf_puts(&cm, " (rule ");
    fr_buf_puts(&cm, ru->name);
    fr_buf_putc(&cm, ')');
    man_header(d, b, cm.p ? cm.p : "", slug);
    if (cm.oom)
        b->oom = 1;
    fr_buf_free(&cm);

    fr_buf_puts(b, ".SH NAME\n");
    roff_page_name(b, slug);
    fr_buf_puts(b, " \\- ");
    roff_s(b, pg->summary, false);
    fr_buf_puts(b, "\n.SH MESSAGE\n.RS 4\n");
    const char *msg = rule_message(rs, pg->rule);
    if (msg[0]) {
        fr_roff_text(b, msg, strlen(msg), false);
        fr_buf_putc(b, '\n');
    } else {
        fr_buf_puts(b, "(empty)\n");
    }
    fr_buf_puts(b, ".RE\n");
    if (strstr(msg, "{")) {
        fr_buf_puts(b, ".PP\nA placeholder in braces is replaced by the value of that key\n"
                       "(with \\fB!r\\fR: as Python\\(aqs repr shows it); see\n"
                       ".BR flagrule\\-rules (5),\nMESSAGES.\n");
    }

    fr_buf_puts(b, ".SH DESCRIPTION\n");
    if (doc && doc->means && doc->means[0]) {
        roff_s(b, doc->means, false);
        fr_buf_putc(b, '\n');
    } else {
        fr_buf_puts(b, "flagrule reports this error when\n");
        rich_man(b, &pg->when);
        fr_buf_puts(b, ".\n");
    }

    fr_buf_puts(b, ".SH SOURCE\nRule \\fB");
    roff_s(b, ru->name, true);
    fr_buf_puts(b, "\\fR\n(");
    fr_buf_puts(b, ru->kind == FR_RULE_REQUIRE ? "a \\fBrequire\\fR rule" : "an \\fBerror\\fR rule");
    fr_buf_puts(b, "),\nin \\fI");
    roff_s(b, rule_file(pg), true);
    fr_buf_printf(b, "\\fR, line %u", (unsigned)pg->loc.line);
    if (pg->source) {
        fr_buf_puts(b, ":\n.PP\n.EX\n");
        roff_s(b, pg->source, true);
        fr_buf_puts(b, "\n.EE\n");
    } else {
        fr_buf_puts(b, ".\n");
    }
    if (doc && doc->upstream) {
        fr_buf_puts(b, ".PP\nWhere the program raises it:\n");
        roff_s(b, doc->upstream, false);
        fr_buf_puts(b, "\n");
    }

    fr_buf_puts(b, ".SH SOLUTIONS\n");
    size_t ns = 0;
    if (doc)
        for (uint32_t i = 0; i < doc->nsolutions; i++) {
            fr_buf_printf(b, ".IP %zu. 4\n", ++ns);
            roff_s(b, doc->solutions[i], false);
            fr_buf_putc(b, '\n');
        }
    if (pg->fixtext.n) {
        fr_buf_printf(b, ".IP %zu. 4\n", ++ns);
        rich_man(b, &pg->fixtext);
        fr_buf_putc(b, '\n');
    }
    if (ns == 0)
        fr_buf_puts(b, pg->ex.found ? "None is documented, and flagrule found no fix; see EXAMPLE.\n"
                                    : "None is documented.\n");

    man_example(d, pg, b);

    fr_buf_puts(b, ".SH WHEN IT HAPPENS\nTrigger:\n");
    rich_man(b, &pg->when);
    fr_buf_puts(b, ".\n");
    if (pg->after.n) {
        fr_buf_puts(b, ".PP\n");
        rich_man(b, &pg->after);
        fr_buf_puts(b, ".\n");
    }
    if (doc && doc->nsituations) {
        fr_buf_puts(b, ".PP\nCommon situations:\n");
        for (uint32_t i = 0; i < doc->nsituations; i++) {
            fr_buf_puts(b, ".IP \\(bu 2\n");
            roff_s(b, doc->situations[i], false);
            fr_buf_putc(b, '\n');
        }
    }

    fr_buf_puts(b, ".SH RELATED ERRORS\n");
    if (pg->nrel == 0)
        fr_buf_puts(b, "No other error rule reads the same keys.\n");
    for (size_t i = 0; i < pg->nrel; i++) {
        uint32_t o = pg->rel[i].rule;
        fr_buf_puts(b, ".TP\n");
        man_rule_ref(d, b, o);
        if (d->slugs[o]) {
            int oom2 = 0;
            char *sum = make_summary(rs, o, &oom2);
            roff_s(b, sum, false);
            free(sum);
            if (oom2)
                b->oom = 1;
        } else {
            fr_buf_printf(b, "A \\fB%s\\fR rule", kind_word(rs, o));
            const char *m = rs->rules[o].kind != FR_RULE_DECLARE ? rule_message(rs, o) : "";
            if (m[0]) {
                fr_buf_puts(b, ":\n");
                roff_s(b, m, false);
            }
        }
        if (pg->rel[i].shared) {
            rich sh = { 0 };
            shared_list(d, pg->rule, o, &sh, 4);
            fr_buf_puts(b, "\n(shares ");
            rich_man(b, &sh);
            if (pg->rel[i].see)
                fr_buf_puts(b, ";\nnamed by the rule\\(aqs doc block");
            fr_buf_putc(b, ')');
            if (rich_bad(&sh))
                b->oom = 1;
            rich_free(&sh);
        } else if (pg->rel[i].see)
            fr_buf_puts(b, "\n(named by the rule\\(aqs doc block)");
        fr_buf_putc(b, '\n');
    }
    man_see_also(b, 0);
}

/* ---- Markdown ---------------------------------------------------------------------- */

/* Prose that starts a paragraph or item: leading whitespace dropped. */
static void md_s(fr_buf *b, const char *s)
{
    if (!s)
        return;
    while (*s == ' ' || *s == '\t' || *s == '\n')
        s++;
    fr_md_text(b, s, strlen(s));
}

static void md_rule_ref(docctx *d, fr_buf *b, uint32_t o)
{
    if (d->slugs[o]) {
        fr_buf_puts(b, "[flagrule-");
        fr_md_text(b, d->slugs[o], strlen(d->slugs[o]));
        fr_buf_puts(b, "(7)](flagrule-");
        fr_buf_puts(b, d->slugs[o]);   /* [A-Za-z0-9_.-] only */
        fr_buf_puts(b, ".md)");
    } else {
        fr_md_code(b, d->rs->rules[o].name, strlen(d->rs->rules[o].name));
    }
}

static void render_md(docctx *d, const page *pg, fr_buf *b)
{
    const fr_ruleset *rs = d->rs;
    const fr_rule *ru = &rs->rules[pg->rule];
    const fr_doc *doc = ru->doc;
    const char *slug = d->slugs[pg->rule];
    const fr_doc_example *ex = &pg->ex;

    fr_buf_puts(b, "<!-- " FR_DOC_MARKER " from ");
    comment_text(b, rule_file(pg));
    fr_buf_puts(b, " (rule ");
    comment_text(b, ru->name);
    fr_buf_puts(b, "); do not edit -->\n\n# flagrule-");
    fr_md_text(b, slug, strlen(slug));
    fr_buf_puts(b, "(7)\n\n## NAME\n\n**flagrule-");
    fr_md_text(b, slug, strlen(slug));
    fr_buf_puts(b, "** — ");
    md_s(b, pg->summary);
    fr_buf_puts(b, "\n\n## MESSAGE\n\n");
    const char *msg = rule_message(rs, pg->rule);
    fr_md_block(b, "text", msg, strlen(msg));
    if (strchr(msg, '{'))
        fr_buf_puts(b, "\nA placeholder in braces is replaced by the value of that key (with `!r`: "
                       "as Python's repr shows it); see flagrule-rules(5), MESSAGES.\n");

    fr_buf_puts(b, "\n## DESCRIPTION\n\n");
    if (doc && doc->means && doc->means[0]) {
        md_s(b, doc->means);
    } else {
        fr_buf_puts(b, "flagrule reports this error when ");
        rich_md(b, &pg->when);
        fr_buf_putc(b, '.');
    }

    fr_buf_puts(b, "\n\n## SOURCE\n\nRule ");
    fr_md_code(b, ru->name, strlen(ru->name));
    fr_buf_puts(b, ru->kind == FR_RULE_REQUIRE ? " (a `require` rule), in " : " (an `error` rule), in ");
    fr_md_code(b, rule_file(pg), strlen(rule_file(pg)));
    fr_buf_printf(b, ", line %u", (unsigned)pg->loc.line);
    if (pg->source) {
        fr_buf_puts(b, ":\n\n");
        fr_md_block(b, NULL, pg->source, strlen(pg->source));
    } else {
        fr_buf_puts(b, ".\n");
    }
    if (doc && doc->upstream) {
        fr_buf_puts(b, "\nWhere the program raises it: ");
        md_s(b, doc->upstream);
        fr_buf_puts(b, "\n");
    }

    fr_buf_puts(b, "\n## SOLUTIONS\n\n");
    size_t ns = 0;
    if (doc)
        for (uint32_t i = 0; i < doc->nsolutions; i++) {
            fr_buf_printf(b, "%zu. ", ++ns);
            md_s(b, doc->solutions[i]);
            fr_buf_putc(b, '\n');
        }
    if (pg->fixtext.n) {
        fr_buf_printf(b, "%zu. ", ++ns);
        rich_md(b, &pg->fixtext);
        fr_buf_putc(b, '\n');
    }
    if (ns == 0)
        fr_buf_puts(b, ex->found ? "None is documented, and flagrule found no fix; see EXAMPLE.\n"
                                 : "None is documented.\n");

    fr_buf_puts(b, "\n## EXAMPLE\n\n");
    if (!ex->found) {
        fr_buf_printf(b, "flagrule found no launch line that triggers this error "
                         "(%lu configs were evaluated)%s.\n", ex->evaluations,
                      ex->unshowable ? "; values that a line cannot show (a control character, "
                                       "invalid UTF-8) were left out" : "");
    } else {
        fr_buf_puts(b, ex->fix ? "A launch line that fails with this error, and the same line corrected:\n\n"
                               : "A launch line that fails with this error:\n\n");
        fr_buf blk = { 0 };
        fr_buf_puts(&blk, ex->trigger[0] ? "# before\n" : "# before (no flags: the defaults)\n");
        fr_buf_puts(&blk, ex->trigger);
        fr_buf_putc(&blk, '\n');
        if (ex->fix) {
            fr_buf_puts(&blk, ex->fix[0] ? "# after\n" : "# after (no flags: the defaults)\n");
            fr_buf_puts(&blk, ex->fix);
            fr_buf_putc(&blk, '\n');
        }
        if (blk.oom)
            b->oom = 1;
        fr_md_block(b, "sh", blk.p ? blk.p : "", blk.len);
        fr_buf_free(&blk);
        fr_buf_puts(b, "\nflagrule evaluated ");
        fr_buf_puts(b, ex->fix ? "both lines" : "the line");
        fr_buf_puts(b, ex->fix ? " before writing this page: the first fails with "
                               : " before writing this page: it fails with ");
        fr_md_code(b, ru->name, strlen(ru->name));
        if (ex->fix)
            fr_buf_puts(b, ", the second passes");
        fr_buf_puts(b, ". To check ");
        fr_buf_puts(b, ex->fix ? "them" : "it");
        fr_buf_puts(b, " again, give a line to `flagrule check --no-env --`.\n");
        if (!ex->alone) {
            fr_buf_puts(b, ex->fix ? "\nThe first line also fails with " : "\nThe line also fails with ");
            size_t n = 0;
            for (size_t i = 0; i < ex->nerrors; i++) {
                if (ex->errors[i] == pg->rule)
                    continue;
                if (n++)
                    fr_buf_puts(b, ", ");
                md_rule_ref(d, b, ex->errors[i]);
            }
            fr_buf_puts(b, " (no line with fewer changes fails with this error alone).\n");
        }
        if (!ex->fix)
            fr_buf_puts(b, "\nflagrule found no change of up to three flags to this line after which "
                           "no error is reported.\n");
    }

    fr_buf_puts(b, "\n## WHEN IT HAPPENS\n\nTrigger: ");
    rich_md(b, &pg->when);
    fr_buf_puts(b, ".\n");
    if (pg->after.n) {
        fr_buf_putc(b, '\n');
        rich_md(b, &pg->after);
        fr_buf_puts(b, ".\n");
    }
    if (doc && doc->nsituations) {
        fr_buf_puts(b, "\nCommon situations:\n\n");
        for (uint32_t i = 0; i < doc->nsituations; i++) {
            fr_buf_puts(b, "- ");
            md_s(b, doc->situations[i]);
            fr_buf_putc(b, '\n');
        }
    }

    fr_buf_puts(b, "\n## RELATED ERRORS\n\n");
    if (pg->nrel == 0)
        fr_buf_puts(b, "No other error rule reads the same keys.\n");
    for (size_t i = 0; i < pg->nrel; i++) {
        uint32_t o = pg->rel[i].rule;
        fr_buf_puts(b, "- ");
        md_rule_ref(d, b, o);
        fr_buf_puts(b, ": ");
        if (d->slugs[o]) {
            char *sum = make_summary(rs, o, &b->oom);
            md_s(b, sum);
            free(sum);
        } else {
            fr_buf_printf(b, "a `%s` rule", kind_word(rs, o));
            const char *m = rs->rules[o].kind != FR_RULE_DECLARE ? rule_message(rs, o) : "";
            if (m[0]) {
                fr_buf_puts(b, ": ");
                md_s(b, m);
            }
        }
        if (pg->rel[i].shared) {
            rich sh = { 0 };
            shared_list(d, pg->rule, o, &sh, 4);
            fr_buf_puts(b, " (shares ");
            rich_md(b, &sh);
            if (pg->rel[i].see)
                fr_buf_puts(b, "; named by the rule's doc block");
            fr_buf_putc(b, ')');
            if (rich_bad(&sh))
                b->oom = 1;
            rich_free(&sh);
        } else if (pg->rel[i].see)
            fr_buf_puts(b, " (named by the rule's doc block)");
        fr_buf_putc(b, '\n');
    }
    fr_buf_puts(b, "\n## SEE ALSO\n\nflagrule(1), flagrule-rules(5), [flagrule-errors(7)](flagrule-errors.md)\n");
}

/* ---- JSON ------------------------------------------------------------------------------ */

static void json_words(fr_buf *b, char **w, size_t n)
{
    fr_buf_putc(b, '[');
    for (size_t i = 0; i < n; i++) {
        if (i)
            fr_buf_puts(b, ", ");
        json_cstr(b, w[i]);
    }
    fr_buf_putc(b, ']');
}

static void json_rich(fr_buf *b, const rich *r)
{
    fr_buf t = { 0 };
    rich_plain(&t, r);
    if (t.oom)
        b->oom = 1;
    fr_json_str(b, t.p ? t.p : "", t.len);
    fr_buf_free(&t);
}

static void json_page_name(fr_buf *b, const char *slug)
{
    fr_buf t = { 0 };
    fr_buf_puts(&t, "flagrule-");
    fr_buf_puts(&t, slug);
    fr_buf_puts(&t, "(7)");
    if (t.oom)
        b->oom = 1;
    json_cstr(b, t.p);
    fr_buf_free(&t);
}

static void render_json(docctx *d, const page *pg, fr_buf *b)
{
    const fr_ruleset *rs = d->rs;
    const fr_rule *ru = &rs->rules[pg->rule];
    const fr_doc *doc = ru->doc;
    const fr_doc_example *ex = &pg->ex;
    fr_buf_puts(b, "{\"generator\": \"" FR_DOC_MARKER "\", \"name\": ");
    json_cstr(b, ru->name);
    fr_buf_puts(b, ", \"page\": ");
    json_page_name(b, d->slugs[pg->rule]);
    fr_buf_puts(b, ", \"kind\": ");
    json_cstr(b, kind_word(rs, pg->rule));
    fr_buf_puts(b, ", \"summary\": ");
    json_cstr(b, pg->summary);
    fr_buf_puts(b, ", \"message\": ");
    json_cstr(b, rule_message(rs, pg->rule));
    fr_buf_puts(b, ", \"description\": ");
    json_cstr(b, doc && doc->means ? doc->means : NULL);
    fr_buf_puts(b, ", \"source\": {\"file\": ");
    json_cstr(b, pg->loc.file);
    fr_buf_printf(b, ", \"line\": %u, \"text\": ", (unsigned)pg->loc.line);
    json_cstr(b, pg->source);
    fr_buf_puts(b, "}, \"upstream\": ");
    json_cstr(b, doc ? doc->upstream : NULL);
    fr_buf_puts(b, ", \"solutions\": [");
    size_t ns = 0;
    if (doc)
        for (uint32_t i = 0; i < doc->nsolutions; i++) {
            if (ns++)
                fr_buf_puts(b, ", ");
            json_cstr(b, doc->solutions[i]);
        }
    if (pg->fixtext.n) {
        if (ns++)
            fr_buf_puts(b, ", ");
        json_rich(b, &pg->fixtext);
    }
    fr_buf_puts(b, "], \"example\": ");
    if (!ex->found) {
        fr_buf_puts(b, "null");
    } else {
        fr_buf_puts(b, "{\"trigger\": ");
        json_cstr(b, ex->trigger);
        fr_buf_puts(b, ", \"trigger_words\": ");
        json_words(b, ex->trigger_words, ex->ntrigger_words);
        fr_buf_puts(b, ", \"trigger_errors\": [");
        for (size_t i = 0; i < ex->nerrors; i++) {
            if (i)
                fr_buf_puts(b, ", ");
            json_cstr(b, rs->rules[ex->errors[i]].name);
        }
        fr_buf_puts(b, "], \"fix\": ");
        json_cstr(b, ex->fix);
        fr_buf_puts(b, ", \"fix_words\": ");
        if (ex->fix)
            json_words(b, ex->fix_words, ex->nfix_words);
        else
            fr_buf_puts(b, "null");
        fr_buf_puts(b, ", \"changes\": [");
        for (size_t i = 0; i < ex->nchanges; i++) {
            const fr_doc_change *c = &ex->changes[i];
            if (i)
                fr_buf_puts(b, ", ");
            fr_buf_puts(b, "{\"key\": ");
            json_cstr(b, rs->keys[c->key].name);
            fr_buf_puts(b, ", \"action\": ");
            json_cstr(b, c->kind == FR_DOC_DROP ? "remove" : c->from ? "change" : "add");
            fr_buf_puts(b, ", \"from\": ");
            json_cstr(b, c->from);
            fr_buf_puts(b, ", \"to\": ");
            json_cstr(b, c->to);
            fr_buf_putc(b, '}');
        }
        fr_buf_puts(b, "], \"verified\": true}");
    }
    fr_buf_puts(b, ", \"when\": ");
    json_rich(b, &pg->when);
    {
        /* the keys the trigger reads after the declarations, with the
         * rules that may set them */
        uint32_t keys[8];
        size_t nk;
        after_keys(d->rs, pg->rule, keys, &nk);
        fr_buf_puts(b, ", \"read_after\": [");
        for (size_t i = 0; i < nk; i++) {
            const fr_key *key = &d->rs->keys[keys[i]];
            fr_buf_puts(b, i ? ", {\"key\": " : "{\"key\": ");
            json_cstr(b, key->name);
            fr_buf_puts(b, ", \"set_by\": [");
            for (uint32_t j = 0; j < key->ndeclarers; j++) {
                if (j)
                    fr_buf_puts(b, ", ");
                json_cstr(b, d->rs->rules[key->declarers[j]].name);
            }
            fr_buf_puts(b, "]}");
        }
        fr_buf_putc(b, ']');
    }
    fr_buf_puts(b, ", \"situations\": [");
    if (doc)
        for (uint32_t i = 0; i < doc->nsituations; i++) {
            if (i)
                fr_buf_puts(b, ", ");
            json_cstr(b, doc->situations[i]);
        }
    fr_buf_puts(b, "], \"related\": [");
    for (size_t i = 0; i < pg->nrel; i++) {
        uint32_t o = pg->rel[i].rule;
        if (i)
            fr_buf_puts(b, ", ");
        fr_buf_puts(b, "{\"name\": ");
        json_cstr(b, rs->rules[o].name);
        fr_buf_puts(b, ", \"page\": ");
        if (d->slugs[o])
            json_page_name(b, d->slugs[o]);
        else
            fr_buf_puts(b, "null");
        fr_buf_puts(b, ", \"kind\": ");
        json_cstr(b, kind_word(rs, o));
        fr_buf_puts(b, ", \"summary\": ");
        if (d->slugs[o]) {
            char *sum = make_summary(rs, o, &b->oom);
            json_cstr(b, sum);
            free(sum);
        } else {
            json_cstr(b, rs->rules[o].kind != FR_RULE_DECLARE ? rule_message(rs, o) : NULL);
        }
        fr_buf_puts(b, ", \"shared\": [");
        const uint32_t *ka = CR_K(d, pg->rule), *kb = CR_K(d, o);
        size_t x = 0, y = 0, n = 0, na = CR_N(d, pg->rule), nb = CR_N(d, o);
        while (x < na && y < nb) {
            if (ka[x] == kb[y]) {
                if (n++)
                    fr_buf_puts(b, ", ");
                json_cstr(b, rs->keys[ka[x]].name);
                x++;
                y++;
            } else if (ka[x] < kb[y]) {
                x++;
            } else {
                y++;
            }
        }
        fr_buf_printf(b, "], \"see\": %s}", pg->rel[i].see ? "true" : "false");
    }
    fr_buf_puts(b, "], \"see_also\": [\"flagrule(1)\", \"flagrule-rules(5)\", \"flagrule-errors(7)\"]}\n");
}

/* ---- the index ------------------------------------------------------------------------ */

static void render_index(docctx *d, const page *pages, size_t np, fr_buf *b)
{
    const fr_ruleset *rs = d->rs;
    switch (d->opts->format) {
    case FR_DOC_MAN:
        man_header(d, b, NULL, "errors");
        fr_buf_puts(b, ".SH NAME\nflagrule\\-errors \\- the errors of the flagrule rules, one page each\n"
                       ".SH DESCRIPTION\n"
                       "Every error that the rules can report has a page named after its\n"
                       "rule, with the message, what it means, the rule, solutions, an\n"
                       "example launch line and its fix (both checked by flagrule), when it\n"
                       "happens, and the related errors.\n");
        if (np == 0)
            fr_buf_puts(b, ".PP\nThe rules define no error.\n");
        for (size_t i = 0; i < np; i++) {
            fr_buf_puts(b, ".TP\n");
            man_rule_ref(d, b, pages[i].rule);
            roff_s(b, pages[i].summary, false);
            fr_buf_putc(b, '\n');
        }
        man_see_also(b, 1);
        break;
    case FR_DOC_MD:
        fr_buf_puts(b, "<!-- " FR_DOC_MARKER "; do not edit -->\n\n# flagrule-errors(7)\n\n"
                       "## NAME\n\n**flagrule-errors** — the errors of the flagrule rules, one page each\n\n"
                       "## DESCRIPTION\n\n"
                       "Every error that the rules can report has a page named after its rule, with the "
                       "message, what it means, the rule, solutions, an example launch line and its "
                       "fix (both checked by flagrule), when it happens, and the related errors.\n\n");
        if (np == 0)
            fr_buf_puts(b, "The rules define no error.\n");
        for (size_t i = 0; i < np; i++) {
            fr_buf_puts(b, "- ");
            md_rule_ref(d, b, pages[i].rule);
            fr_buf_puts(b, ": ");
            md_s(b, pages[i].summary);
            fr_buf_putc(b, '\n');
        }
        fr_buf_puts(b, "\n## SEE ALSO\n\nflagrule(1), flagrule-rules(5)\n");
        break;
    case FR_DOC_JSON:
        fr_buf_puts(b, "{\"generator\": \"" FR_DOC_MARKER "\", \"errors\": [");
        for (size_t i = 0; i < np; i++) {
            uint32_t r = pages[i].rule;
            if (i)
                fr_buf_puts(b, ", ");
            fr_buf_puts(b, "{\"name\": ");
            json_cstr(b, rs->rules[r].name);
            fr_buf_puts(b, ", \"page\": ");
            json_page_name(b, d->slugs[r]);
            fr_buf_puts(b, ", \"summary\": ");
            json_cstr(b, pages[i].summary);
            fr_buf_puts(b, ", \"file\": ");
            json_cstr(b, pages[i].loc.file);
            fr_buf_putc(b, '}');
        }
        fr_buf_puts(b, "]}\n");
        break;
    }
}

/* ======================================================================
 * Generating
 * ==================================================================== */

static const char *format_ext(fr_doc_format f)
{
    return f == FR_DOC_MD ? "md" : f == FR_DOC_JSON ? "json" : "7";
}

static int out_add_file(fr_doc_out *out, const char *slug, fr_doc_format f, long rule, fr_buf *text)
{
    fr_doc_file *nf = realloc(out->files, (out->nfiles + 1) * sizeof *nf);
    if (!nf)
        return -1;
    out->files = nf;
    size_t n = strlen(slug) + 32;
    char *name = malloc(n);
    if (!name)
        return -1;
    snprintf(name, n, "flagrule-%s.%s", slug, format_ext(f));
    size_t len = text->len;
    int oom = 0;
    char *t = buf_take_checked(text, &oom);
    if (oom) {
        free(name);
        return -1;
    }
    nf[out->nfiles].name = name;
    nf[out->nfiles].rule = rule;
    nf[out->nfiles].text = t;
    nf[out->nfiles].len = len;
    out->nfiles++;
    return 0;
}

static int out_add_note(fr_doc_out *out, fr_buf *text)
{
    char **nn = realloc(out->notes, (out->nnotes + 1) * sizeof *nn);
    if (!nn)
        return -1;
    out->notes = nn;
    int oom = 0;
    char *t = buf_take_checked(text, &oom);
    if (oom)
        return -1;
    nn[out->nnotes++] = t;
    return 0;
}

void fr_doc_out_free(fr_doc_out *out)
{
    if (!out)
        return;
    for (size_t i = 0; i < out->nfiles; i++) {
        free(out->files[i].name);
        free(out->files[i].text);
    }
    free(out->files);
    for (size_t i = 0; i < out->nnotes; i++)
        free(out->notes[i]);
    free(out->notes);
    memset(out, 0, sizeof *out);
}

static int page_notes(docctx *d, const page *pg, fr_doc_out *out)
{
    const fr_rule *ru = &d->rs->rules[pg->rule];
    if (pg->ex.found && pg->ex.fix)
        return 0;
    fr_buf b = { 0 };
    fr_buf_printf(&b, "%s:%u: rule %s: ", rule_file(pg), (unsigned)pg->loc.line, ru->name);
    if (!pg->ex.found)
        fr_buf_printf(&b, "no config that triggers this error was found (%lu configs evaluated%s); "
                          "the page has no example", pg->ex.evaluations,
                      pg->ex.unshowable ? ", values that a line cannot show left out" : "");
    else
        fr_buf_puts(&b, "no fix within three changes of the example trigger was found");
    return out_add_note(out, &b);
}

/* ---- the example searches, on several threads ------------------------------------ */

/* The searches of the pages are independent (each has its evaluator and
 * its arena; the rule set and the depmap are only read): workers take the
 * next rule from a shared counter.  A failure stops the taking; the rules
 * taken before it are finished, so the first failure in rule order is
 * among them. */
typedef struct exjobs {
    const fr_ruleset *rs;
    const depmap     *dep;
    unsigned long     budget;
    const uint32_t   *rules;
    fr_doc_example   *exs;
    fr_rc            *rcs;
    size_t            n, next;
    int               stop;
    pthread_mutex_t   mu;
} exjobs;

static void *ex_worker(void *arg)
{
    exjobs *j = arg;
    for (;;) {
        pthread_mutex_lock(&j->mu);
        size_t i = j->stop ? j->n : j->next;
        if (i < j->n)
            j->next++;
        pthread_mutex_unlock(&j->mu);
        if (i >= j->n)
            return NULL;
        j->rcs[i] = find_example(j->rs, j->rules[i], j->budget, &j->exs[i], 0, j->dep, NULL);
        if (j->rcs[i] != FR_OK) {
            pthread_mutex_lock(&j->mu);
            j->stop = 1;
            pthread_mutex_unlock(&j->mu);
        }
    }
}

/* The examples of rules[0..n) into exs, on up to `jobs` threads (the
 * calling one included).  FR_OK, or the first failure in rule order. */
static fr_rc find_examples(const fr_ruleset *rs, const depmap *dep, unsigned long budget, unsigned jobs,
                           const uint32_t *rules, size_t n, fr_doc_example *exs)
{
    exjobs j = { .rs = rs, .dep = dep, .budget = budget, .rules = rules, .exs = exs, .n = n };
    j.rcs = calloc(n ? n : 1, sizeof *j.rcs);   /* (FR_OK is 0) */
    if (!j.rcs || pthread_mutex_init(&j.mu, NULL) != 0) {
        free(j.rcs);
        return FR_ENOMEM;
    }
    size_t want = jobs > 1 ? jobs - 1 : 0;
    if (want > n)
        want = n ? n - 1 : 0;
    pthread_t *tid = want ? calloc(want, sizeof *tid) : NULL;
    size_t nt = 0;
    for (; tid && nt < want; nt++)
        if (pthread_create(&tid[nt], NULL, ex_worker, &j) != 0)
            break;   /* (on with the threads there are: the caller at least) */
    ex_worker(&j);
    for (size_t i = 0; i < nt; i++)
        pthread_join(tid[i], NULL);
    free(tid);
    pthread_mutex_destroy(&j.mu);
    fr_rc rc = FR_OK;
    for (size_t i = 0; i < n && rc == FR_OK; i++)
        rc = j.rcs[i];
    free(j.rcs);
    return rc;
}

fr_rc fr_doc_generate(const fr_ruleset *rs, const fr_doc_opts *opts, const uint32_t *rules,
                      size_t nrules, fr_doc_out *out)
{
    memset(out, 0, sizeof *out);
    if (!rs || !opts || opts->format > FR_DOC_JSON)
        return FR_EINVAL;
    for (size_t i = 0; rules && i < nrules; i++)
        if (rules[i] >= rs->nrules || !is_error_rule(rs, rules[i]))
            return FR_EINVAL;
    docctx d = { .rs = rs, .opts = opts };
    page *pages = NULL;
    size_t np = 0, want = 0;
    uint32_t *todo = NULL;
    fr_doc_example *exs = NULL;
    fr_rc rc = FR_ENOMEM;
    if (make_slugs(&d) < 0 || depmap_build(rs, &d.dep) < 0)
        goto out;
    if (rules)
        want = nrules;
    else
        for (uint32_t r = 0; r < rs->nrules; r++)
            want += is_error_rule(rs, r);
    pages = calloc(want ? want : 1, sizeof *pages);
    todo = calloc(want ? want : 1, sizeof *todo);
    exs = calloc(want ? want : 1, sizeof *exs);
    if (!pages || !todo || !exs)
        goto out;
    for (size_t i = 0, r = 0; i < want; r++)
        if (rules)
            todo[i++] = rules[r];
        else if (is_error_rule(rs, (uint32_t)r))
            todo[i++] = (uint32_t)r;
    rc = find_examples(rs, &d.dep, opts->budget, opts->jobs, todo, want, exs);
    if (rc != FR_OK)
        goto out;
    for (size_t i = 0; i < want; i++) {
        rc = page_build(&d, todo[i], &exs[i], &pages[np]);
        if (rc != FR_OK)
            goto out;
        np++;
    }
    rc = FR_ENOMEM;
    for (size_t i = 0; i < np; i++) {
        fr_buf b = { 0 };
        switch (opts->format) {
        case FR_DOC_MAN:  render_man(&d, &pages[i], &b); break;
        case FR_DOC_MD:   render_md(&d, &pages[i], &b); break;
        case FR_DOC_JSON: render_json(&d, &pages[i], &b); break;
        }
        if (out_add_file(out, d.slugs[pages[i].rule], opts->format, (long)pages[i].rule, &b) < 0 ||
            page_notes(&d, &pages[i], out) < 0)
            goto out;
    }
    if (!rules) {
        fr_buf b = { 0 };
        render_index(&d, pages, np, &b);
        if (out_add_file(out, "errors", opts->format, -1, &b) < 0)
            goto out;
    }
    rc = FR_OK;
out:
    for (size_t i = 0; i < np; i++)
        page_free(&pages[i]);
    for (size_t i = 0; exs && i < want; i++)
        fr_doc_example_free(&exs[i]);
    free(exs);
    free(todo);
    free(pages);
    free_slugs(&d);
    related_free(&d);
    depmap_free(&d.dep);
    if (rc != FR_OK)
        fr_doc_out_free(out);
    return rc;
}

/* ======================================================================
 * Writing a directory
 * ==================================================================== */

static fr_rc write_fail(fr_doc_write_report *rep, const char *what, const char *path, int err)
{
    fr_buf b = { 0 };
    fr_buf_printf(&b, "%s %s: %s", what, path, strerror(err));
    free(rep->error);
    rep->error = b.oom ? NULL : fr_buf_take(&b);
    if (!rep->error)
        fr_buf_free(&b);
    return rep->error ? FR_EIO : FR_ENOMEM;
}

static char *path_join(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s", dir, name);
    return p;
}

/* 1 if the file at path holds exactly these bytes, 0 if not, -1 on a read
 * error other than "does not exist". */
static int same_bytes(const char *path, const char *text, size_t len)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return errno == ENOENT ? 0 : -1;
    struct stat st;
    int same = 0;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (size_t)st.st_size == len) {
        char buf[8192];
        size_t off = 0;
        same = 1;
        while (off < len) {
            ssize_t n = read(fd, buf, sizeof buf);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0 || (size_t)n > len - off || memcmp(buf, text + off, (size_t)n) != 0) {
                same = 0;
                break;
            }
            off += (size_t)n;
        }
        if (same) {
            char extra;
            ssize_t n;
            do
                n = read(fd, &extra, 1);
            while (n < 0 && errno == EINTR);
            if (n != 0)
                same = 0;
        }
    }
    close(fd);
    return same;
}

static int write_all(int fd, const char *p, size_t len)
{
    while (len) {
        ssize_t n = write(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

/* Writes path atomically: a temporary file beside it, then rename. */
static fr_rc write_atomic(const char *dir, const char *path, const char *text, size_t len,
                          fr_doc_write_report *rep)
{
    char *tmp = path_join(dir, ".flagrule-doc.XXXXXX");
    if (!tmp)
        return FR_ENOMEM;
    int fd = mkstemp(tmp);
    if (fd < 0) {
        fr_rc rc = write_fail(rep, "cannot create a temporary file in", dir, errno);
        free(tmp);
        return rc;
    }
    int err = 0;
    if (write_all(fd, text, len) < 0)
        err = errno ? errno : EIO;
    if (!err && fchmod(fd, 0644) < 0)
        err = errno;
    if (close(fd) < 0 && !err)
        err = errno;
    if (!err && rename(tmp, path) < 0)
        err = errno;
    if (err) {
        unlink(tmp);
        free(tmp);
        return write_fail(rep, "cannot write", path, err);
    }
    free(tmp);
    return FR_OK;
}

/* Whether name is flagrule-*.EXT. */
static int generated_name(const char *name, const char *ext)
{
    size_t n = strlen(name), e = strlen(ext);
    if (n < 9 + 1 + 1 + e || strncmp(name, "flagrule-", 9) != 0)
        return 0;
    return name[n - e - 1] == '.' && strcmp(name + n - e, ext) == 0;
}

/* Whether the first line of the file carries the marker. */
static int has_marker(const char *path)
{
    int fd = open(path, O_RDONLY | O_NOFOLLOW);
    if (fd < 0)
        return 0;
    char buf[512];
    ssize_t n;
    do
        n = read(fd, buf, sizeof buf - 1);
    while (n < 0 && errno == EINTR);
    close(fd);
    if (n <= 0)
        return 0;
    buf[n] = '\0';
    char *nl = memchr(buf, '\n', (size_t)n);
    if (nl)
        *nl = '\0';
    return strstr(buf, FR_DOC_MARKER) != NULL;
}

fr_rc fr_doc_write_dir(const fr_doc_out *out, fr_doc_format format, const char *dir,
                       bool remove_stale, fr_doc_write_report *rep)
{
    memset(rep, 0, sizeof *rep);
    struct stat st;
    if (stat(dir, &st) < 0)
        return write_fail(rep, "cannot use directory", dir, errno);
    if (!S_ISDIR(st.st_mode))
        return write_fail(rep, "cannot use directory", dir, ENOTDIR);
    /* a file of a page's name that flagrule did not write (no marker on
     * its first line: a page written by hand) is not replaced, as it would
     * not be removed; checked before any page is written */
    for (size_t i = 0; i < out->nfiles; i++) {
        char *path = path_join(dir, out->files[i].name);
        if (!path)
            return FR_ENOMEM;
        bool foreign = lstat(path, &st) == 0 && !has_marker(path);
        if (foreign) {
            fr_buf b = { 0 };
            fr_buf_printf(&b, "will not replace %s: it holds no \"" FR_DOC_MARKER "\" marker on its first "
                          "line (written by hand?); move it away to have the page written", path);
            free(path);
            free(rep->error);
            rep->error = b.oom ? NULL : fr_buf_take(&b);
            if (!rep->error)
                fr_buf_free(&b);
            return rep->error ? FR_EIO : FR_ENOMEM;
        }
        free(path);
    }
    for (size_t i = 0; i < out->nfiles; i++) {
        const fr_doc_file *f = &out->files[i];
        char *path = path_join(dir, f->name);
        if (!path)
            return FR_ENOMEM;
        int same = same_bytes(path, f->text, f->len);
        fr_rc rc = FR_OK;
        if (same < 0)   /* (a name too long to open is one too long to write) */
            rc = write_fail(rep, errno == ENAMETOOLONG ? "cannot write" : "cannot read", path, errno);
        else if (same)
            rep->unchanged++;
        else if ((rc = write_atomic(dir, path, f->text, f->len, rep)) == FR_OK)
            rep->written++;
        free(path);
        if (rc != FR_OK)
            return rc;
    }
    if (!remove_stale)
        return FR_OK;
    DIR *dh = opendir(dir);
    if (!dh)
        return write_fail(rep, "cannot read directory", dir, errno);
    const char *ext = format_ext(format);
    fr_rc rc = FR_OK;
    struct dirent *de;
    while (rc == FR_OK && (errno = 0, de = readdir(dh)) != NULL) {
        if (!generated_name(de->d_name, ext))
            continue;
        int keep = 0;
        for (size_t i = 0; i < out->nfiles && !keep; i++)
            keep = strcmp(out->files[i].name, de->d_name) == 0;
        if (keep)
            continue;
        char *path = path_join(dir, de->d_name);
        if (!path) {
            rc = FR_ENOMEM;
            break;
        }
        if (lstat(path, &st) == 0 && S_ISREG(st.st_mode) && has_marker(path)) {
            if (unlink(path) < 0)
                rc = write_fail(rep, "cannot remove", path, errno);
            else
                rep->removed++;
        }
        free(path);
    }
    closedir(dh);
    return rc;
}

void fr_doc_write_report_free(fr_doc_write_report *rep)
{
    if (!rep)
        return;
    free(rep->error);
    rep->error = NULL;
}
