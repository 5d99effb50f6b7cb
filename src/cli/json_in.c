/* json_in.c — configs written as JSON objects (`--input json`): one object
 * per line, {"KEY": VALUE, ...}, keys by name or alias or flag spelling
 * without the dashes (as SGLang's config files write them), values true/false,
 * integers, strings or null, evaluated with fr_eval_values.  What is not
 * such an object becomes an invalid record (fr_eval_reject) with the
 * reason, so a stream keeps one record per line. */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"
#include "doc.h"   /* fr_json_str */
#include "eval.h"
#include "ir.h"
#include "misspell.h"
#include "value.h"

struct cli_jin {
    const fr_ruleset *rs;
    bool         ignore_unknown;
    size_t      *keys;
    fr_value    *vals;
    size_t       cap;
    const char **names;   /* every key's name, for "did you mean" (on first use) */
    char        *msg;     /* the last reason */
    size_t       msgcap;
    bool         slow;    /* jansson for every line (FLAGRULE_JSON_SLOW, a test hook) */
    bool         stats;   /* FLAGRULE_JSON_STATS: count the lines of each reader */
    unsigned long nfast, nslow;
    char        *sbuf;    /* the fast reader's decoded strings */
    size_t       sbufcap;
    uint32_t    *seen;    /* per key: the line that gave it (duplicates) */
    uint32_t     gen;
    /* the name of the i-th member of the last lines and its key: a stream's
     * objects mostly repeat their names in the same order */
    struct memo { char name[48]; uint8_t len; int32_t key; } *memo;
    size_t       nmemo;
    /* the number tokens of the line jansson read (real_member_int), sorted
     * by their double: made on the first real member of a line */
    struct numtok { double d; int64_t x; int rc; bool real; size_t off, len; } *toks;
    size_t       ntoks, captoks;
    bool         toks_made;
};

cli_jin *cli_jin_new(const fr_ruleset *rs, bool ignore_unknown)
{
    cli_jin *j = calloc(1, sizeof *j);
    if (!j)
        cli_oom();
    j->rs = rs;
    j->ignore_unknown = ignore_unknown;
    const char *slow = getenv("FLAGRULE_JSON_SLOW");
    j->slow = slow && *slow && strcmp(slow, "0") != 0;
    const char *stats = getenv("FLAGRULE_JSON_STATS");
    j->stats = stats && *stats && strcmp(stats, "0") != 0;
    return j;
}

void cli_jin_free(cli_jin *j)
{
    if (!j)
        return;
    if (j->stats)
        fprintf(stderr, "flagrule: json input: %lu fast, %lu jansson\n", j->nfast, j->nslow);
    free(j->keys);
    free(j->vals);
    free(j->names);
    free(j->msg);
    free(j->sbuf);
    free(j->seen);
    free(j->memo);
    free(j->toks);
    free(j);
}

static const fr_result *reject(cli_jin *j, fr_eval *ev, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static const fr_result *reject(cli_jin *j, fr_eval *ev, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(j->msg, j->msgcap, fmt, ap);
        va_end(ap);
        if (n < 0)
            return fr_eval_reject(ev, "invalid JSON config");
        if ((size_t)n < j->msgcap)
            break;
        free(j->msg);
        j->msgcap = (size_t)n + 64;
        if (!(j->msg = malloc(j->msgcap)))
            cli_oom();
    }
    return fr_eval_reject(ev, j->msg);
}

/* A member name as a reason shows it (as the line reader shows a word):
 * whole up to 256 bytes, else its first 160 (cut before a UTF-8 sequence)
 * and its length; control characters escaped (\n, \xNN; C1 as \xNN). */
#define SHOWN_MAX 256
#define SHOWN_KEEP 160
#define SHOWN_SIZE (SHOWN_MAX * 4 + 32)
static void shown(char out[SHOWN_SIZE], const char *s)
{
    size_t len = strlen(s), keep = len, o = 0;
    if (len > SHOWN_MAX) {
        keep = SHOWN_KEEP;
        while (keep > 0 && ((unsigned char)s[keep] & 0xC0) == 0x80)
            keep--;
    }
    for (size_t n = 0; n < keep; n++) {
        unsigned char c = (unsigned char)s[n];
        if (c == '\n')
            o += (size_t)snprintf(out + o, SHOWN_SIZE - o, "\\n");
        else if (c < 0x20 || c == 0x7f)
            o += (size_t)snprintf(out + o, SHOWN_SIZE - o, "\\x%02x", c);
        else if (c == 0xc2 && n + 1 < keep && (unsigned char)s[n + 1] >= 0x80 && (unsigned char)s[n + 1] <= 0x9f)
            o += (size_t)snprintf(out + o, SHOWN_SIZE - o, "\\x%02x", (unsigned char)s[++n]);   /* (C1: 8-bit CSI) */
        else
            out[o++] = (char)c;
    }
    if (keep < len)
        o += (size_t)snprintf(out + o, SHOWN_SIZE - o, "... (%zu bytes)", len);
    out[o] = '\0';
}

static const char *near_key(cli_jin *j, const char *name)
{
    size_t nk = fr_ruleset_nkeys(j->rs);
    if (!j->names) {
        j->names = malloc((nk ? nk : 1) * sizeof *j->names);
        if (!j->names)
            cli_oom();
        for (size_t k = 0; k < nk; k++)
            j->names[k] = fr_key_name(j->rs, k);
    }
    /* (dashes as underscores: "moe-a2a-backnd" is near moe_a2a_backend) */
    size_t n = strlen(name);
    char *u = malloc(n + 1);
    if (!u)
        cli_oom();
    for (size_t i = 0; i <= n; i++)
        u[i] = name[i] == '-' ? '_' : name[i];
    const char *near = fr_did_you_mean(u + strspn(u, "_"), strlen(u + strspn(u, "_")), j->names, nk);
    free(u);
    if (near || !j->rs->evindex)
        return near;
    /* a flag spelling without its dashes, the program's other flags too
     * ("mem-fraction-statc" is near --mem-fraction-static) */
    const fr_spellmap *m = &j->rs->evindex->map;
    char sp[208] = "--";
    if (n > 200)
        return NULL;
    for (size_t i = 0; i <= n; i++)
        sp[2 + i] = name[i] == '_' ? '-' : name[i];
    near = fr_did_you_mean(sp, n + 2, m->flag_spellings, m->nhint_spellings);
    return near ? near + 2 : NULL;
}

/* The key a flag spelling names ("--tp-size" or "--tp" -> tp_size), or -1. */
static long key_of_spelling(const fr_ruleset *rs, const char *name)
{
    if (!rs->evindex)
        return -1;
    int32_t s = fr_spellmap_find(&rs->evindex->map, name, strlen(name));
    return s >= 0 ? s : -1;
}

/* The key whose flag spelling a bare name is, as SGLang's config files
 * name flags (each member becomes `--NAME VALUE` for its argparse):
 * "tensor-parallel-size" -> tp_size, a prefix as argparse takes one ("tp"
 * -> "--tp" -> "--tp-size"), and with underscores read as dashes
 * ("dp_size" -> "--dp-size"); -1 if none, -2 for a prefix of several
 * flags' spellings, -3 for one of the program's other flags (`cli value
 * "--x";` in the rules: skipped), -4 for a spelling that takes no value
 * and gives a constant (`"--old" = VALUE`: refused, its key is named).  sp (208 bytes) gets the spelling
 * looked up last. */
#define MEMBER_AMBIGUOUS (-2)
#define MEMBER_PROGRAM (-3)
#define MEMBER_CONST (-4)   /* a spelling that takes no value ("--old" = VALUE) */
static long key_of_bare_spelling(const fr_ruleset *rs, const char *name, size_t n, char *sp)
{
    if (!n || n > 200 || name[0] == '-' || !rs->evindex)
        return -1;
    const fr_spellmap *m = &rs->evindex->map;
    sp[0] = sp[1] = '-';
    memcpy(sp + 2, name, n);
    sp[n + 2] = '\0';
    for (int pass = 0; pass < 2; pass++) {
        if (pass) {
            if (!memchr(name, '_', n))
                break;
            for (size_t i = 2; i < n + 2; i++)
                if (sp[i] == '_')
                    sp[i] = '-';
        }
        int32_t k = fr_spellmap_find(m, sp, n + 2);
        if (k >= 0 && rs->keys[k].kind == FR_KEY_FLAG && fr_spellmap_const(m, sp, n + 2) >= 0)
            return MEMBER_CONST;
        if (k >= 0)
            return rs->keys[k].kind == FR_KEY_FLAG ? k : -1;
        if (fr_spellmap_prog(m, sp, n + 2))
            return MEMBER_PROGRAM;
        const fr_progflag *pf;
        const char *whole;
        if (fr_spellmap_abbrev(m, sp, n + 2, &k, &pf, &whole))
            return MEMBER_AMBIGUOUS;
        if (k >= 0 && rs->keys[k].kind == FR_KEY_FLAG && fr_spellmap_const(m, whole, strlen(whole)) >= 0) {
            memcpy(sp, whole, strlen(whole) + 1);   /* (sp has room: a key's spelling) */
            return MEMBER_CONST;
        }
        if (k >= 0)
            return rs->keys[k].kind == FR_KEY_FLAG ? k : -1;
        if (pf)
            return MEMBER_PROGRAM;
    }
    return -1;
}

/* The key a member names: a key's name or alias, else a flag spelling
 * without its dashes (above); < 0 if none. */
static long member_key(const fr_ruleset *rs, const char *name, size_t n)
{
    long k = fr_ir_find_key(rs, name, n);
    char sp[208];
    return k >= 0 ? k : key_of_bare_spelling(rs, name, n, sp);
}

/* A member name that starts the flag spellings of several flags: which. */
static const fr_result *ambiguous(cli_jin *j, fr_eval *ev, const char *name)
{
    const fr_spellmap *m = &j->rs->evindex->map;
    char sp[208], sh[SHOWN_SIZE];
    size_t n = strlen(name);
    key_of_bare_spelling(j->rs, name, n, sp);
    fr_buf list = { 0 };
    fr_spellmap_list_prefixed(&list, m, sp, n + 2);
    if (list.oom)
        cli_oom();
    shown(sh, name);
    const fr_result *r = reject(j, ev, "ambiguous key '%s' could match %s", sh, list.p ? list.p : "");
    fr_buf_free(&list);
    return r;
}

/* A member named by a spelling that takes no value and gives a constant
 * (`"--old" = VALUE`): a JSON config gives the key's value instead. */
static const fr_result *const_member(cli_jin *j, fr_eval *ev, const char *name)
{
    char sp[208], sh[SHOWN_SIZE];
    size_t n = strlen(name);
    key_of_bare_spelling(j->rs, name, n, sp);
    int32_t k = fr_spellmap_find(&j->rs->evindex->map, sp, strlen(sp));
    const fr_key *key = &j->rs->keys[k];
    int c = fr_spellmap_const(&j->rs->evindex->map, sp, strlen(sp));
    fr_buf text = { 0 }, val = { 0 };
    fr_val_text(&text, j->rs, key->type, key->cli_val[c]);
    if (!key->cli_val[c].is_null && (key->type.kind == FR_T_STRING || key->type.kind == FR_T_ENUM))
        fr_json_str(&val, text.p ? text.p : "", text.len);   /* (JSON's text of it) */
    else
        fr_buf_put(&val, text.p ? text.p : "", text.len);
    if (text.oom || val.oom)
        cli_oom();
    shown(sh, name);
    const fr_result *r = reject(j, ev, "key '%s' names %s, which takes no value: for what it gives, write \"%s\": %s",
                                sh, sp, key->name, val.p ? val.p : "");
    fr_buf_free(&text);
    fr_buf_free(&val);
    return r;
}

/* The shortest text of d that reads back as d (1.5, 1e+300). */
static void shortest(char out[40], double d)
{
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(out, 40, "%.*g", prec, d);
        if (strtod(out, NULL) == d)
            return;
    }
}

static const char *json_kind(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY:  return "an array";
    case JSON_REAL:   return "a number with a fraction";
    default:          return "a value";
    }
}

/* ---- the fast reader ----------------------------------------------------------
 *
 * Most lines of a config stream are flat objects of known keys with plain
 * values: {"tp_size": 8, "moe_a2a_backend": "pplx", "model_path": null}.
 * The fast reader takes exactly those (ASCII strings, escapes but \u0000
 * and surrogates, integers of at most 18 digits, true/false/null, each key
 * once) and gives up (0) on anything else: the line is then read again by
 * jansson, which finds what is wrong and says it.  It accepts no line that
 * jansson refuses and reads every line it accepts as jansson reads it, so
 * a result never depends on which reader took the line (tests/props/
 * json-readers.py runs both on the same lines). */

static inline size_t skip_ws(const char *p, size_t i, size_t len)
{
    while (i < len && (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' || p[i] == '\r'))
        i++;
    return i;
}

static inline int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* A string at p[*i] == '"': decoded into out (NUL-terminated); its length,
 * or -1 to give up.  *i moves past the closing quote. */
static long fast_string(const char *p, size_t *i, size_t len, char *out)
{
    size_t k = *i + 1, o = 0;
    for (;;) {
        if (k >= len)
            return -1;
        unsigned char c = (unsigned char)p[k];
        if (c == '"')
            break;
        if (c < 0x20 || c >= 0x80)
            return -1;   /* (a control byte; non-ASCII: jansson checks UTF-8) */
        if (c != '\\') {
            out[o++] = (char)c;
            k++;
            continue;
        }
        if (k + 1 >= len)
            return -1;
        char e = p[k + 1];
        k += 2;
        switch (e) {
        case '"': out[o++] = '"'; break;
        case '\\': out[o++] = '\\'; break;
        case '/': out[o++] = '/'; break;
        case 'b': out[o++] = '\b'; break;
        case 'f': out[o++] = '\f'; break;
        case 'n': out[o++] = '\n'; break;
        case 'r': out[o++] = '\r'; break;
        case 't': out[o++] = '\t'; break;
        case 'u': {
            if (k + 4 > len)
                return -1;
            int h0 = hexval(p[k]), h1 = hexval(p[k + 1]), h2 = hexval(p[k + 2]), h3 = hexval(p[k + 3]);
            if (h0 < 0 || h1 < 0 || h2 < 0 || h3 < 0)
                return -1;
            unsigned u = (unsigned)(h0 << 12 | h1 << 8 | h2 << 4 | h3);
            k += 4;
            if (u == 0 || (u >= 0xd800 && u <= 0xdfff))
                return -1;   /* (NUL, surrogates: jansson's words) */
            /* at most 3 bytes for 6 of input: out never passes the input */
            if (u < 0x80) {
                out[o++] = (char)u;
            } else if (u < 0x800) {
                out[o++] = (char)(0xc0 | u >> 6);
                out[o++] = (char)(0x80 | (u & 0x3f));
            } else {
                out[o++] = (char)(0xe0 | u >> 12);
                out[o++] = (char)(0x80 | ((u >> 6) & 0x3f));
                out[o++] = (char)(0x80 | (u & 0x3f));
            }
            break;
        }
        default:
            return -1;
        }
    }
    out[o] = '\0';
    *i = k + 1;
    return (long)o;
}

static inline bool word_at(const char *p, size_t i, size_t len, const char *w, size_t wl)
{
    return len - i >= wl && !memcmp(p + i, w, wl);
}

/* The members of a flat object into j->keys/vals (*m of them): 1, or 0 to
 * read the line with jansson. */
static int fast_object(cli_jin *j, const char *p, size_t len, size_t *m)
{
    size_t i = skip_ws(p, 0, len);
    if (i >= len || p[i] != '{')
        return 0;
    if (len + 1 > j->sbufcap) {
        free(j->sbuf);
        j->sbufcap = len + 64;
        if (!(j->sbuf = malloc(j->sbufcap)))
            cli_oom();
    }
    size_t nk = fr_ruleset_nkeys(j->rs);
    if (!j->seen) {
        if (!(j->seen = calloc(nk ? nk : 1, sizeof *j->seen)))
            cli_oom();
    }
    if (++j->gen == 0) {   /* (wrapped: forget every stamp) */
        memset(j->seen, 0, (nk ? nk : 1) * sizeof *j->seen);
        j->gen = 1;
    }
    char *sb = j->sbuf;   /* strings go here, each after the last */
    size_t n = 0;
    i = skip_ws(p, i + 1, len);
    if (i < len && p[i] == '}') {
        i = skip_ws(p, i + 1, len);
        *m = 0;
        return i == len;
    }
    for (;;) {
        if (i >= len || p[i] != '"')
            return 0;
        char *name = sb;
        long nl = fast_string(p, &i, len, name);
        if (nl < 0)
            return 0;
        sb += nl + 1;
        i = skip_ws(p, i, len);
        if (i >= len || p[i] != ':')
            return 0;
        i = skip_ws(p, i + 1, len);
        if (i >= len)
            return 0;
        fr_value v;
        memset(&v, 0, sizeof v);
        char c = p[i];
        if (c == '"') {
            long vl = fast_string(p, &i, len, sb);
            if (vl < 0)
                return 0;
            v.type = FR_STRING;
            v.s = sb;
            v.len = (size_t)vl;
            sb += vl + 1;
        } else if (c == 't' && word_at(p, i, len, "true", 4)) {
            v.type = FR_BOOL;
            v.i = 1;
            i += 4;
        } else if (c == 'f' && word_at(p, i, len, "false", 5)) {
            v.type = FR_BOOL;
            i += 5;
        } else if (c == 'n' && word_at(p, i, len, "null", 4)) {
            v.type = FR_STRING;
            v.is_null = true;
            i += 4;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            bool neg = c == '-';
            size_t d0 = i + neg, d = d0;
            int64_t x = 0;
            while (d < len && p[d] >= '0' && p[d] <= '9' && d - d0 < 18)   /* (no overflow) */
                x = x * 10 + (p[d++] - '0');
            if (d == d0 || (p[d0] == '0' && d - d0 > 1))
                return 0;   /* (no digit, a leading zero) */
            if (d < len && ((p[d] >= '0' && p[d] <= '9') || p[d] == '.' || p[d] == 'e' || p[d] == 'E'))
                return 0;   /* (a 19th digit, a fraction, an exponent: jansson) */
            v.type = FR_INT;
            v.i = neg ? -x : x;
            i = d;
        } else {
            return 0;
        }
        long k;
        struct memo *mo = n < j->nmemo ? &j->memo[n] : NULL;
        if (mo && mo->len == nl && !memcmp(mo->name, name, (size_t)nl)) {
            k = mo->key;
        } else {
            k = member_key(j->rs, name, (size_t)nl);
            if (n >= j->nmemo && n < 1024) {
                struct memo *nm = realloc(j->memo, (n + 1) * sizeof *nm);
                if (!nm)
                    cli_oom();
                j->memo = nm;
                for (; j->nmemo <= n; j->nmemo++)
                    j->memo[j->nmemo].len = UINT8_MAX;   /* (no name is that long here) */
                mo = &j->memo[n];
            }
            if (mo && nl < (long)sizeof mo->name) {
                memcpy(mo->name, name, (size_t)nl);
                mo->len = (uint8_t)nl;
                mo->key = (int32_t)k;
            } else if (mo) {
                mo->len = UINT8_MAX;
            }
        }
        if (k < 0 || j->seen[k] == j->gen)
            return 0;   /* (unknown, or a key twice: jansson) */
        j->seen[k] = j->gen;
        if (n == j->cap) {
            size_t cap = j->cap * 2 + 16;
            size_t *kk = realloc(j->keys, cap * sizeof *kk);
            if (!kk)
                cli_oom();
            j->keys = kk;
            fr_value *vv = realloc(j->vals, cap * sizeof *vv);
            if (!vv)
                cli_oom();
            j->vals = vv;
            j->cap = cap;
        }
        j->keys[n] = (size_t)k;
        j->vals[n++] = v;
        i = skip_ws(p, i, len);
        if (i >= len)
            return 0;
        if (p[i] == ',') {
            i = skip_ws(p, i + 1, len);
            continue;
        }
        if (p[i] != '}')
            return 0;
        i = skip_ws(p, i + 1, len);
        if (i != len)
            return 0;
        *m = n;
        return 1;
    }
}

/* The JSON number text p[0..n) (with a fraction or an exponent) as an
 * int64, decided on its digits: 1 when it is exactly an integer in range
 * (*out), 2 when its integer part is past the range, else 0.  (A double cannot decide: 1.00000000000000001 parses to
 * 1.0, and 123456789012345678.0 to 123456789012345680.) */
static int real_text_int(const char *p, size_t n, int64_t *out)
{
    size_t i = p[0] == '-';
    bool neg = i == 1, big = false;
    char dig[24];
    size_t nd = 0, nfrac = 0;
    int lead = 1;
    for (int part = 0; part < 2; part++) {
        for (; i < n && p[i] >= '0' && p[i] <= '9'; i++) {
            if (lead && p[i] == '0') {
                nfrac += (size_t)part;   /* (leading zeros: a fraction's still count) */
                continue;
            }
            lead = 0;
            if (nd < sizeof dig) {
                dig[nd++] = p[i];
                nfrac += (size_t)part;
            } else if (part == 0) {
                return 2;   /* (24 digits or more before the point) */
            } else if (p[i] != '0') {
                big = true;   /* (past 24 digits of a fraction: its trailing zeros excepted) */
            }
        }
        if (part == 0 && i < n && p[i] == '.')
            i++;
        else
            break;
    }
    if (big)
        return 0;
    long e = 0;
    if (i < n && (p[i] == 'e' || p[i] == 'E')) {
        i++;
        bool eneg = i < n && p[i] == '-';
        if (i < n && (p[i] == '-' || p[i] == '+'))
            i++;
        for (; i < n && p[i] >= '0' && p[i] <= '9'; i++)
            if (e < 100000)
                e = e * 10 + (p[i] - '0');
        if (eneg)
            e = -e;
    }
    /* value = dig x 10^(e - nfrac); trailing zeros of dig go to the exponent */
    long exp10 = e - (long)nfrac;
    while (nd > 0 && dig[nd - 1] == '0') {
        nd--;
        exp10++;
    }
    if (nd == 0) {
        *out = 0;
        return 1;
    }
    if (exp10 < 0)
        return (long)nd + exp10 > 19 ? 2 : 0;   /* (a fraction: of a number in range, or past it) */
    if ((long)nd + exp10 > 19)
        return 2;   /* (20 digits or more) */
    uint64_t x = 0;   /* (at most 19 digits: below 10^19 < 2^64) */
    for (size_t d = 0; d < nd; d++)
        x = x * 10 + (uint64_t)(dig[d] - '0');
    for (long z = 0; z < exp10; z++)
        x *= 10;
    if (x > (uint64_t)INT64_MAX + neg)
        return 2;
    *out = neg ? (int64_t)(0 - x) : (int64_t)x;
    return 1;
}

static int cmp_numtok(const void *a, const void *b)
{
    double x = ((const struct numtok *)a)->d, y = ((const struct numtok *)b)->d;
    return (x > y) - (x < y);
}

/* j->toks: every number token of the line p[0..len) outside strings, its
 * double (strtod, as jansson reads it) and its digits' verdict
 * (real_text_int), sorted by the double.  Once a line: a line of N real
 * members costs N log N, not N times the line. */
static void make_numtoks(cli_jin *j, const char *p, size_t len)
{
    j->ntoks = 0;
    j->toks_made = true;
    bool in_str = false;
    for (size_t i = 0; i < len; i++) {
        char c = p[i];
        if (in_str) {
            if (c == '\\')
                i++;
            else if (c == '"')
                in_str = false;
            continue;
        }
        if (c == '"') {
            in_str = true;
            continue;
        }
        if (c != '-' && (c < '0' || c > '9'))
            continue;
        size_t e = i;
        bool real = false;
        while (e < len && (p[e] == '-' || p[e] == '+' || p[e] == '.' || p[e] == 'e' || p[e] == 'E' ||
                           (p[e] >= '0' && p[e] <= '9'))) {
            real |= p[e] == '.' || p[e] == 'e' || p[e] == 'E';
            e++;
        }
        if (j->ntoks == j->captoks) {
            size_t cap = j->captoks ? 2 * j->captoks : 16;
            struct numtok *t = realloc(j->toks, cap * sizeof *t);
            if (!t)
                cli_oom();
            j->toks = t;
            j->captoks = cap;
        }
        struct numtok *t = &j->toks[j->ntoks++];
        char small[64], *tok = e - i < sizeof small ? small : malloc(e - i + 1);
        if (!tok)
            cli_oom();
        memcpy(tok, p + i, e - i);
        tok[e - i] = '\0';
        t->d = strtod(tok, NULL);
        if (tok != small)
            free(tok);
        t->x = 0;
        t->rc = real_text_int(p + i, e - i, &t->x);
        t->real = real;
        t->off = i;
        t->len = e - i;
        i = e - 1;
    }
    if (j->ntoks > 1)
        qsort(j->toks, j->ntoks, sizeof *j->toks, cmp_numtok);
}

/* The first of the line's number tokens read as d (j->toks sorted by
 * their double; made on the first ask of a line): the run of them starts
 * there. */
static size_t numtoks_of(cli_jin *j, const char *p, size_t len, double d)
{
    if (!j->toks_made)
        make_numtoks(j, p, len);
    size_t lo = 0, hi = j->ntoks;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (j->toks[mid].d < d)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The token of the line read as d when it is the only one, else NULL. */
static const struct numtok *only_numtok(cli_jin *j, const char *p, size_t len, double d)
{
    size_t i = numtoks_of(j, p, len, d);
    bool one = i < j->ntoks && j->toks[i].d == d && !(i + 1 < j->ntoks && j->toks[i + 1].d == d);
    return one ? &j->toks[i] : NULL;
}

/* The integer that the real-number tokens of the line (outside strings)
 * whose double is d are written as: 1 with *out when every such token is
 * exactly that integer (real_text_int), 2 when one is past the int64 range,
 * else 0; ints: the plain integer tokens too (*allints: only such tokens
 * matched).  (jansson keeps only the double, so a member's text is found by
 * its value; two tokens of one double written as different numbers refuse
 * it.) */
static int real_member_int(cli_jin *j, const char *p, size_t len, double d, int64_t *out, bool ints,
                           bool *allints)
{
    *allints = true;
    bool found = false;
    for (size_t i = numtoks_of(j, p, len, d); i < j->ntoks && j->toks[i].d == d; i++) {
        const struct numtok *t = &j->toks[i];
        if (!t->real && !ints)
            continue;
        *allints &= !t->real;
        if (t->rc != 1)
            return t->rc;
        if (found && t->x != *out)
            return 0;
        *out = t->x;
        found = true;
    }
    return found;
}

const fr_result *cli_eval_json(cli_jin *j, fr_eval *ev, const char *text, size_t len)
{
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n'))
        i++;
    if (i == len)   /* a blank line: the empty config, as a blank config line */
        return fr_eval_values(ev, 0, NULL, NULL);
    size_t fm;
    if (!j->slow && fast_object(j, text, len, &fm)) {
        j->nfast++;
        return fr_eval_values(ev, fm, j->keys, j->vals);
    }
    j->nslow++;
    json_error_t err;
    j->toks_made = false;   /* (real_member_int: this line's numbers, when asked) */
    json_t *root = json_loadb(text, len, JSON_DECODE_ANY | JSON_REJECT_DUPLICATES, &err);
    /* an integer past 64 bits: valid JSON, refused by jansson; read again
     * with every integer a double, which the REAL case below takes back to
     * its digits, so that the member's key refuses it, as a command line's
     * integer out of range is */
    bool as_real = false;
    if (!root && strstr(err.text, "too big") && strstr(err.text, "integer")) {
        root = json_loadb(text, len, JSON_DECODE_ANY | JSON_REJECT_DUPLICATES | JSON_DECODE_INT_AS_REAL, &err);
        as_real = root != NULL;
    }
    if (!root) {
        if (strstr(err.text, "JSON_ALLOW_NUL"))   /* (jansson's words for it) */
            return reject(j, ev, "a string holds \\u0000 (column %d): no value may hold a NUL byte", err.column);
        const char *nul = memchr(text, '\0', len);
        if (nul)   /* (a raw NUL byte: jansson stops reading there) */
            return reject(j, ev, "NUL byte in the config (column %zu)", (size_t)(nul - text) + 1);
        /* a command line fed to --input json: say which input reads it */
        unsigned char c0 = (unsigned char)text[i];
        bool cmdline = c0 == '-' || (c0 >= 'a' && c0 <= 'z') || (c0 >= 'A' && c0 <= 'Z') || c0 == '/' || c0 == '.';
        /* an object cut at the line's end: in a stream a config is one line */
        bool cut = (c0 == '{' || c0 == '[') && strstr(err.text, "near end of file") && !memchr(text, '\n', len);
        /* (jansson quotes the input near the error as it is: escaped here,
         * so that no command prints a control byte of it) */
        char et[SHOWN_SIZE];
        const char *near = strstr(err.text, " near '");
        size_t tl = strlen(err.text);
        if (near && tl > 0 && err.text[tl - 1] == '\'' && err.text + tl - 1 > near + 6) {
            /* the quoted input as the line reader echoes a word (Python's
             * repr: invisible characters too, \ufeff, \u202e) */
            fr_buf b = { 0 };
            fr_buf_put(&b, err.text, (size_t)(near - err.text) + 6);
            fr_echo_value(&b, near + 7, (size_t)(err.text + tl - 1 - (near + 7)));
            fr_buf_putc(&b, '\0');
            shown(et, b.oom ? err.text : b.p);
            fr_buf_free(&b);
        } else {
            shown(et, err.text);
        }
        if (err.line > 1)
            return reject(j, ev, "not a JSON config: %s (line %d, column %d)", et, err.line, err.column);
        return reject(j, ev, "not a JSON config: %s (column %d)%s", et, err.column,
                      cmdline ? "; a command line is read with --input line"
                      : cut   ? "; a config is one line of JSON (jq -c writes them so)"
                              : "");
    }
    if (!json_is_object(root)) {
        const char *what = json_is_array(root) ? "an array" : "a single value";
        json_decref(root);
        return reject(j, ev, "a JSON config is an object, {\"KEY\": VALUE, ...}, not %s", what);
    }
    size_t n = json_object_size(root);
    if (n > j->cap) {
        size_t cap = n + 16;
        size_t *k = realloc(j->keys, cap * sizeof *k);
        if (!k)
            cli_oom();
        j->keys = k;
        fr_value *v = realloc(j->vals, cap * sizeof *v);
        if (!v)
            cli_oom();
        j->vals = v;
        j->cap = cap;
    }
    size_t m = 0;
    const char *name;
    json_t *v;
    const fr_result *res = NULL;
    char sh[SHOWN_SIZE];
    json_object_foreach(root, name, v) {
        long k = member_key(j->rs, name, strlen(name));
        if (k == MEMBER_PROGRAM)
            continue;   /* (its value is the program's to check) */
        if (k == MEMBER_CONST) {
            res = const_member(j, ev, name);
            break;
        }
        if (k < 0) {
            if (j->ignore_unknown && k != MEMBER_AMBIGUOUS)
                continue;   /* (argparse refuses an ambiguous prefix whatever) */
            shown(sh, name);
            long fk = name[0] == '-' ? key_of_spelling(j->rs, name) : -1;
            const char *near = fk >= 0 ? fr_key_name(j->rs, (size_t)fk) : near_key(j, name);
            if (k == MEMBER_AMBIGUOUS)
                res = ambiguous(j, ev, name);
            else if (fk >= 0)
                res = reject(j, ev, "unknown key '%s': a JSON config names a flag without its dashes ('%s') or its key ('%s')",
                             sh, sh + strspn(sh, "-"), near);
            else if (near)
                res = reject(j, ev, "unknown key '%s'; did you mean '%s'?", sh, near);
            else
                res = reject(j, ev, "unknown key '%s'", sh);
            break;
        }
        fr_value *fv = &j->vals[m];
        memset(fv, 0, sizeof *fv);
        switch (json_typeof(v)) {
        case JSON_TRUE:
        case JSON_FALSE:
            fv->type = FR_BOOL;
            fv->i = json_is_true(v);
            break;
        case JSON_INTEGER:
            fv->type = FR_INT;
            fv->i = (int64_t)json_integer_value(v);
            break;
        case JSON_STRING:
            fv->type = FR_STRING;
            fv->s = json_string_value(v);
            fv->len = json_string_length(v);
            break;
        case JSON_NULL:
            fv->is_null = true;
            fv->type = FR_STRING;
            break;
        case JSON_REAL: {
            /* no key takes a fraction: an integral number (1e3, 8.0)
             * is the integer for an int key; anything else is refused
             * with what the key expects */
            double d = json_real_value(v);
            int kt = fr_key_type(j->rs, (size_t)k);
            /* (the double may be a neighbour of the number written: its
             * digits decide, real_member_int; as_real: a JSON integer
             * read as a double is the integer again, as JSON_INTEGER) */
            int64_t x = 0;
            bool allints = false;
            int exact = (kt == FR_INT || as_real) && d >= -0x1p63 && d <= 0x1p63
                            ? real_member_int(j, text, len, d, &x, as_real, &allints) : 0;
            if (exact == 1 && (kt == FR_INT || allints)) {
                fv->type = FR_INT;
                fv->i = x;
                break;
            }
            if (as_real && allints && exact != 1)
                exact = 2;   /* (an integer past 64 bits, whatever the key) */
            fr_buf b = { 0 };
            fr_type_expect_text(&b, j->rs, j->rs->keys[k].type);
            shown(sh, name);
            char num[128];
            /* the number as written, when it is the only one of its double
             * on the line (a long one cut), else the double */
            const struct numtok *t = only_numtok(j, text, len, d);
            if (t && t->len <= 64)
                snprintf(num, sizeof num, "%.*s", (int)t->len, text + t->off);
            else if (t)
                snprintf(num, sizeof num, "%.48s... (%zu characters)", text + t->off, t->len);
            else
                shortest(num, d);
            /* (an integral number past the int64 range: said, as for a
             * command line's integer out of range) */
            bool range = (kt == FR_INT && (d < -0x1p63 || d > 0x1p63)) || exact == 2;   /* (so large, a double is integral) */
            bool inexact = !t && kt == FR_INT && !range && d == (double)(int64_t)d;   /* (as a double) */
            res = reject(j, ev, "%s expects %s, got %s%s", sh, b.p && !b.oom ? b.p : "another value", num,
                         range ? " (out of the 64-bit range)"
                         : inexact ? " (two numbers of the line read as this double, and one is no "
                                     "integer as written)" : "");
            fr_buf_free(&b);
            break;
        }
        default:
            shown(sh, name);
            res = reject(j, ev, "%s: %s is not a value (a value is true, false, an integer, a string or null)",
                         sh, json_kind(v));
            break;
        }
        if (res)
            break;
        j->keys[m++] = (size_t)k;
    }
    if (!res)
        res = fr_eval_values(ev, m, j->keys, j->vals);
    json_decref(root);   /* (the result's strings were copied by the library) */
    return res;
}

int cli_opt_input(const char *cmd, int argc, char **argv, int *i)
{
    const char *a = argv[*i], *v;
    if (a[7] == '=')
        v = a + 8;
    else if (*i + 1 < argc)
        v = argv[++*i];
    else {
        cli_err("%s: option '--input' needs a value: line or json", cmd);
        return -1;
    }
    if (!strcmp(v, "line"))
        return 0;
    if (!strcmp(v, "json"))
        return 1;
    static const char *const cand[] = { "line", "json" };
    const char *best = fr_did_you_mean(v, strlen(v), cand, 2);
    cli_err("%s: unknown input '%s' (choose from line, json)%s%s%s", cmd, v, best ? "; did you mean '" : "",
            best ? best : "", best ? "'?" : "");
    return -1;
}

const fr_result *cli_eval_json_words(cli_jin *j, fr_eval *ev, size_t n, const char *const *words)
{
    size_t len = 0;
    for (size_t i = 0; i < n; i++)
        len += strlen(words[i]) + 1;
    char *t = malloc(len + 1), *p = t;
    if (!t)
        cli_oom();
    for (size_t i = 0; i < n; i++) {
        size_t l = strlen(words[i]);
        memcpy(p, words[i], l);
        p += l;
        *p++ = ' ';
    }
    const fr_result *res = cli_eval_json(j, ev, t, (size_t)(p - t));
    free(t);
    return res;
}
