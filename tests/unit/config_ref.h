/* config_ref.h — the config reader as it was before the fast paths
 * (flagrule commit 92d88cc, src/config.c), renamed ref_*: the reference
 * test_config.c compares the reader with, on random lines.  Not built on
 * its own: included by test_config.c only. */
#include <ctype.h>
#ifndef CONFIG_REF_H
#define CONFIG_REF_H
#include <stdlib.h>
#include <string.h>

#include "misspell.h"

typedef struct ref_spell {
    const char *s;        /* NULL: empty slot */
    uint32_t    len;
    uint32_t    key;
    uint32_t    hash;
} ref_spell;

typedef struct ref_evslot {
    const char *s;        /* NULL: empty slot */
    uint32_t    len, hash, enum_id, value;
} ref_evslot;

typedef struct ref_spellmap {
    ref_spell    *slots;
    uint32_t     mask;
    ref_evslot   *evals;          /* enum values: (enum, name) -> index */
    uint32_t     emask;
    int          little_endian;
    const char **flag_spellings;  uint32_t nflag_spellings;   /* for did-you-mean */
    const char **var_names;       uint32_t nvar_names;        /* env + fact names */
} ref_spellmap;

typedef struct ref_word {
    uint32_t off, len;    /* into the store */
} ref_word;

typedef struct ref_cfgin {
    const fr_ruleset  *rs;
    const ref_spellmap *map;
    fr_val    *input;      /* [nkeys]: set to the defaults by the caller */
    uint8_t   *given;      /* [nkeys]: all 0 on entry */
    uint32_t  *given_keys; /* [nkeys]: keys given, in first-given order */
    uint32_t   ngiven;
    fr_buf     store;      /* unquoted word bytes; values point into it */
    ref_word   *words;      /* scratch (reused) */
    size_t     nwords, capwords;
    fr_buf     reason;     /* the invalid reason */
    bool       ignore_unknown; /* skip flags the rules do not declare */
    bool       from_argv;      /* while ref_config_argv reads (for reasons) */
    uint8_t    fb[64];         /* env key k given a value of the wrong type last */
} ref_cfgin;

/* ---- spelling map ------------------------------------------------------------ */

static inline uint32_t sp_hash(const char *s, size_t n)
{
    uint64_t h = (uint64_t)n * 0x9e3779b97f4a7c15ull;
    while (n >= 8) {
        uint64_t w;
        memcpy(&w, s, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdull;
        h ^= h >> 29;
        s += 8;
        n -= 8;
    }
    if (n) {
        uint64_t w = 0;
        for (size_t i = 0; i < n; i++)
            w |= (uint64_t)(unsigned char)s[i] << (8 * i);
        h = (h ^ w) * 0xff51afd7ed558ccdull;
        h ^= h >> 29;
    }
    h *= 0xc4ceb9fe1a85ec53ull;
    return (uint32_t)(h >> 32);
}

static int sp_insert(ref_spellmap *m, const char *s, uint32_t key)
{
    size_t len = strlen(s);
    uint32_t h = sp_hash(s, len);
    for (uint32_t i = h & m->mask;; i = (i + 1) & m->mask) {
        ref_spell *sl = &m->slots[i];
        if (!sl->s) {
            sl->s = s;
            sl->len = (uint32_t)len;
            sl->key = key;
            sl->hash = h;
            return 0;
        }
        if (sl->hash == h && sl->len == len && memcmp(sl->s, s, len) == 0)
            return 0;   /* duplicate: first wins (the compiler rejects these) */
    }
}

static int ref_spellmap_build(fr_arena *a, const fr_ruleset *rs, ref_spellmap *m)
{
    memset(m, 0, sizeof *m);
    size_t nflag = 0, nvar = 0;
    for (uint32_t k = 0; k < rs->nkeys; k++) {
        if (rs->keys[k].kind == FR_KEY_FLAG)
            nflag += rs->keys[k].ncli;
        else
            nvar++;
    }
    size_t total = nflag + nvar, cap = 16;
    while (cap < 2 * total + 2)
        cap *= 2;
    m->slots = fr_arena_array(a, cap, sizeof *m->slots);
    m->flag_spellings = fr_arena_array(a, nflag + 1, sizeof(char *));
    m->var_names = fr_arena_array(a, nvar + 1, sizeof(char *));
    if (!m->slots || !m->flag_spellings || !m->var_names)
        return -1;
    m->mask = (uint32_t)cap - 1;
    {
        uint16_t probe = 1;
        unsigned char first;
        memcpy(&first, &probe, 1);
        m->little_endian = first == 1;
    }
    /* enum values */
    size_t nev = 0;
    for (uint32_t e = 0; e < rs->nenums; e++)
        nev += rs->enums[e].nvalues;
    size_t ecap = 16;
    while (ecap < 2 * nev + 2)
        ecap *= 2;
    m->evals = fr_arena_array(a, ecap, sizeof *m->evals);
    if (!m->evals)
        return -1;
    m->emask = (uint32_t)ecap - 1;
    for (uint32_t e = 0; e < rs->nenums; e++)
        for (uint32_t v = 0; v < rs->enums[e].nvalues; v++) {
            const char *name = rs->enums[e].values[v];
            size_t n = strlen(name);
            uint32_t h = sp_hash(name, n) ^ (e * 0x9e3779b9u);
            for (uint32_t i = h & m->emask;; i = (i + 1) & m->emask) {
                ref_evslot *sl = &m->evals[i];
                if (!sl->s) {
                    sl->s = name;
                    sl->len = (uint32_t)n;
                    sl->hash = h;
                    sl->enum_id = e;
                    sl->value = v;
                    break;
                }
                if (sl->hash == h && sl->enum_id == e && sl->len == n && memcmp(sl->s, name, n) == 0)
                    break;   /* a duplicate value: the first wins */
            }
        }
    for (uint32_t k = 0; k < rs->nkeys; k++) {
        const fr_key *key = &rs->keys[k];
        if (key->kind == FR_KEY_FLAG) {
            for (uint32_t j = 0; j < key->ncli; j++) {
                sp_insert(m, key->cli[j], k);
                m->flag_spellings[m->nflag_spellings++] = key->cli[j];
            }
        } else {
            sp_insert(m, key->name, k);
            m->var_names[m->nvar_names++] = key->name;
        }
    }
    return 0;
}

/* The same for a word followed by at least 8 readable bytes (the config
 * store pads its words): the tail is read as one 8-byte word. */
static inline uint32_t sp_hash_padded(const char *s, size_t n)
{
    uint64_t h = (uint64_t)n * 0x9e3779b97f4a7c15ull;
    while (n >= 8) {
        uint64_t w;
        memcpy(&w, s, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdull;
        h ^= h >> 29;
        s += 8;
        n -= 8;
    }
    if (n) {
        uint64_t w;
        memcpy(&w, s, 8);
        w &= ~0ull >> (8 * (8 - n));   /* little-endian: keep the first n bytes */
        h = (h ^ w) * 0xff51afd7ed558ccdull;
        h ^= h >> 29;
    }
    h *= 0xc4ceb9fe1a85ec53ull;
    return (uint32_t)(h >> 32);
}

static inline __attribute__((always_inline)) int32_t find_padded(const ref_spellmap *m, const char *s, size_t len)
{
    uint32_t h = m->little_endian ? sp_hash_padded(s, len) : sp_hash(s, len);
    for (uint32_t i = h & m->mask;; i = (i + 1) & m->mask) {
        const ref_spell *sl = &m->slots[i];
        if (!sl->s)
            return -1;
        if (sl->hash == h && sl->len == len && memcmp(sl->s, s, len) == 0)
            return (int32_t)sl->key;
    }
}

/* An enum value by name (strings of the config store, padded), or -1. */
static inline int32_t find_enum_value(const ref_spellmap *m, uint32_t enum_id, const char *s, size_t len)
{
    if (!m->evals)
        return -1;
    uint32_t h = (m->little_endian ? sp_hash_padded(s, len) : sp_hash(s, len)) ^ (enum_id * 0x9e3779b9u);
    for (uint32_t i = h & m->emask;; i = (i + 1) & m->emask) {
        const ref_evslot *sl = &m->evals[i];
        if (!sl->s)
            return -1;
        if (sl->hash == h && sl->enum_id == enum_id && sl->len == len && memcmp(sl->s, s, len) == 0)
            return (int32_t)sl->value;
    }
}

static int32_t ref_spellmap_find(const ref_spellmap *m, const char *s, size_t len)
{
    uint32_t h = sp_hash(s, len);
    for (uint32_t i = h & m->mask;; i = (i + 1) & m->mask) {
        const ref_spell *sl = &m->slots[i];
        if (!sl->s)
            return -1;
        if (sl->hash == h && sl->len == len && memcmp(sl->s, s, len) == 0)
            return (int32_t)sl->key;
    }
}

/* ---- reasons -------------------------------------------------------------------- */

/* The spec of an echoed value: the whole repr up to 256 bytes; longer, the
 * repr of the longest prefix of at most 160 bytes that ends before a UTF-8
 * lead byte (or an ASCII one), then "... (N bytes)". */
static void reason_value(fr_buf *r, const char *s, size_t len)
{
    if (len > 256) {
        size_t keep = 0;
        for (size_t i = 1; i <= 160; i++)
            if (((unsigned char)s[i] & 0xC0) != 0x80)
                keep = i;
        fr_pyrepr_str(r, s, keep);
        fr_buf_printf(r, "... (%zu bytes)", len);
    } else {
        fr_pyrepr_str(r, s, len);
    }
}

/* A value in a suggested command line: past 256 bytes, a placeholder. */
static void hint_value(fr_buf *r, const char *s, size_t len)
{
    if (len > 256)
        fr_buf_printf(r, "VALUE (the %zu bytes given)", len);
    else
        fr_shell_quote(r, s, len);
}

static void did_you_mean(fr_buf *r, const char *word, size_t len, const char *const *cand, size_t n)
{
    const char *best = fr_did_you_mean(word, len, cand, n);
    if (best) {
        fr_buf_puts(r, "; did you mean '");
        fr_buf_puts(r, best);
        fr_buf_puts(r, "'?");
    }
}

/* "NAME expects T, got 'V'" (+ did you mean for enums).  In a config line
 * only a fact is null for the words null and None; a flag for its null
 * words; an env key never. */
static int bad_value(const fr_ruleset *rs, uint32_t k, const char *name, size_t nlen,
                     const char *v, size_t vlen, fr_parse_rc rc, fr_buf *r)
{
    const fr_key *key = &rs->keys[k];
    fr_type t = key->type;
    if (key->kind != FR_KEY_FACT)
        t.nullable = 0;
    fr_buf_put(r, name, nlen);
    fr_buf_puts(r, " expects ");
    fr_type_expect_text(r, rs, t);
    if (key->nnulls) {
        fr_buf_puts(r, " (or null:");
        for (uint32_t i = 0; i < key->nnulls; i++) {
            fr_buf_puts(r, i ? ", " : " ");
            reason_value(r, key->nulls[i], strlen(key->nulls[i]));
        }
        fr_buf_puts(r, ")");
    }
    fr_buf_puts(r, ", got ");
    reason_value(r, v, vlen);
    if (rc == FR_PARSE_RANGE)
        fr_buf_puts(r, " (out of the 64-bit range)");
    if (key->kind == FR_KEY_FLAG && key->type.nullable && !key->nnulls &&
        ((vlen == 4 && memcmp(v, "null", 4) == 0) || (vlen == 4 && memcmp(v, "None", 4) == 0))) {
        fr_buf_puts(r, "; for null, leave the flag out");
        return 1;
    }
    if (key->nnulls && fr_did_you_mean(v, vlen, key->nulls, key->nnulls)) {
        did_you_mean(r, v, vlen, key->nulls, key->nnulls);
        return 1;
    }
    if (key->type.kind == FR_T_ENUM) {
        const fr_enum *e = &rs->enums[key->type.enum_id];
        did_you_mean(r, v, vlen, e->values, e->nvalues);
    }
    return 1;
}

static __attribute__((unused)) int ref_config_value(const fr_ruleset *rs, uint32_t k, const char *what, const char *s, size_t len,
                    fr_val *out, fr_buf *reason)
{
    fr_parse_rc rc = fr_value_parse(rs, rs->keys[k].type, s, len, out);
    if (rc == FR_PARSE_OK)
        return 0;
    return bad_value(rs, k, what, strlen(what), s, len, rc, reason);
}

/* ---- words ------------------------------------------------------------------------ */

static int push_word(ref_cfgin *c, size_t off, size_t len)
{
    if (c->nwords == c->capwords &&
        fr_vec_reserve((void **)&c->words, &c->capwords, c->nwords + 1, sizeof *c->words) < 0)
        return -1;
    c->words[c->nwords].off = (uint32_t)off;
    c->words[c->nwords].len = (uint32_t)len;
    c->nwords++;
    return 0;
}

static int invalid(ref_cfgin *c, const char *msg)
{
    fr_buf_puts(&c->reason, msg);
    return c->reason.oom ? -1 : 1;
}

/* Bytes that end a run of ordinary word bytes: blanks, quotes, backslash. */
static const unsigned char word_class[256] = {
    [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\\'] = 2, ['\''] = 2, ['"'] = 2,
};

/* Bytes of a NAME in NAME=VALUE after the first: [A-Za-z0-9_]. */
static const unsigned char name_class[256] = {
    ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1,
    ['9'] = 1, ['_'] = 1,
    ['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1, ['G'] = 1, ['H'] = 1, ['I'] = 1,
    ['J'] = 1, ['K'] = 1, ['L'] = 1, ['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1,
    ['S'] = 1, ['T'] = 1, ['U'] = 1, ['V'] = 1, ['W'] = 1, ['X'] = 1, ['Y'] = 1, ['Z'] = 1,
    ['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1, ['i'] = 1,
    ['j'] = 1, ['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1,
    ['s'] = 1, ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1, ['y'] = 1, ['z'] = 1,
};

/* Word-at-a-time byte search (little-endian hosts): the index of the first
 * byte equal to ch in s[0..len), or len.  Reads whole 8-byte words up to 7
 * bytes past s + len: only for the config store, which is padded. */
static inline uint64_t ld8(const char *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
    return w;
}

static inline size_t find_byte_padded(const char *s, size_t len, unsigned char ch)
{
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    uint64_t pat = ones * ch;
    for (size_t i = 0; i < len; i += 8) {
        uint64_t y = ld8(s + i) ^ pat;
        uint64_t hit = (y - ones) & ~y & highs;
        if (hit) {
            size_t at = i + (size_t)(__builtin_ctzll(hit) >> 3);
            return at < len ? at : len;
        }
    }
    return len;
}

/* Splits a line into words (unquoted into c->store). */
static int split_line(ref_cfgin *c, const char *line, size_t len)
{
    if (len > UINT32_MAX - 64)
        return invalid(c, "config line too long");
    c->store.len = 0;
    if (fr_buf_reserve(&c->store, len + 16) < 0)
        return -1;
    char *out = c->store.p;
    /* Fast path: no quotes, backslashes, comments, tabs or newlines (the
     * common launch line): copy once, cut at the spaces. */
    memcpy(out, line, len);
    out[len] = '\0';
    size_t special = strcspn(out, "'\"\\#\t\n");
    if (special < len && out[special] == '\0')
        return invalid(c, "NUL byte in the config");
    if (special >= len) {
        memset(out + len + 1, 0, 8);   /* padding for word-at-a-time reads */
        int le = c->map->little_endian;
        size_t i = 0;
        while (i < len) {
            if (out[i] == ' ') {
                i++;
                continue;
            }
            size_t end;
            if (le)
                end = i + find_byte_padded(out + i, len - i, ' ');
            else {
                const char *sp = memchr(out + i, ' ', len - i);
                end = sp ? (size_t)(sp - out) : len;
            }
            if (push_word(c, i, end - i) < 0)
                return -1;
            out[end] = '\0';
            i = end + 1;
        }
        c->store.len = len + 1;
        return 0;
    }
    if (memchr(line + special, '\0', len - special))
        return invalid(c, "NUL byte in the config");
    c->nwords = 0;
    size_t o = 0, i = 0;
    for (;;) {
        while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\n'))
            i++;
        if (i >= len || line[i] == '#')
            break;
        size_t start = o;
        while (i < len) {
            /* a run of ordinary bytes */
            size_t run = i;
            while (run < len && !word_class[(unsigned char)line[run]])
                run++;
            if (run > i) {
                memcpy(out + o, line + i, run - i);
                o += run - i;
                i = run;
                if (i >= len)
                    break;
            }
            char ch = line[i];
            if (ch == ' ' || ch == '\t' || ch == '\n')
                break;
            if (ch == '\\') {
                if (i + 1 >= len) {          /* a continued line (the reader's change of 2026-12-07) */
                    return invalid(c, o == start ? "the line ends with a lone '\\' (a shell line continuation): "
                                                   "a config is one line; join it with the next"
                                                 : "the line ends with '\\' (a shell line continuation): "
                                                   "a config is one line; join it with the next (or write '\\\\' "
                                                   "for a backslash)");
                } else if (line[i + 1] == '\n') {
                    i += 2;
                } else {
                    out[o++] = line[i + 1];
                    i += 2;
                }
            } else if (ch == '\'') {
                const char *q = memchr(line + i + 1, '\'', len - i - 1);
                if (!q)
                    return invalid(c, "unterminated single quote");
                size_t n = (size_t)(q - (line + i + 1));
                memcpy(out + o, line + i + 1, n);
                o += n;
                i += n + 2;
            } else if (ch == '"') {
                i++;
                for (;;) {
                    if (i >= len)
                        return invalid(c, "unterminated double quote");
                    char d = line[i];
                    if (d == '"') {
                        i++;
                        break;
                    }
                    if (d == '\\' && i + 1 < len) {
                        char e = line[i + 1];
                        if (e == '\\' || e == '"' || e == '$' || e == '`') {
                            out[o++] = e;
                            i += 2;
                            continue;
                        }
                        if (e == '\n') {
                            i += 2;
                            continue;
                        }
                    }
                    out[o++] = d;
                    i++;
                }
            } else {
                out[o++] = ch;
                i++;
            }
        }
        if (push_word(c, start, o - start) < 0)
            return -1;
        out[o++] = '\0';   /* values are NUL-terminated strings */
    }
    c->store.len = o;
    memset(out + o, 0, 8);   /* padding for word-at-a-time reads */
    return 0;
}

/* ---- meaning ------------------------------------------------------------------------ */

static void set_key(ref_cfgin *c, uint32_t k, fr_val v)
{
    if (k < 64)
        c->fb[k] = 0;   /* (the last value given counts) */
    c->input[k] = v;
    if (!c->given[k]) {
        c->given[k] = 1;
        c->given_keys[c->ngiven++] = k;
    }
}

static int is_assignment(const char *w, size_t len, size_t *eq)
{
    if (len == 0 || !name_class[(unsigned char)w[0]] || (w[0] >= '0' && w[0] <= '9'))
        return 0;
    size_t i = 1;
    while (i < len && name_class[(unsigned char)w[i]])
        i++;
    if (i < len && w[i] == '=') {
        *eq = i;
        return 1;
    }
    return 0;
}

/* A near miss of an env/fact name (for leading NAME=VALUE words). */
static const char *near_var(const ref_spellmap *m, const char *w, size_t len)
{
    const char *best = NULL;
    size_t bestd = 3;
    for (uint32_t i = 0; i < m->nvar_names; i++) {
        const char *cand = m->var_names[i];
        size_t cl = strlen(cand);
        if (cl + 2 < len || len + 2 < cl)
            continue;
        size_t d = fr_edit_distance(w, len, cand, cl);
        if (d < bestd) {
            bestd = d;
            best = cand;
        }
    }
    return best;
}

/* A near miss of a flag's key name or alias (for NAME=VALUE words that name
 * no key): the nearest within two edits, one for a name under six bytes
 * (keys first, then aliases, the first of equals); -1 for none.  (Added
 * after 92d88cc, with the reader's near_flag_key.) */
static int32_t ref_near_flag(const fr_ruleset *rs, const char *w, size_t len, const char **name)
{
    int32_t best = -1;
    size_t bestd = 99;
    for (uint32_t pass = 0; pass < 2; pass++) {
        uint32_t n = pass ? rs->naliases : rs->nkeys;
        for (uint32_t i = 0; i < n; i++) {
            uint32_t k = pass ? rs->alias_keys[i] : i;
            if (k >= rs->nkeys || rs->keys[k].kind != FR_KEY_FLAG || rs->keys[k].ncli == 0)
                continue;
            const char *cand = pass ? rs->alias_names[i] : rs->keys[k].name;
            size_t cl = strlen(cand);
            size_t d = fr_edit_distance(w, len, cand, cl);
            if (d <= (cl >= 6 ? 2u : 1u) && d < bestd) {
                bestd = d;
                best = (int32_t)k;
                *name = cand;
            }
        }
    }
    return best;
}

static int ref_near_flag_reason(const fr_ruleset *rs, fr_buf *r, const char *w, size_t nlen, const char *v,
                                size_t vlen)
{
    const char *name = NULL;
    int32_t k = ref_near_flag(rs, w, nlen, &name);
    if (k < 0)
        return 0;
    const fr_key *key = &rs->keys[k];
    fr_buf_puts(r, "unknown variable ");
    reason_value(r, w, nlen);
    fr_buf_puts(r, "; did you mean the flag ");
    fr_buf_puts(r, name);
    fr_val b;
    if (key->is_switch && fr_value_parse(rs, key->type, v, vlen, &b) == FR_PARSE_OK && !b.i) {
        fr_buf_puts(r, "? leave it out (");
        fr_buf_puts(r, key->cli[0]);
        fr_buf_puts(r, " is a switch, off unless given)");
        return r->oom ? -1 : 1;
    }
    fr_buf_puts(r, "? write ");
    fr_buf_puts(r, key->cli[0]);
    if (!key->is_switch) {
        fr_buf_putc(r, key->type.kind == FR_T_BOOL ? '=' : ' ');
        hint_value(r, v, vlen);
    }
    return r->oom ? -1 : 1;
}

/* fr_value_parse with the enum hash of the map (for padded words). */
static inline __attribute__((always_inline)) fr_parse_rc parse_value(const ref_spellmap *m, const fr_ruleset *rs, fr_type t, const char *s,
                                      size_t len, fr_val *out)
{
    if (t.kind == FR_T_INT && len && len <= 18) {
        /* plain decimal digits (most values): no sign, underscore or range
         * check needed */
        int64_t v = 0;
        size_t i = 0;
        for (; i < len && (unsigned)(s[i] - '0') <= 9; i++)
            v = v * 10 + (s[i] - '0');
        if (i == len) {
            out->i = v;
            out->s = NULL;
            out->is_null = 0;
            return FR_PARSE_OK;
        }
    }
    if (t.kind == FR_T_ENUM) {
        int32_t v = find_enum_value(m, t.enum_id, s, len);
        if (v >= 0) {
            out->i = v;
            out->s = NULL;
            out->is_null = 0;
            return FR_PARSE_OK;
        }
    }
    return fr_value_parse(rs, t, s, len, out);
}

/* Key k's value from a config word (see bad_value for null). */
static fr_parse_rc word_value_ref(const ref_spellmap *m, const fr_ruleset *rs, uint32_t k, const char *s,
                                  size_t len, fr_val *out)
{
    const fr_key *key = &rs->keys[k];
    fr_type t = key->type;
    if (key->kind != FR_KEY_FACT) {
        for (uint32_t i = 0; i < key->nnulls; i++)
            if (strlen(key->nulls[i]) == len && memcmp(key->nulls[i], s, len) == 0) {
                out->i = 0;
                out->s = NULL;
                out->is_null = 1;
                return FR_PARSE_OK;
            }
        t.nullable = 0;
    }
    return parse_value(m, rs, t, s, len, out);
}

/* Python's argparse accepts any unambiguous prefix of a long option
 * (`--tp 8` for `--tp-size 8`, allow_abbrev), so launch lines written for
 * such programs use them.  On a miss of the exact lookup: the flag spellings
 * that start with the word; one -> its key *k (0 returned); several -> 1
 * (ambiguous, also of one key); none -> *k = -1, 0.  Only when an exact lookup failed, so the
 * hot path does not pay it. */
/* Spelling sp of key: the index of it among the key's spellings that give
 * a constant, else -1 (those spellings: argparse actions of their own). */
static int ref_const_of(const fr_key *key, const char *sp)
{
    for (uint32_t j = 0; key->cli_const && j < key->ncli; j++)
        if (key->cli_const[j] && strcmp(key->cli[j], sp) == 0)
            return (int)j;
    return -1;
}

static int abbrev_key(const ref_spellmap *m, const char *w, size_t len, int32_t *k, const char **spell)
{
    *k = -1;
    *spell = NULL;
    if (len < 3)
        return 0;
    for (uint32_t i = 0; i < m->nflag_spellings; i++) {
        const char *sp = m->flag_spellings[i];
        if (strncmp(sp, w, len) != 0 || sp[len] == '\0')
            continue;
        if (*spell) {   /* (argparse counts option strings, not keys) */
            *k = -1;
            *spell = NULL;
            return 1;
        }
        *k = ref_spellmap_find(m, sp, strlen(sp));
        *spell = sp;
    }
    return 0;
}

static void list_prefixed(fr_buf *r, const ref_spellmap *m, const char *w, size_t len)
{
    int first = 1;
    for (uint32_t i = 0; i < m->nflag_spellings; i++) {
        const char *sp = m->flag_spellings[i];
        if (strncmp(sp, w, len) != 0)
            continue;
        fr_buf_puts(r, first ? "" : ", ");
        fr_buf_puts(r, sp);
        first = 0;
    }
}

/* A decimal digit at s[0..n) (one UTF-8 sequence, its length in *len), as
 * Python's \\d reads it: asked of the int reader, which takes a lone digit
 * of any script and nothing else of one code point. */
static int ref_digit(const char *s, size_t n, size_t *len)
{
    unsigned char c = (unsigned char)s[0];
    size_t l = c < 0x80 ? 1 : c >> 5 == 6 ? 2 : c >> 4 == 14 ? 3 : c >> 3 == 30 ? 4 : 1;
    if (l > n)
        l = n;
    *len = l;
    int64_t v;
    return c != ' ' && !(c >= '\t' && c <= '\r') && fr_parse_int(s, l, &v) == FR_PARSE_OK;
}

/* argparse's negative number pattern, ^-\\d+$|^-\\d*\\.\\d+$, as Python's re
 * reads it ($ also before a last newline). */
static int ref_negative_number(const char *w, size_t n)
{
    if (n && w[n - 1] == '\n')
        n--;
    if (n < 2 || w[0] != '-')
        return 0;
    size_t i = 1, l, d1 = 0, d2 = 0;
    while (i < n && ref_digit(w + i, n - i, &l))
        i += l, d1++;
    if (i == n)
        return d1 > 0;
    if (w[i] != '.')
        return 0;
    for (i++; i < n && ref_digit(w + i, n - i, &l); i += l)
        d2++;
    return i == n && d2 > 0;
}

/* argparse's _parse_optional, for a word after a flag that takes a value:
 * an option when it names one (a spelling, with '=' and its value or not, a
 * prefix of spellings, even an ambiguous one, --help, -h with or without
 * more), else a value when it is '-' alone, matches the negative number
 * pattern or holds a space, else an option. */
static int ref_option_like(const ref_spellmap *m, const char *w, size_t n)
{
    if (n < 2 || w[0] != '-')
        return 0;
    if (w[1] == '-') {
        size_t s = 0;
        while (s < n && w[s] != '=')
            s++;
        int32_t k;
        const char *sp;
        if ((s == 6 && memcmp(w, "--help", 6) == 0) || ref_spellmap_find(m, w, s) >= 0 || abbrev_key(m, w, s, &k, &sp) ||
            k >= 0)
            return 1;
    } else if (w[1] == 'h')
        return 1;
    if (ref_negative_number(w, n))
        return 0;
    return memchr(w, ' ', n) == NULL;
}

/* With ignore_unknown, a flag the rules do not declare is skipped, however
 * close to a declared one, and so are the words after it that look like its
 * values when no '=' gave one: a word that does not start with '-' (or is a
 * negative number) and is not NAME=VALUE of an env/fact key.  Returns the
 * number of extra words skipped. */
static size_t skip_unknown_values(const ref_cfgin *c, const char *base, size_t i, bool has_eq)
{
    if (has_eq)
        return 0;
    size_t j = i + 1;
    for (; j < c->nwords; j++) {
        const char *n = base + c->words[j].off;
        size_t nlen = c->words[j].len, eq;
        if (ref_option_like(c->map, n, nlen))
            break;
        if (is_assignment(n, nlen, &eq)) {
            int32_t k = ref_spellmap_find(c->map, n, eq);
            if (k >= 0 && c->rs->keys[k].kind != FR_KEY_FLAG)
                break;
        }
    }
    return j - i - 1;
}

/* A one-dash word whose two-dash form is a flag spelling, or from two
 * letters on the prefix of a flag's spellings: "unknown flag" with that
 * form as the hint, or the spellings it could be (1, -1), else 0. */
static int one_dash(ref_cfgin *c, const char *w, size_t len)
{
    size_t skip = 1;   /* the one dash, or an em or en dash (UTF-8) */
    if (len > 3 && (memcmp(w, "\xe2\x80\x94", 3) == 0 || memcmp(w, "\xe2\x80\x93", 3) == 0))
        skip = 3;
    else if (len < 2 || w[0] != '-' || w[1] == '-' || ref_negative_number(w, len))
        return 0;
    if (memchr(w, ' ', len))
        return 0;
    size_t slen = 0;
    while (slen < len && w[slen] != '=')
        slen++;
    if (slen <= skip)
        return 0;
    char two[256];
    size_t n = 2 + slen - skip;
    if (n > sizeof two)
        return 0;
    memcpy(two, "--", 2);
    memcpy(two + 2, w + skip, slen - skip);
    int32_t k = ref_spellmap_find(c->map, two, n);
    fr_buf *r = &c->reason;
    if (k < 0 || c->rs->keys[k].kind != FR_KEY_FLAG) {
        const char *sp;
        if (n < 4)
            return 0;
        if (abbrev_key(c->map, two, n, &k, &sp)) {
            /* the prefix of several: listed */
            fr_buf_puts(r, "unknown flag ");
            reason_value(r, w, slen);
            fr_buf_puts(r, "; with two dashes it could be ");
            list_prefixed(r, c->map, two, n);
            return r->oom ? -1 : 1;
        }
        if (k < 0)
            return 0;
    }
    fr_buf_puts(r, "unknown flag ");
    reason_value(r, w, slen);
    fr_buf_puts(r, "; did you mean '");
    fr_buf_put(r, two, n);
    fr_buf_puts(r, "'?");
    return r->oom ? -1 : 1;
}

/* An empty flag name (`--=5`, `-=5`, `---`), `--help` or `-h`: invalid even with
 * ignore_unknown (1, -1), else 0. */
static int config_slip(ref_cfgin *c, const char *w, size_t len, size_t slen)
{
    fr_buf *r = &c->reason;
    int empty = 1;
    for (size_t j = 0; j < slen; j++)
        if (w[j] != '-')
            empty = 0;
    if (empty) {
        fr_buf_puts(r, "empty flag name in ");
        reason_value(r, w, len);
        return r->oom ? -1 : 1;
    }
    if ((len == 6 && memcmp(w, "--help", 6) == 0) || (len == 2 && memcmp(w, "-h", 2) == 0)) {
        reason_value(r, w, len);
        fr_buf_puts(r, " is not a flag of the rules (it is read as a word of the config); "
                       "for the command's help: flagrule check --help");
        return r->oom ? -1 : 1;
    }
    return 0;
}

static int interpret(ref_cfgin *c)
{
    const fr_ruleset *rs = c->rs;
    const ref_spellmap *m = c->map;
    const char *base = c->store.p;
    fr_buf *r = &c->reason;
    int program = 1;
    for (size_t i = 0; i < c->nwords; i++) {
        const char *w = base + c->words[i].off;
        size_t len = c->words[i].len;
        if (len >= 2 && w[0] == '-' && w[1] == '-') {
            program = 0;
            if (len == 2)
                return invalid(c, "unexpected argument '--'");
            const char *eq;
            if (m->little_endian) {
                size_t at = find_byte_padded(w, len, '=');
                eq = at < len ? w + at : NULL;
            } else
                eq = memchr(w, '=', len);
            size_t slen = eq ? (size_t)(eq - w) : len;
            int32_t k = find_padded(m, w, slen);
            const char *spell = NULL;   /* the spelling named by a prefix */
            if (k < 0) {
                int amb = abbrev_key(m, w, slen, &k, &spell);
                if (amb) {
                    fr_buf_puts(r, "ambiguous flag ");
                    reason_value(r, w, slen);
                    fr_buf_puts(r, " could match ");
                    list_prefixed(r, m, w, slen);
                    return r->oom ? -1 : 1;
                }
            }
            if (k < 0 || rs->keys[k].kind != FR_KEY_FLAG) {
                int rc = config_slip(c, w, len, slen);
                if (rc)
                    return rc;
                if (c->ignore_unknown) {
                    i += skip_unknown_values(c, base, i, eq != NULL);
                    continue;
                }
                fr_buf_puts(r, "unknown flag ");
                reason_value(r, w, slen);
                did_you_mean(r, w, slen, m->flag_spellings, m->nflag_spellings);
                return r->oom ? -1 : 1;
            }
            const fr_key *key = &rs->keys[k];
            const char *v;
            size_t vlen;
            char whole[256];
            if (!spell && slen < sizeof whole) {
                memcpy(whole, w, slen);
                whole[slen] = '\0';
                spell = whole;
            }
            int cj = spell ? ref_const_of(key, spell) : -1;
            if (cj >= 0 && eq) {
                fr_buf_put(r, w, slen);
                fr_buf_puts(r, " takes no value (");
                if (strlen(key->cli[cj]) != slen || memcmp(key->cli[cj], w, slen) != 0) {
                    fr_buf_puts(r, key->cli[cj]);
                    fr_buf_putc(r, ' ');
                }
                fr_buf_puts(r, "gives ");
                fr_buf_puts(r, key->name);
                fr_buf_puts(r, " = ");
                fr_val_text(r, rs, key->type, key->cli_val[cj]);
                fr_buf_puts(r, "), got ");
                reason_value(r, eq + 1, len - slen - 1);
                return r->oom ? -1 : 1;
            }
            if (cj >= 0) {
                set_key(c, (uint32_t)k, key->cli_val[cj]);
                continue;
            }
            if (eq) {
                v = eq + 1;
                vlen = len - slen - 1;
            } else if (key->type.kind == FR_T_BOOL) {
                fr_val t = { 1, NULL, 0 };
                set_key(c, (uint32_t)k, t);
                continue;
            } else {
                if (i + 1 >= c->nwords ||
                    (ref_option_like(m, base + c->words[i + 1].off, c->words[i + 1].len) &&
                     c->words[i + 1].len >= 2 && base[c->words[i + 1].off + 1] == '-' &&
                     !memchr(base + c->words[i + 1].off, ' ', c->words[i + 1].len))) {
                    fr_buf_puts(r, "missing value for ");
                    fr_buf_put(r, w, slen);
                    return r->oom ? -1 : 1;
                }
                if (ref_option_like(m, base + c->words[i + 1].off, c->words[i + 1].len)) {
                    fr_buf_puts(r, "missing value for ");
                    fr_buf_put(r, w, slen);
                    fr_buf_puts(r, ": ");
                    reason_value(r, base + c->words[i + 1].off, c->words[i + 1].len);
                    fr_buf_puts(r, " is read as an option (to give it as the value: ");
                    fr_buf_put(r, w, slen);
                    fr_buf_putc(r, '=');
                    hint_value(r, base + c->words[i + 1].off, c->words[i + 1].len);
                    fr_buf_putc(r, ')');
                    return r->oom ? -1 : 1;
                }
                i++;
                v = base + c->words[i].off;
                vlen = c->words[i].len;
            }
            fr_val val;
            fr_parse_rc rc = word_value_ref(m, rs, (uint32_t)k, v, vlen, &val);
            if (rc != FR_PARSE_OK) {
                bad_value(rs, (uint32_t)k, w, slen, v, vlen, rc, r);
                return r->oom ? -1 : 1;
            }
            set_key(c, (uint32_t)k, val);
            continue;
        }
        size_t eqi = 0;
        int32_t k = -1;
        int assign;
        if (m->little_endian && len && name_class[(unsigned char)w[0]]) {
            /* NAME=VALUE with NAME an env/fact key (the common case): the
             * name is then an identifier, no need to check its bytes */
            size_t at = find_byte_padded(w, len, '=');
            if (at < len && at > 0 && (k = find_padded(m, w, at)) >= 0 && rs->keys[k].kind != FR_KEY_FLAG) {
                eqi = at;
                assign = 1;
            } else {
                assign = is_assignment(w, len, &eqi);
                k = -2;
            }
        } else {
            assign = is_assignment(w, len, &eqi);
            k = -2;
        }
        if (assign) {
            if (k == -2)
                k = find_padded(m, w, eqi);
            if (k >= 0 && rs->keys[k].kind != FR_KEY_FLAG) {
                fr_val val;
                const char *vt = w + eqi + 1;
                size_t vtl = len - eqi - 1;
                if (rs->keys[k].kind == FR_KEY_ENV && rs->keys[k].type.kind == FR_T_INT) {
                    /* as Python's int(): surrounding whitespace is dropped */
                    while (vtl && isspace((unsigned char)vt[0]))
                        vt++, vtl--;
                    while (vtl && isspace((unsigned char)vt[vtl - 1]))
                        vtl--;
                }
                fr_parse_rc rc = word_value_ref(m, rs, (uint32_t)k, vt, vtl, &val);
                if (rc != FR_PARSE_OK && rs->keys[k].kind == FR_KEY_ENV) {
                    /* an env key keeps its default (and is given so) */
                    set_key(c, (uint32_t)k, rs->keys[k].def);
                    if (k < 64)
                        c->fb[k] = 1;
                    continue;
                }
                if (rc != FR_PARSE_OK) {
                    bad_value(rs, (uint32_t)k, w, eqi, w + eqi + 1, len - eqi - 1, rc, r);
                    return r->oom ? -1 : 1;
                }
                set_key(c, (uint32_t)k, val);
                continue;
            }
            int32_t fk = fr_ir_find_key(rs, w, eqi);
            if (fk >= 0 && rs->keys[fk].kind == FR_KEY_FLAG && rs->keys[fk].ncli) {
                const fr_key *key = &rs->keys[fk];
                reason_value(r, w, eqi);
                if (strlen(key->name) == eqi && memcmp(key->name, w, eqi) == 0)
                    fr_buf_puts(r, " is a flag");
                else {
                    fr_buf_puts(r, " names the flag ");
                    fr_buf_puts(r, key->name);
                }
                fr_buf_puts(r, ", not an env or fact key: write ");
                fr_buf_puts(r, key->cli[0]);
                fr_buf_putc(r, key->type.kind == FR_T_BOOL ? '=' : ' ');
                hint_value(r, w + eqi + 1, len - eqi - 1);
                return r->oom ? -1 : 1;
            }
            if (!near_var(m, w, eqi)) {
                int nf = ref_near_flag_reason(rs, r, w, eqi, w + eqi + 1, len - eqi - 1);
                if (nf)
                    return nf;
            }
            if (program) {
                const char *near = near_var(m, w, eqi);
                if (!near)
                    continue;   /* unrelated environment */
                fr_buf_puts(r, "unknown variable ");
                reason_value(r, w, eqi);
                fr_buf_puts(r, "; did you mean '");
                fr_buf_puts(r, near);
                fr_buf_puts(r, "'?");
                return r->oom ? -1 : 1;
            }
            fr_buf_puts(r, "unknown variable ");
            reason_value(r, w, eqi);
            did_you_mean(r, w, eqi, m->var_names, m->nvar_names);
            return r->oom ? -1 : 1;
        }
        if (program) {
            if (len == 2 && memcmp(w, "-h", 2) == 0)
                return config_slip(c, w, len, len);
            int od = c->ignore_unknown ? 0 : one_dash(c, w, len);
            if (od)
                return od;
            for (size_t j = 1; j + 1 < len; j++)
                if ((w[j - 1] == ' ' || w[j - 1] == '\t' || w[j - 1] == '\n') && w[j] == '-' && w[j + 1] == '-') {
                    fr_buf_puts(r, "the word ");
                    reason_value(r, w, len);
                    fr_buf_puts(r, c->from_argv ? " holds a whole command line: give its words as separate "
                                                  "arguments, or the line on standard input"
                                                : " holds a whole command line: write it without the quotes");
                    return r->oom ? -1 : 1;
                }
            continue;
        }
        if (len >= 2 && w[0] == '-' && !(w[1] >= '0' && w[1] <= '9')) {
            const char *eq = memchr(w, '=', len);
            size_t slen = eq ? (size_t)(eq - w) : len;
            int rc = config_slip(c, w, len, slen);
            if (rc)
                return rc;
            if (c->ignore_unknown) {
                i += skip_unknown_values(c, base, i, eq != NULL);
                continue;
            }
            if ((rc = one_dash(c, w, len)))
                return rc;
            fr_buf_puts(r, "unknown flag ");
            reason_value(r, w, slen);
            did_you_mean(r, w, slen, m->flag_spellings, m->nflag_spellings);
            return r->oom ? -1 : 1;
        }
        int od = one_dash(c, w, len);
        if (od)
            return od;
        fr_buf_puts(r, "unexpected argument ");
        reason_value(r, w, len);
        return r->oom ? -1 : 1;
    }
    return 0;
}

static int ref_config_line(ref_cfgin *c, const char *line, size_t len)
{
    c->nwords = 0;
    c->ngiven = 0;
    memset(c->fb, 0, sizeof c->fb);
    c->reason.len = 0;
    if (c->reason.p)
        c->reason.p[0] = '\0';
    int rc = split_line(c, line, len);
    if (rc)
        return rc;
    return interpret(c);
}

static __attribute__((unused)) int ref_config_argv(ref_cfgin *c, size_t argc, const char *const *argv)
{
    c->nwords = 0;
    c->ngiven = 0;
    memset(c->fb, 0, sizeof c->fb);
    c->reason.len = 0;
    if (c->reason.p)
        c->reason.p[0] = '\0';
    size_t total = 16;
    for (size_t i = 0; i < argc; i++) {
        size_t n = strlen(argv[i]);
        if (n > UINT32_MAX - 64 || total > UINT32_MAX - 64 - n)
            return invalid(c, "config too long");
        total += n + 1;
    }
    c->store.len = 0;
    if (fr_buf_reserve(&c->store, total) < 0)
        return -1;
    size_t o = 0;
    for (size_t i = 0; i < argc; i++) {
        size_t n = strlen(argv[i]);
        memcpy(c->store.p + o, argv[i], n);
        if (push_word(c, o, n) < 0)
            return -1;
        o += n;
        c->store.p[o++] = '\0';
    }
    c->store.len = o;
    memset(c->store.p + o, 0, 8);
    c->from_argv = true;
    int rc = interpret(c);
    c->from_argv = false;
    return rc;
}

static void ref_cfgin_free(ref_cfgin *c)
{
    fr_buf_free(&c->store);
    fr_buf_free(&c->reason);
    free(c->words);
    c->words = NULL;
    c->nwords = c->capwords = 0;
}

#endif
