/* config.c — the config reader: a config is a shell command line.
 *
 * Words: shell quoting ('...', "..." with \\ \" \$ \` escapes, backslash
 * outside quotes), `#` at the start of a word starts a comment.
 *
 * Meaning of the words, left to right:
 *  - program words: every word before the first word starting with `--` is a
 *    program word and skipped (`python -m sglang.launch_server`), except
 *    NAME=VALUE words: for an env or fact key they set it; any other NAME is
 *    unrelated environment and ignored, unless NAME is a near miss of a key
 *    name (edit distance <= 2) or a flag's key name or alias, which make the
 *    config invalid.  A program word holding a blank followed by `--` (a
 *    whole launch line given as one word) and `-h` make it invalid too.
 *  - flags: `--flag VALUE`, `--flag=VALUE`, bare `--bool-flag` (true),
 *    `--bool-flag=true|false|1|0`; NAME=VALUE for env/fact keys anywhere.
 *    A key given twice: the last value wins.  Anything else (an unknown
 *    flag, a stray word) makes the config invalid; with ignore_unknown an
 *    undeclared flag is skipped with the value-looking words after it, but
 *    for `--help`, `-h` and an empty flag name (`--=5`).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "misspell.h"
#include "cpu.h"

/* FR_CONFIG_NO_SIMD: the portable byte loops only; FR_CONFIG_NO_AVX2: SSE2
 * only (both for testing those paths on machines with AVX2). */
#if defined(__SSE2__) && !defined(FR_CONFIG_NO_SIMD) && !defined(FR_CONFIG_NO_AVX2) && defined(__GNUC__) && \
    (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define FR_AVX2 1   /* an AVX2 copy of the fast splitter, chosen at run time */
#else
#define FR_AVX2 0
#endif

/* ---- byte helpers ---------------------------------------------------------- */

static inline uint64_t ld8(const char *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
    return w;
}

/* The first n (< 8) bytes of the 8 readable bytes at s, in memory order, the
 * other bytes zero: what memcpy(&w, s, n) into a zeroed w gives. */
static inline uint64_t head_padded(const char *s, size_t n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return ld8(s) & (~0ull >> (63 - 8 * n) >> 1);
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return ld8(s) & (~0ull << (63 - 8 * n) << 1);
#else
    uint64_t w = 0;
    memcpy(&w, s, n);
    return w;
#endif
}

/* ---- spelling map ------------------------------------------------------------ */

/* A string's first, middle (from n/2-4, when n > 16) and last (when n > 8)
 * 8-byte words, each 0 when absent and the first zero-padded when n < 8,
 * and a hash of them, the length and (n > 24) the bytes between, 8 at a
 * time.  For n <= 24 the three words cover every byte; longer strings also
 * compare bytes [8, n-8). */
typedef struct sp_key {
    uint64_t head, mid, tail;
    uint32_t hash;
} sp_key;

static inline sp_key sp_make(uint64_t head, const char *s, size_t n)
{
    sp_key k;
    k.head = head;
    k.tail = n > 8 ? ld8(s + n - 8) : 0;
    k.mid = n > 16 ? ld8(s + n / 2 - 4) : 0;
    /* cheap: the slots compare the words themselves.  Folded (fr_hash_fold):
     * without that a table of up to 2^16 slots never saw bytes 6 and 7 of
     * an 8-byte name, and --f10000 .. --f19999 shared their slots in tens
     * (50,000 flags: 20 compares an insert). */
    uint64_t h = (head + k.tail * 3 + k.mid * 5 + n) * 0x9e3779b97f4a7c15ull;
    /* (a longer string's other bytes too: names of 40 bytes that differed
     * only in bytes 8-15 shared a slot) */
    for (size_t i = 8; n > 24 && i + 8 < n; i += 8)
        h = (h ^ ld8(s + i)) * 0x9e3779b97f4a7c15ull;
    k.hash = fr_hash_fold(h);
    return k;
}

/* For any string. */
static inline sp_key sp_key_of(const char *s, size_t n)
{
    uint64_t head = 0;
    memcpy(&head, s, n < 8 ? n : 8);
    return sp_make(head, s, n);
}

uint32_t fr_spelling_hash(const char *s, size_t len)
{
    return sp_key_of(s, len).hash;
}

/* For a string followed by at least 8 readable bytes (the config store). */
static inline sp_key sp_key_padded(const char *s, size_t n)
{
    return sp_make(n < 8 ? head_padded(s, n) : ld8(s), s, n);
}

/* Bytes [8, n-8) of a and b equal (n > 16; the 8-byte loads stay below n). */
static inline int mid_eq(const char *a, const char *b, size_t n)
{
    for (size_t i = 8; i < n - 8; i += 8)
        if (ld8(a + i) != ld8(b + i))
            return 0;
    return 1;
}

/* A copy of s with 8 zero bytes after it, in the arena. */
static const char *pad_copy(fr_arena *a, const char *s, size_t n)
{
    char *p = fr_arena_alloc(a, n + 8);
    if (!p)
        return NULL;
    memcpy(p, s, n);
    memset(p + n, 0, 8);
    return p;
}

/* A spelling's nullable for the fast readers (fast_value_by): 1, the words
 * null and None are null (a fact); 2, a string flag with null words (the
 * general reader takes its values); 3, a flag of another type with null
 * words (`cli null "null"`): a word the fast parse does not take may be one
 * of them (no null word is a value of the type: the compiler says so); 0,
 * no word is null. */
static uint8_t slot_nullable(const fr_key *key)
{
    if (!key->type.nullable)
        return 0;
    if (key->kind == FR_KEY_FACT)
        return 1;
    if (key->kind != FR_KEY_FLAG || !key->nnulls)
        return 0;
    return key->type.kind == FR_T_STRING ? 2 : 3;
}

/* A slot's tkind for a spelling that takes no value and gives a constant
 * (`"--old" = VALUE`): no type's, so that the fast readers leave the word to
 * word_general (fast_value_by takes no value for it). */
enum { TK_CONST_SPELLING = 0xff };

/* (cst: the spelling's index among its key's when it gives a constant, kept
 * in the slot's enum_id, which no fast path reads for it; else -1) */
static int sp_insert(fr_arena *a, fr_spellmap *m, const fr_ruleset *rs, const char *s, uint32_t key, int cst)
{
    size_t len = strlen(s);
    sp_key sk = sp_key_of(s, len);
    for (uint32_t i = sk.hash & m->mask;; i = (i + 1) & m->mask) {
        fr_spell *sl = &m->slots[i];
        if (!sl->s) {
            if (!(sl->s = pad_copy(a, s, len)))
                return -1;
            sl->head = sk.head;
            sl->mid = sk.mid;
            sl->tail = sk.tail;
            sl->len = (uint32_t)len;
            sl->key = key;
            sl->enum_id = cst >= 0 ? (uint32_t)cst : rs->keys[key].type.enum_id;
            sl->is_flag = rs->keys[key].kind == FR_KEY_FLAG;
            sl->tkind = cst >= 0 ? TK_CONST_SPELLING : rs->keys[key].type.kind;
            sl->nullable = cst >= 0 ? 0 : slot_nullable(&rs->keys[key]);   /* (a constant's takes no value) */
            sl->is_switch = rs->keys[key].is_switch;
            return 0;
        }
        if (sl->len == len && memcmp(sl->s, s, len) == 0)
            return 0;   /* duplicate: first wins (the compiler rejects these) */
    }
}

#if FR_AVX2
/* ---- the fused reader's tables ------------------------------------------- */

/* The hash of a text of len (1..64) bytes at w, followed by readable bytes. */
static inline __attribute__((always_inline, target("avx2,bmi,bmi2,sse4.2"))) uint32_t
fast_hash(const char *w, size_t len, uint32_t salt)
{
    /* its last 8 bytes (all of a shorter one) and its length tell most
     * texts apart; the compare decides */
    uint64_t y = len >= 8 ? ld8(w + len - 8) : _bzhi_u64(ld8(w), (unsigned)(8 * len));
    return (uint32_t)_mm_crc32_u64(len + salt, y);
}

/* fast_hash of every byte of the text: for a table where fast_hash left
 * long runs of texts in one slot (texts of one length that differ only
 * before their last 8 bytes: "--attn-00001-backend", ...; fast_table). */
static inline __attribute__((always_inline, target("avx2,bmi,bmi2,sse4.2"))) uint32_t
fast_hash_wide(const char *w, size_t len, uint32_t salt)
{
    uint64_t h = len + salt;
    for (size_t i = 0; i + 8 < len; i += 8)
        h = _mm_crc32_u64(h, ld8(w + i));
    uint64_t y = len >= 8 ? ld8(w + len - 8) : _bzhi_u64(ld8(w), (unsigned)(8 * len));
    return (uint32_t)_mm_crc32_u64(h, y);
}

static inline uint32_t enum_salt(uint32_t enum_id)
{
    return enum_id * 0x85ebca6bu;
}

/* The table of the texts of the slots (sp) or of the enum values (ev) of up
 * to 64 bytes, from a table of cap entries (cap >= 2 * its texts): 2 * cap
 * slots for a small one (few probes), cap for a big one (FAST_BIG_CAP: a
 * lookup there misses the cache anyway, and the slots cost 24 bytes each).
 * The texts are packed one after the other in one pool with 64 readable
 * bytes after the last: fast_find loads 32 or 64 bytes at a text and
 * compares only its first len (the bytes after it are the next texts'). */
enum { FAST_BIG_CAP = 1u << 14 };

/* The texts' slots in t (n of them, empty): 0, or -1 when a text lands
 * more than FAST_MAX_PROBE slots past its hash's (fast_hash). */
enum { FAST_MAX_PROBE = 64 };

static __attribute__((target("avx2,bmi,bmi2,sse4.2"))) int fast_fill(fr_fslot *t, size_t n, const fr_spell *sp,
                                                                    const fr_evslot *ev, size_t cap, char *pool,
                                                                    int wide)
{
    for (size_t j = 0; j < cap; j++) {
        const char *s = sp ? sp[j].s : ev[j].s;
        size_t len = sp ? sp[j].len : ev[j].len;
        if (!s || len == 0 || len > 64)
            continue;
        char *p = pool;   /* (the texts in the pool in this order: fast_table) */
        pool += len;
        uint32_t eid = sp ? 0 : ev[j].enum_id, salt = sp ? 0 : enum_salt(eid);
        uint32_t h = wide ? fast_hash_wide(p, len, salt) : fast_hash(p, len, salt), probe = 0;
        for (uint32_t i = h & (n - 1);; i = (i + 1) & (n - 1), probe++)
            if (!t[i].p) {
                if (!wide && probe > FAST_MAX_PROBE)
                    return -1;
                t[i].p = p;
                t[i].lk = (uint32_t)len | eid << 7;
                t[i].key = sp ? sp[j].key : ev[j].value;
                t[i].enum_id = sp ? sp[j].enum_id : eid;
                if (sp) {
                    t[i].is_flag = sp[j].is_flag;
                    t[i].tkind = sp[j].tkind;
                    t[i].nullable = sp[j].nullable;
                    t[i].is_switch = sp[j].is_switch;
                }
                break;
            }
    }
    return 0;
}

/* 0 (or 1 when !wide and fast_hash left a run too long: the caller builds
 * both tables again, wide), or -1 (OOM). */
static __attribute__((target("avx2,bmi,bmi2,sse4.2"))) int fast_table(fr_arena *a, fr_fslot **out, uint32_t *mask,
                                                                     int wide, const fr_spell *sp,
                                                                     const fr_evslot *ev, size_t cap)
{
    size_t n = cap > FAST_BIG_CAP ? cap : 2 * cap, bytes = 64;
    for (size_t j = 0; j < cap; j++) {
        const char *s = sp ? sp[j].s : ev[j].s;
        size_t len = sp ? sp[j].len : ev[j].len;
        if (s && len && len <= 64)
            bytes += len;
    }
    fr_fslot *t = fr_arena_array(a, n, sizeof *t);
    char *pool = fr_arena_alloc(a, bytes);
    if (!t || !pool)
        return -1;
    memset(pool + bytes - 64, 0, 64);
    char *q = pool;
    for (size_t j = 0; j < cap; j++) {
        const char *s = sp ? sp[j].s : ev[j].s;
        size_t len = sp ? sp[j].len : ev[j].len;
        if (s && len && len <= 64) {
            memcpy(q, s, len);
            q += len;
        }
    }
    *out = t;
    *mask = (uint32_t)(n - 1);
    return fast_fill(t, n, sp, ev, cap, pool, wide) < 0;
}
#endif

int fr_spellmap_build(fr_arena *a, const fr_ruleset *rs, fr_spellmap *m)
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
    m->flag_spellings = fr_arena_array(a, nflag + rs->nprogs + 1, sizeof(char *));
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
#if FR_AVX2
    m->avx2 = FR_CPU_AVX2() && FR_CPU_BMI1() && FR_CPU_BMI2() &&
                      FR_CPU_SSE4_2()
                  ? 1
                  : 0;
#endif
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
            sp_key sk = sp_key_of(name, n);
            for (uint32_t i = (sk.hash ^ (e * 0x9e3779b9u)) & m->emask;; i = (i + 1) & m->emask) {
                fr_evslot *sl = &m->evals[i];
                if (!sl->s) {
                    if (!(sl->s = pad_copy(a, name, n)))
                        return -1;
                    sl->head = sk.head;
                    sl->mid = sk.mid;
                    sl->tail = sk.tail;
                    sl->len = (uint32_t)n;
                    sl->enum_id = e;
                    sl->value = v;
                    break;
                }
                if (sl->enum_id == e && sl->len == n && memcmp(sl->s, name, n) == 0)
                    break;   /* a duplicate value: the first wins */
            }
        }
    for (uint32_t k = 0; k < rs->nkeys; k++) {
        const fr_key *key = &rs->keys[k];
        if (key->kind == FR_KEY_FLAG) {
            for (uint32_t j = 0; j < key->ncli; j++) {
                if (sp_insert(a, m, rs, key->cli[j], k, key->cli_const && key->cli_const[j] ? (int)j : -1) < 0)
                    return -1;
                m->flag_spellings[m->nflag_spellings++] = key->cli[j];
                if (strchr(key->cli[j], '='))
                    m->eq_in_spelling = 1;
            }
        } else {
            if (sp_insert(a, m, rs, key->name, k, -1) < 0)
                return -1;
            m->var_names[m->nvar_names++] = key->name;
        }
    }
    m->progs = rs->progs;
    m->nprogs = rs->nprogs;
    m->proghash = rs->proghash;
    m->proghash_mask = rs->proghash_mask;
    if (rs->nprogs) {
        m->prog_order = fr_arena_array(a, rs->nprogs, sizeof *m->prog_order);
        m->prog_at = fr_arena_array(a, 257, sizeof *m->prog_at);
        if (!m->prog_order || !m->prog_at)
            return -1;
        for (uint32_t i = 0; i < rs->nprogs; i++)   /* (a spelling is "--" and a name) */
            m->prog_at[(unsigned char)rs->progs[i].spelling[2] + 1]++;
        for (int b = 0; b < 256; b++)
            m->prog_at[b + 1] += m->prog_at[b];
        uint32_t fill[256];
        memcpy(fill, m->prog_at, sizeof fill);
        for (uint32_t i = 0; i < rs->nprogs; i++)
            m->prog_order[fill[(unsigned char)rs->progs[i].spelling[2]]++] = i;
    }
    m->nhint_spellings = m->nflag_spellings;
    for (uint32_t i = 0; i < rs->nprogs; i++)
        m->flag_spellings[m->nhint_spellings++] = rs->progs[i].spelling;
#if FR_AVX2
    /* (enum ids fit the 25 bits left in fr_fslot.lk) */
    m->fused = m->avx2 && !m->eq_in_spelling && rs->nenums < (1u << 25);
    if (m->fused) {
        /* fast_hash reads a text's last 8 bytes and its length: texts of
         * one length that differ only before those ("--attn-00001-backend",
         * ...) fill runs of slots.  Then both tables are built again with
         * every byte hashed (fast_hash_wide: a crc32 every 8 bytes of a
         * lookup; the first tables stay in the arena, unused) and the
         * reader's wide copies read the lines. */
        int rs1 = fast_table(a, &m->fslots, &m->fmask, 0, m->slots, NULL, cap);
        int rs2 = rs1 < 0 ? -1 : fast_table(a, &m->fevals, &m->femask, 0, NULL, m->evals, ecap);
        if (rs1 < 0 || rs2 < 0)
            return -1;
        if (rs1 || rs2) {
            m->fwide = 1;
            if (fast_table(a, &m->fslots, &m->fmask, 1, m->slots, NULL, cap) < 0 ||
                fast_table(a, &m->fevals, &m->femask, 1, NULL, m->evals, ecap) < 0)
                return -1;
        }
    }
#endif
    return 0;
}

/* The key of a word of the config store (padded), or -1. */
static inline __attribute__((always_inline)) int32_t find_padded(const fr_spellmap *m, const char *s, size_t len)
{
    sp_key sk = sp_key_padded(s, len);
    for (uint32_t i = sk.hash & m->mask;; i = (i + 1) & m->mask) {
        const fr_spell *sl = &m->slots[i];
        if (sl->head == sk.head && sl->tail == sk.tail && sl->mid == sk.mid && sl->len == len && sl->s &&
            (len <= 24 || mid_eq(sl->s, s, len)))
            return (int32_t)sl->key;
        if (!sl->s)
            return -1;
    }
}

/* The slot of a word of the config store (padded), or NULL. */
static inline __attribute__((always_inline)) const fr_spell *find_slot(const fr_spellmap *m, const char *s,
                                                                       size_t len)
{
    sp_key sk = sp_key_padded(s, len);
    for (uint32_t i = sk.hash & m->mask;; i = (i + 1) & m->mask) {
        const fr_spell *sl = &m->slots[i];
        if (sl->head == sk.head && sl->tail == sk.tail && sl->mid == sk.mid && sl->len == len && sl->s &&
            (len <= 24 || mid_eq(sl->s, s, len)))
            return sl;
        if (!sl->s)
            return NULL;
    }
}

/* An enum value by name (strings of the config store, padded), or -1. */
static inline __attribute__((always_inline)) int32_t find_enum_value(const fr_spellmap *m, uint32_t enum_id,
                                                                     const char *s, size_t len)
{
    if (!m->evals)
        return -1;
    sp_key sk = sp_key_padded(s, len);
    for (uint32_t i = (sk.hash ^ (enum_id * 0x9e3779b9u)) & m->emask;; i = (i + 1) & m->emask) {
        const fr_evslot *sl = &m->evals[i];
        if (sl->head == sk.head && sl->tail == sk.tail && sl->mid == sk.mid && sl->len == len &&
            sl->enum_id == enum_id && sl->s && (len <= 24 || mid_eq(sl->s, s, len)))
            return (int32_t)sl->value;
        if (!sl->s)
            return -1;
    }
}

/* The slot of spelling s[0..len) (any bytes), or NULL. */
static const fr_spell *spell_slot(const fr_spellmap *m, const char *s, size_t len)
{
    sp_key sk = sp_key_of(s, len);
    for (uint32_t i = sk.hash & m->mask;; i = (i + 1) & m->mask) {
        const fr_spell *sl = &m->slots[i];
        if (!sl->s)
            return NULL;
        if (sl->len == len && memcmp(sl->s, s, len) == 0)
            return sl;
    }
}

int32_t fr_spellmap_find(const fr_spellmap *m, const char *s, size_t len)
{
    const fr_spell *sl = spell_slot(m, s, len);
    return sl ? (int32_t)sl->key : -1;
}

int fr_spellmap_const(const fr_spellmap *m, const char *s, size_t len)
{
    const fr_spell *sl = spell_slot(m, s, len);
    return sl && sl->tkind == TK_CONST_SPELLING ? (int)sl->enum_id : -1;
}

/* ---- reasons -------------------------------------------------------------------- */

/* A value echoed in a reason: fr_echo_value (value.c), Python's repr, clipped. */
static void reason_value(fr_buf *r, const char *s, size_t len)
{
    fr_echo_value(r, s, len);
}

/* A value in a suggested command line: shell-quoted, or past FR_ECHO_MAX
 * bytes a placeholder (the reason has shown its start). */
static void hint_value(fr_buf *r, const char *s, size_t len)
{
    if (len <= FR_ECHO_MAX)
        fr_shell_quote(r, s, len);
    else
        fr_buf_printf(r, "VALUE (the %zu bytes given)", len);
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

/* The "did you mean" at the end of c->reason, left for fr_config_reason():
 * its edit distances cost more than reading the line, and the compact
 * format never shows a reason.  (word stays in the store until the next
 * config is read.) */
static void hint_later(fr_cfgin *c, const char *word, size_t len, const char *const *cand, size_t n)
{
    c->hint_w = word;
    c->hint_len = len;
    c->hint_cand = cand;
    c->hint_n = n;
}

const char *fr_config_reason(fr_cfgin *c)
{
    if (c->hint_cand) {
        did_you_mean(&c->reason, c->hint_w, c->hint_len, c->hint_cand, c->hint_n);
        c->hint_cand = NULL;
    }
    if (c->reason.oom)
        return NULL;
    return c->reason.p ? c->reason.p : "";
}

/* "NAME expects T, got 'V'" (+ did you mean for enums: now, or with c
 * later, see hint_later).  json: V came as a JSON text, where JSON's null
 * gives null; else as a word of a command line or NAME=VALUE, where a
 * flag's null is one of its null words, an env variable's is its absence
 * and a fact's is the word null or None. */
static int bad_value(const fr_ruleset *rs, uint32_t k, const char *name, size_t nlen,
                     const char *v, size_t vlen, fr_parse_rc rc, fr_buf *r, fr_cfgin *c, int json)
{
    const fr_key *key = &rs->keys[k];
    fr_type t = key->type;
    if (!json && key->kind != FR_KEY_FACT)
        t.nullable = 0;
    fr_buf_put(r, name, nlen);
    fr_buf_puts(r, " expects ");
    fr_type_expect_text(r, rs, t);
    if (!json && key->nnulls) {
        fr_buf_puts(r, " (or null: ");
        for (uint32_t i = 0; i < key->nnulls; i++) {
            if (i)
                fr_buf_puts(r, ", ");
            reason_value(r, key->nulls[i], strlen(key->nulls[i]));
        }
        fr_buf_putc(r, ')');
    }
    fr_buf_puts(r, ", got ");
    reason_value(r, v, vlen);
    if (rc == FR_PARSE_RANGE)
        fr_buf_puts(r, " (out of the 64-bit range)");
    if (!json && key->type.nullable && key->kind == FR_KEY_FLAG && !key->nnulls && vlen == 4 &&
        (!memcmp(v, "null", 4) || !memcmp(v, "None", 4))) {
        /* (argparse has no word for None either) */
        fr_buf_puts(r, "; for null, leave the flag out");
        return 1;
    }
    if (!json && key->nnulls && fr_did_you_mean(v, vlen, key->nulls, key->nnulls)) {
        did_you_mean(r, v, vlen, key->nulls, key->nnulls);   /* (rare: now) */
        return 1;
    }
    if (key->type.kind == FR_T_ENUM) {
        const fr_enum *e = &rs->enums[key->type.enum_id];
        if (c)
            hint_later(c, v, vlen, e->values, e->nvalues);
        else
            did_you_mean(r, v, vlen, e->values, e->nvalues);
    }
    return 1;
}

/* An env key of type string takes its text as it is: a variable is set or
 * not, and a set one is text, even 'None' or 'null' (os.environ).  (An env
 * int is read as any int, as Python's int() reads it: fr_parse_int.) */
static int env_text(const fr_ruleset *rs, uint32_t k, const char *s, size_t len, fr_val *out)
{
    const fr_key *key = &rs->keys[k];
    if (key->kind != FR_KEY_ENV || key->type.kind != FR_T_STRING)
        return 0;
    out->i = (int64_t)len;
    out->s = s;
    out->is_null = 0;
    return 1;
}

static inline __attribute__((always_inline)) fr_parse_rc parse_value(const fr_spellmap *m, const fr_ruleset *rs,
                                                                     fr_type t, const char *s, size_t len,
                                                                     fr_val *out);

/* The word s as key k's value where a command line (or a NAME=VALUE word)
 * gives it: a flag's null words are null, and no other word (argparse has
 * no word for None); an env variable's text is never null (only an absent
 * variable is); a fact reads the words null and None as null.  m: the
 * map's enum lookup, or NULL. */
static fr_parse_rc word_value(const fr_spellmap *m, const fr_ruleset *rs, uint32_t k, const char *s, size_t len,
                              fr_val *out)
{
    const fr_key *key = &rs->keys[k];
    fr_type t = key->type;
    if (key->kind != FR_KEY_FACT && t.nullable) {
        if (fr_key_has_null_word(key, s, len)) {
            out->i = 0;
            out->s = NULL;
            out->is_null = 1;
            return FR_PARSE_OK;
        }
        t.nullable = 0;
    }
    if (env_text(rs, k, s, len, out))
        return FR_PARSE_OK;
    return m ? parse_value(m, rs, t, s, len, out) : fr_value_parse(rs, t, s, len, out);
}

int fr_config_value_rc(const fr_ruleset *rs, uint32_t k, const char *what, const char *s, size_t len,
                       fr_val *out, fr_buf *reason, fr_parse_rc *rc)
{
    *rc = word_value(NULL, rs, k, s, len, out);
    if (*rc == FR_PARSE_OK)
        return 0;
    return bad_value(rs, k, what, strlen(what), s, len, *rc, reason, NULL, 0);
}

int fr_config_value(const fr_ruleset *rs, uint32_t k, const char *what, const char *s, size_t len,
                    fr_val *out, fr_buf *reason)
{
    fr_parse_rc rc;
    return fr_config_value_rc(rs, k, what, s, len, out, reason, &rc);
}

/* ---- words ------------------------------------------------------------------------ */

static int invalid(fr_cfgin *c, const char *msg)
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

/* Classifying 16 bytes at a time (all reads are of the config store, whose
 * bytes are followed by FR_PAD readable padding bytes):
 *  - blank16: bit i set when p[i] is a space;
 *  - spec16: bit i set when p[i] may need the general splitter: a byte below
 *    0x28 other than the space (controls incl. NUL, tab, newline, ! " # $ %
 *    & '), or a backslash.  A superset of what is special, never less;
 *  - byte16: bit i set when p[i] == ch. */
#define FR_PAD 32
#if defined(__SSE2__) && !defined(FR_CONFIG_NO_SIMD)
#include <emmintrin.h>

static inline void classify16(const char *p, uint32_t *blank, uint32_t *spec)
{
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
    __m128i sp = _mm_cmpeq_epi8(x, _mm_set1_epi8(' '));
    __m128i lo = _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(0x27)), x);
    __m128i bs = _mm_cmpeq_epi8(x, _mm_set1_epi8('\\'));
    *blank = (uint32_t)_mm_movemask_epi8(sp);
    *spec = (uint32_t)_mm_movemask_epi8(_mm_or_si128(_mm_andnot_si128(sp, lo), bs));
}

static inline uint32_t byte16(const char *p, char ch)
{
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
    return (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(ch)));
}
#else
static inline void classify16(const char *p, uint32_t *blank, uint32_t *spec)
{
    uint32_t b = 0, s = 0;
    for (int i = 0; i < 16; i++) {
        unsigned char ch = (unsigned char)p[i];
        if (ch == ' ')
            b |= 1u << i;
        else if (ch <= 0x27 || ch == '\\')
            s |= 1u << i;
    }
    *blank = b;
    *spec = s;
}

static inline uint32_t byte16(const char *p, char ch)
{
    uint32_t m = 0;
    for (int i = 0; i < 16; i++)
        if (p[i] == ch)
            m |= 1u << i;
    return m;
}
#endif

/* The index of the first byte ch in s[0..len) (a word of the store), or len. */
static inline size_t find_byte_padded(const char *s, size_t len, char ch)
{
    for (size_t i = 0; i < len; i += 16) {
        uint32_t m = byte16(s + i, ch);
        if (m) {
            size_t at = i + (size_t)__builtin_ctz(m);
            return at < len ? at : len;
        }
    }
    return len;
}

/* The index of the first byte from i on that ends a run of ordinary word
 * bytes (word_class), or len. */
static inline size_t run_end(const char *s, size_t i, size_t len)
{
    while (i < len) {
        uint32_t b, sp;
        classify16(s + i, &b, &sp);
        uint32_t m = b | sp;
        while (m) {
            size_t at = i + (size_t)__builtin_ctz(m);
            if (at >= len)
                return len;
            if (word_class[(unsigned char)s[at]])
                return at;
            m &= m - 1;
        }
        i += 16;
    }
    return len;
}

static int push_word_slow(fr_cfgin *c, size_t off, size_t len)
{
    if (fr_vec_reserve((void **)&c->words, &c->capwords, c->nwords + 1, sizeof *c->words) < 0)
        return -1;
    c->words[c->nwords].off = (uint32_t)off;
    c->words[c->nwords].len = (uint32_t)len;
    c->nwords++;
    return 0;
}

static inline int push_word(fr_cfgin *c, size_t off, size_t len)
{
    if (c->nwords == c->capwords)
        return push_word_slow(c, off, len);
    c->words[c->nwords].off = (uint32_t)off;
    c->words[c->nwords].len = (uint32_t)len;
    c->nwords++;
    return 0;
}

/* The general splitter, in place, from out[from] on (a word start, or a
 * blank, with c->nwords words before it; out[from..len) holds the line's
 * bytes and no earlier byte of the line is NUL), followed by padding;
 * unquoted words are written from out[from] on, never past the byte being
 * read. */
static int split_general(fr_cfgin *c, char *out, size_t len, size_t from)
{
    if (memchr(out + from, '\0', len - from))
        return invalid(c, "NUL byte in the config");
    size_t o = from, i = from;
    for (;;) {
        while (i < len && (out[i] == ' ' || out[i] == '\t' || out[i] == '\n'))
            i++;
        if (i >= len || out[i] == '#')
            break;
        size_t start = o;
        while (i < len) {
            /* a run of ordinary bytes */
            size_t run = run_end(out, i, len);
            if (run > i) {
                if (o != i)
                    memmove(out + o, out + i, run - i);
                o += run - i;
                i = run;
                if (i >= len)
                    break;
            }
            char ch = out[i];
            if (ch == ' ' || ch == '\t' || ch == '\n') {
                i++;   /* (consumed before the NUL below is written at o <= i) */
                break;
            }
            if (ch == '\\') {
                if (i + 1 >= len) {
                    /* a continued line of a pasted script (`... \` or a word
                     * cut by one, `--tp-size 2\`): sh -c would keep the
                     * backslash, but no config means it */
                    return invalid(c, o == start ? "the line ends with a lone '\\' (a shell line continuation): "
                                                   "a config is one line; join it with the next"
                                                 : "the line ends with '\\' (a shell line continuation): "
                                                   "a config is one line; join it with the next (or write '\\\\' "
                                                   "for a backslash)");
                } else if (out[i + 1] == '\n') {
                    i += 2;
                } else {
                    out[o++] = out[i + 1];
                    i += 2;
                }
            } else if (ch == '\'') {
                const char *q = memchr(out + i + 1, '\'', len - i - 1);
                if (!q)
                    return invalid(c, "unterminated single quote");
                size_t n = (size_t)(q - (out + i + 1));
                memmove(out + o, out + i + 1, n);
                o += n;
                i += n + 2;
            } else {   /* '"' */
                i++;
                for (;;) {
                    if (i >= len)
                        return invalid(c, "unterminated double quote");
                    char d = out[i];
                    if (d == '"') {
                        i++;
                        break;
                    }
                    if (d == '\\' && i + 1 < len) {
                        char e = out[i + 1];
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
            }
        }
        if (push_word(c, start, o - start) < 0)
            return -1;
        out[o++] = '\0';   /* values are NUL-terminated strings */
    }
    c->store.len = o;
    memset(out + o, 0, FR_PAD);   /* padding for word-at-a-time reads */
    return 0;
}

/* The fast splitter, for lines with no byte that needs the general one
 * (quotes, backslashes, comments, tabs, newlines, NUL...): words are the runs
 * of non-blanks, found from the blank bitmap 64 bytes at a time.
 * CLASSIFY64(p, &blank, &spec) sets the 64-bit blank bitmap of p[0..64) and
 * spec nonzero when one of the bytes is special.  A macro, so that an AVX2
 * copy can be compiled for the CPUs that have it. */
#define FR_SPLIT_FAST(CLASSIFY64)                                                          \
    char *out = c->store.p;                                                                 \
    uint64_t carry = 1;   /* the byte before the group's first is a blank */               \
    size_t ws = 0;                                                                          \
    int inword = 0;                                                                         \
    fr_word *wv = c->words;                                                                 \
    size_t nw = 0, capw = c->capwords;                                                      \
    for (size_t g = 0; g < groups; g++) {                                                   \
        const char *p = out + 64 * g;                                                       \
        if (capw - nw < 33) {   /* room for the words ending in this group */              \
            if (fr_vec_reserve((void **)&c->words, &c->capwords, nw + 33, sizeof *c->words) < 0) \
                return -1;                                                                  \
            wv = c->words;                                                                  \
            capw = c->capwords;                                                             \
        }                                                                                   \
        uint64_t bl, spec;                                                                  \
        CLASSIFY64(p, &bl, &spec);                                                          \
        if (spec) {                                                                         \
            /* (the padding is blanks: the special byte is in the line): the               \
             * general splitter takes over from the word under way */                       \
            c->nwords = nw;                                                                 \
            return split_general(c, out, len, inword ? ws : 64 * g);                        \
        }                                                                                   \
        uint64_t prev = bl << 1 | carry;                                                    \
        uint64_t starts = ~bl & prev, ends = bl & ~prev;                                    \
        carry = bl >> 63;                                                                   \
        size_t gb = 64 * g;                                                                 \
        if (inword && ends) {   /* the end of a word begun in an earlier group */          \
            size_t e = gb + (size_t)__builtin_ctzll(ends);                                  \
            ends &= ends - 1;                                                               \
            wv[nw].off = (uint32_t)ws;                                                      \
            wv[nw].len = (uint32_t)(e - ws);                                                \
            nw++;                                                                           \
            out[e] = '\0';                                                                  \
            inword = 0;                                                                     \
        }                                                                                   \
        /* from here starts and ends alternate, a start first: a pair per       \
         * end, and a start left over begins a word that goes on */                     \
        while (ends) {                                                                      \
            size_t s0 = gb + (size_t)__builtin_ctzll(starts);                               \
            size_t e = gb + (size_t)__builtin_ctzll(ends);                                  \
            starts &= starts - 1;                                                           \
            ends &= ends - 1;                                                               \
            wv[nw].off = (uint32_t)s0;                                                      \
            wv[nw].len = (uint32_t)(e - s0);                                                \
            nw++;                                                                           \
            out[e] = '\0';                                                                  \
        }                                                                                   \
        if (starts) {                                                                       \
            ws = gb + (size_t)__builtin_ctzll(starts);                                      \
            inword = 1;                                                                     \
        }                                                                                   \
    }                                                                                       \
    c->nwords = nw;                                                                         \
    c->store.len = len + 1;                                                                 \
    out[len] = '\0';                                                                        \
    return 0;

static inline void classify64(const char *p, uint64_t *blank, uint64_t *spec)
{
    uint32_t b0, b1, b2, b3, s0, s1, s2, s3;
    classify16(p, &b0, &s0);
    classify16(p + 16, &b1, &s1);
    classify16(p + 32, &b2, &s2);
    classify16(p + 48, &b3, &s3);
    *blank = (uint64_t)b0 | (uint64_t)b1 << 16 | (uint64_t)b2 << 32 | (uint64_t)b3 << 48;
    *spec = s0 | s1 | s2 | s3;
}

static int split_fast_portable(fr_cfgin *c, size_t len, size_t groups)
{
    FR_SPLIT_FAST(classify64)
}

#if FR_AVX2
static inline __attribute__((always_inline, target("avx2,bmi,bmi2,sse4.2"))) void classify64_avx2(const char *p, uint64_t *blank,
                                                                                  uint64_t *spec)
{
    const __m256i sp = _mm256_set1_epi8(' '), lo = _mm256_set1_epi8(0x27), bs = _mm256_set1_epi8('\\');
    __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)p);
    __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32));
    __m256i sa = _mm256_cmpeq_epi8(a, sp), sb = _mm256_cmpeq_epi8(b, sp);
    __m256i la = _mm256_or_si256(_mm256_cmpeq_epi8(_mm256_min_epu8(a, lo), a), _mm256_cmpeq_epi8(a, bs));
    __m256i lb = _mm256_or_si256(_mm256_cmpeq_epi8(_mm256_min_epu8(b, lo), b), _mm256_cmpeq_epi8(b, bs));
    __m256i x = _mm256_or_si256(_mm256_andnot_si256(sa, la), _mm256_andnot_si256(sb, lb));
    *blank = (uint64_t)(uint32_t)_mm256_movemask_epi8(sa) | (uint64_t)(uint32_t)_mm256_movemask_epi8(sb) << 32;
    *spec = !_mm256_testz_si256(x, x);
}

static __attribute__((target("avx2,bmi,bmi2,sse4.2"))) int split_fast_avx2(fr_cfgin *c, size_t len,
                                                           size_t groups)
{
    FR_SPLIT_FAST(classify64_avx2)
}
#endif

static inline int split_fast(fr_cfgin *c, size_t len, size_t groups)
{
#if FR_AVX2
    if (c->map->avx2)
        return split_fast_avx2(c, len, groups);
#endif
    return split_fast_portable(c, len, groups);
}

/* Copies a line into c->store, blanks after it: 0, 1 (too long) or -1. */
static inline int copy_line(fr_cfgin *c, const char *line, size_t len)
{
    if (len > UINT32_MAX - 256)
        return invalid(c, "config line too long");
    c->store.len = 0;
    size_t groups = len / 64 + 1;   /* covers out[0..len] */
    if (c->store.cap <= 64 * groups + FR_PAD + 16 && fr_buf_reserve(&c->store, 64 * groups + FR_PAD + 16) < 0)
        return -1;
    char *out = c->store.p;
    memcpy(out, line, len);
    /* blanks after the line (its last word ends there) to FR_PAD bytes past
     * the last group, 16 at a time */
    static const char blanks[17] = "                ";
    for (size_t i = len; i < 64 * groups + FR_PAD; i += 16)
        memcpy(out + i, blanks, 16);
    return 0;
}

/* Splits a line into words (unquoted into c->store). */
static int split_line(fr_cfgin *c, const char *line, size_t len)
{
    int rc = copy_line(c, line, len);
    if (rc)
        return rc;
    return split_fast(c, len, len / 64 + 1);
}

/* ---- meaning ------------------------------------------------------------------------ */

static inline void set_key(fr_cfgin *c, uint32_t k, fr_val v)
{
    uint8_t *given = c->given;
    c->input[k] = v;
    if (!given[k]) {
        uint32_t n = c->ngiven;
        c->given_keys[n] = k;
        c->ngiven = n + 1;
        given[k] = 1;
    }
}

/* An env key's value of the wrong type: the key takes its default (given
 * so, as when the program reads the variable and falls back), and the
 * text is noted for the evaluator's warning.  0, or -1 out of memory. */
static int env_fallback(fr_cfgin *c, uint32_t k, size_t off, size_t len)
{
    uint32_t i = 0;
    while (i < c->nfb && c->fb_key[i] != k)
        i++;
    if (i == c->nfb) {
        if (c->nfb == c->capfb) {
            uint32_t cap = c->capfb ? 2 * c->capfb : 4;
            uint32_t *a = realloc(c->fb_key, cap * sizeof *a);
            if (!a)
                return -1;
            c->fb_key = a;
            if (!(a = realloc(c->fb_off, cap * sizeof *a)))
                return -1;
            c->fb_off = a;
            if (!(a = realloc(c->fb_len, cap * sizeof *a)))
                return -1;
            c->fb_len = a;
            c->capfb = cap;
        }
        c->nfb++;
    }
    c->fb_key[i] = k;
    c->fb_off[i] = (uint32_t)off;
    c->fb_len[i] = (uint32_t)len;
    set_key(c, k, c->rs->keys[k].def);
    return 0;
}

static void env_fallback_drop(fr_cfgin *c, uint32_t k)
{
    for (uint32_t i = 0; i < c->nfb; i++)
        if (c->fb_key[i] == k) {
            c->nfb--;
            c->fb_key[i] = c->fb_key[c->nfb];
            c->fb_off[i] = c->fb_off[c->nfb];
            c->fb_len[i] = c->fb_len[c->nfb];
            return;
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
static const char *near_var(const fr_spellmap *m, const char *w, size_t len)
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

/* The flag (a key given by its CLI spellings) whose key name or alias is
 * near the NAME of a NAME=VALUE word, or -1: within two edits, one for a
 * name under six bytes (so that a short alias does not take unrelated
 * environment such as TZ=...); *name the name found. */
static int32_t near_flag_key(const fr_ruleset *rs, const char *w, size_t len, const char **name)
{
    int32_t best = -1;
    size_t bestd = SIZE_MAX;
    for (uint32_t i = 0; i < rs->nkeys + rs->naliases; i++) {
        uint32_t k = i < rs->nkeys ? i : rs->alias_keys[i - rs->nkeys];
        if (k == UINT32_MAX || rs->keys[k].kind != FR_KEY_FLAG || !rs->keys[k].ncli)
            continue;
        const char *cand = i < rs->nkeys ? rs->keys[k].name : rs->alias_names[i - rs->nkeys];
        size_t cl = strlen(cand), max = cl < 6 ? 1 : 2;
        if (cl + max < len || len + max < cl)
            continue;
        size_t d = fr_edit_distance(w, len, cand, cl);
        if (d <= max && d < bestd) {
            bestd = d;
            best = (int32_t)k;
            *name = cand;
        }
    }
    return best;
}

/* An unknown NAME=VALUE near a flag's key name or alias (near_flag_key):
 * the reason, with the spelling to write; 0 when none is near. */
static int near_flag_reason(fr_cfgin *c, const char *w, size_t nlen, const char *v, size_t vlen)
{
    const char *name = NULL;
    int32_t k = near_flag_key(c->rs, w, nlen, &name);
    if (k < 0)
        return 0;
    const fr_key *key = &c->rs->keys[k];
    fr_buf *r = &c->reason;
    fr_buf_puts(r, "unknown variable ");
    reason_value(r, w, nlen);
    fr_buf_puts(r, "; did you mean the flag ");
    fr_buf_puts(r, name);
    fr_val b;
    if (key->is_switch && fr_value_parse(c->rs, key->type, v, vlen, &b) == FR_PARSE_OK && !b.i) {
        fr_buf_puts(r, "? leave it out (");   /* (as flag_as_variable) */
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
static inline __attribute__((always_inline)) fr_parse_rc parse_value(const fr_spellmap *m, const fr_ruleset *rs, fr_type t, const char *s,
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
    if (t.kind == FR_T_STRING) {
        /* fr_value_parse: a string, or null for the words null and None */
        out->i = (int64_t)len;
        out->s = s;
        out->is_null = 0;
        if (t.nullable && len == 4 && (memcmp(s, "null", 4) == 0 || memcmp(s, "None", 4) == 0)) {
            out->i = 0;
            out->s = NULL;
            out->is_null = 1;
        }
        return FR_PARSE_OK;
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

/* sp starts with w[0..len) (which may hold any bytes) and is longer. */
static int spell_extends(const char *sp, const char *w, size_t len)
{
    return strlen(sp) > len && memcmp(sp, w, len) == 0;
}

const fr_progflag *fr_spellmap_prog(const fr_spellmap *m, const char *w, size_t len)
{
    if (!m->nprogs)
        return NULL;
    for (uint32_t i = fr_prog_hash(w, len) & m->proghash_mask;; i = (i + 1) & m->proghash_mask) {
        uint32_t id = m->proghash[i];
        if (id == UINT32_MAX)
            return NULL;
        if (m->progs[id].len == len && memcmp(m->progs[id].spelling, w, len) == 0)
            return &m->progs[id];
    }
}

/* Python's argparse accepts any unambiguous prefix of a long option
 * (`--tp 8` for `--tp-size 8`, allow_abbrev), so launch lines written for
 * such programs use them.  On a miss of the exact lookup: the keys' flag
 * spellings and the program's other flags that start with the word; one
 * spelling -> its key, *spell that spelling (0 returned), or one program
 * flag; more -> 1 (ambiguous: argparse counts option strings, so two
 * spellings of one key are ambiguous there too); none -> *k = -1,
 * *pf = NULL, 0.  Only when an exact lookup failed, so the hot path does
 * not pay it. */
static int abbrev_flag_sp(const fr_spellmap *m, const char *w, size_t len, int32_t *k, const fr_progflag **pf,
                          const char **spell)
{
    *k = -1;
    *pf = NULL;
    *spell = NULL;
    if (len < 3)
        return 0;
    for (uint32_t i = 0; i < m->nflag_spellings; i++) {
        const char *sp = m->flag_spellings[i];
        if (!spell_extends(sp, w, len))
            continue;
        if (*spell) {
            *k = -1;
            *spell = NULL;
            return 1;
        }
        *k = fr_spellmap_find(m, sp, strlen(sp));
        *spell = sp;
    }
    uint32_t n = 0;
    if (m->nprogs) {
        unsigned char b = (unsigned char)w[2];
        for (uint32_t j = m->prog_at[b]; j < m->prog_at[b + 1]; j++) {
            const fr_progflag *p = &m->progs[m->prog_order[j]];
            if (p->len > len && memcmp(p->spelling, w, len) == 0) {
                *pf = p;
                n++;
            }
        }
    }
    if (n > 1 || (n && *k >= 0)) {
        *k = -1;
        *pf = NULL;
        *spell = NULL;
        return 1;
    }
    return 0;
}

static int abbrev_flag(const fr_spellmap *m, const char *w, size_t len, int32_t *k, const fr_progflag **pf)
{
    const char *spell;
    return abbrev_flag_sp(m, w, len, k, pf, &spell);
}

int fr_spellmap_abbrev(const fr_spellmap *m, const char *w, size_t len, int32_t *k, const fr_progflag **pf,
                       const char **spell)
{
    return abbrev_flag_sp(m, w, len, k, pf, spell);
}

void fr_spellmap_list_prefixed(fr_buf *r, const fr_spellmap *m, const char *w, size_t len)
{
    enum { SHOWN = 12 };
    uint32_t n = 0;
    for (uint32_t i = 0; i < m->nflag_spellings; i++) {
        const char *sp = m->flag_spellings[i];
        if (!spell_extends(sp, w, len))
            continue;
        if (n++ < SHOWN) {
            fr_buf_puts(r, n > 1 ? ", " : "");
            fr_buf_puts(r, sp);
        }
    }
    if (m->nprogs && len >= 3) {
        unsigned char b = (unsigned char)w[2];
        for (uint32_t j = m->prog_at[b]; j < m->prog_at[b + 1]; j++) {
            const fr_progflag *p = &m->progs[m->prog_order[j]];
            if (p->len > len && memcmp(p->spelling, w, len) == 0 && n++ < SHOWN) {
                fr_buf_puts(r, n > 1 ? ", " : "");
                fr_buf_puts(r, p->spelling);
            }
        }
    }
    if (n > SHOWN) {
        char more[48];
        snprintf(more, sizeof more, " and %u more", n - SHOWN);
        fr_buf_puts(r, more);
    }
}

/* Whether argparse reads w[0..n) (a word of the store: padded) as an
 * option rather than as a value (fr_option_like; ArgumentParser.
 * _parse_optional): a word with a space is a value unless it names an
 * option: -h (the help option) with an explicit argument (`-h x`), or,
 * before its first '=', a spelling or a prefix of spellings (`--tp=8 x`;
 * an ambiguous prefix, which argparse refuses outright). */
static int option_word(const fr_spellmap *m, const char *w, size_t n)
{
    int o = fr_option_like(w, n);
    if (o != 2)
        return o;
    if (w[1] != '-')
        return w[1] == 'h';
    size_t s = 0;
    while (s < n && w[s] != '=')
        s++;
    if (s == n)
        return 0;   /* (no spelling holds a space) */
    if ((s == 6 && memcmp(w, "--help", 6) == 0) || find_padded(m, w, s) >= 0 || fr_spellmap_prog(m, w, s))
        return 1;
    int32_t k;
    const fr_progflag *pf;
    return abbrev_flag(m, w, s, &k, &pf) || k >= 0 || pf;
}

/* With ignore_unknown, a flag the rules do not declare is skipped, however
 * close to a declared one (the program rejects its own typos), and so are
 * the words after it that look like its values (as an argparse flag with
 * nargs='+' takes them: `--cuda-graph-bs 1 2 4`) when no '=' gave one: a
 * word that does not start with '-' (or is a negative number) and is not
 * NAME=VALUE of an env/fact key.  Returns the number of extra words skipped. */
static size_t skip_unknown_values(const fr_cfgin *c, const char *base, size_t i, bool has_eq)
{
    if (has_eq)
        return 0;
    size_t j = i + 1;
    for (; j < c->nwords; j++) {
        const char *n = base + c->words[j].off;
        size_t nlen = c->words[j].len, eq;
        if (option_word(c->map, n, nlen))
            break;   /* (argparse's rule, as for a declared flag's value) */
        int32_t k;
        if (is_assignment(n, nlen, &eq) && (k = find_padded(c->map, n, eq)) >= 0 &&
            c->rs->keys[k].kind != FR_KEY_FLAG)
            break;
    }
    return j - i - 1;
}

/* The word after flag word i (spelled w[0..slen)) as its value: 0 when
 * there is one argparse takes, else 1 (invalid, the reason written) or -1. */
static int no_value_word(fr_cfgin *c, size_t i, const char *w, size_t slen)
{
    const char *base = c->store.p;
    const fr_word *words = c->words;
    fr_buf *r = &c->reason;
    const char *n = i + 1 < c->nwords ? base + words[i + 1].off : NULL;
    size_t nlen = n ? words[i + 1].len : 0;
    int o = n ? option_word(c->map, n, nlen) : 1;
    if (o && (!n || (nlen >= 2 && n[1] == '-' && !memchr(n, ' ', nlen)))) {
        fr_buf_puts(r, "missing value for ");
        fr_buf_put(r, w, slen);
        return r->oom ? -1 : 1;
    }
    if (o) {
        /* as argparse: `--model-path -x` is an error there */
        fr_buf_puts(r, "missing value for ");
        fr_buf_put(r, w, slen);
        fr_buf_puts(r, ": ");
        reason_value(r, base + words[i + 1].off, words[i + 1].len);
        fr_buf_puts(r, " is read as an option (to give it as the value: ");
        fr_buf_put(r, w, slen);
        fr_buf_putc(r, '=');
        hint_value(r, base + words[i + 1].off, words[i + 1].len);
        fr_buf_putc(r, ')');
        return r->oom ? -1 : 1;
    }
    return 0;
}

/* A flag of the program that no key stands for (pf; the word *pi spelled
 * w[0..slen), a value after '=' when eq): skipped with the value words its
 * kind takes, as argparse reads them (the values are not checked).  0, 1
 * (invalid: what argparse refuses) or -1. */
static int skip_prog(fr_cfgin *c, const fr_progflag *pf, size_t *pi, const char *w, size_t slen, bool eq)
{
    size_t i = *pi;
    switch (pf->kind) {
    case FR_PROG_BOOL:
        if (eq) {
            fr_buf *r = &c->reason;
            fr_buf_put(r, w, slen);
            if (strlen(pf->spelling) == slen)
                fr_buf_puts(r, " takes no value (a bare flag of the program), got ");
            else {
                fr_buf_puts(r, " takes no value (");
                fr_buf_puts(r, pf->spelling);
                fr_buf_puts(r, " is a bare flag of the program), got ");
            }
            reason_value(r, w + slen + 1, c->words[i].len - slen - 1);
            return r->oom ? -1 : 1;
        }
        return 0;
    case FR_PROG_VALUE: {
        if (eq)
            return 0;
        int rc = no_value_word(c, i, w, slen);
        if (rc)
            return rc;
        *pi = i + 1;
        return 0;
    }
    case FR_PROG_OPTIONAL:
        if (!eq && skip_unknown_values(c, c->store.p, i, false))
            *pi = i + 1;
        return 0;
    case FR_PROG_LIST: {
        if (eq)
            return 0;
        int rc = no_value_word(c, i, w, slen);   /* (the first value word, as a key's) */
        if (rc)
            return rc;
        *pi = i + 1 + skip_unknown_values(c, c->store.p, i + 1, false);
        return 0;
    }
    default:   /* FR_PROG_ANY */
        if (!eq)
            *pi = i + skip_unknown_values(c, c->store.p, i, false);
        return 0;
    }
}

/* Words that are no flag of the rules but a slip in writing the config,
 * invalid even with ignore_unknown: an empty flag name (`--=5`, `---`: the
 * name w[0..slen) is all dashes) and `--help` or `-h`.  1 (invalid) or -1
 * (out of memory); 0 for any other word. */
static int config_slip(fr_cfgin *c, const char *w, size_t len, size_t slen)
{
    fr_buf *r = &c->reason;
    size_t d = 0;
    while (d < slen && w[d] == '-')
        d++;
    if (d == slen) {
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

/* Flag word i (w, spelt w[0..slen), '=' at eq or none) that names an env
 * or fact key, dashes for underscores (`--model-architecture Foo`,
 * `--SGLANG_X 1`): invalid, with the NAME=VALUE to write; else 0. */
static int variable_as_flag(fr_cfgin *c, const char *w, size_t len, size_t slen, const char *eq, size_t i)
{
    char name[256];
    size_t n = slen - 2;
    if (slen <= 2 || n > sizeof name)
        return 0;
    for (size_t j = 0; j < n; j++)
        name[j] = w[2 + j] == '-' ? '_' : w[2 + j];
    int32_t k = fr_ir_find_key(c->rs, name, n);
    if (k < 0 || c->rs->keys[k].kind == FR_KEY_FLAG)
        return 0;
    const fr_key *key = &c->rs->keys[k];
    fr_buf *r = &c->reason;
    fr_buf_puts(r, "unknown flag ");
    reason_value(r, w, slen);
    fr_buf_puts(r, ": ");
    fr_buf_puts(r, key->name);
    fr_buf_puts(r, key->kind == FR_KEY_ENV ? " is an environment variable" : " is a fact");
    fr_buf_puts(r, ", not a flag: write ");
    fr_buf_puts(r, key->name);
    fr_buf_putc(r, '=');
    /* its value: after '=', or the next word unless that is a flag's */
    const char *v = NULL;
    size_t vlen = 0;
    if (eq) {
        v = eq + 1;
        vlen = len - (size_t)(v - w);
    } else if (i + 1 < c->nwords) {
        const char *nw = c->store.p + c->words[i + 1].off;
        size_t nl = c->words[i + 1].len;
        if (!option_word(c->map, nw, nl)) {
            v = nw;
            vlen = nl;
        }
    }
    if (v)
        hint_value(r, v, vlen);
    else
        fr_buf_puts(r, key->type.kind == FR_T_BOOL ? "true" : "VALUE");   /* (a bare bool flag is on) */
    return r->oom ? -1 : 1;
}

/* NAME=VALUE (name w[0..nlen), value v[0..vlen)) where NAME is flag key k
 * or an alias of it: a flag is given as one. */
static int flag_as_variable(fr_cfgin *c, const char *w, size_t nlen, uint32_t k, const char *v, size_t vlen)
{
    const fr_key *key = &c->rs->keys[k];
    fr_buf *r = &c->reason;
    reason_value(r, w, nlen);
    if (strlen(key->name) == nlen && memcmp(key->name, w, nlen) == 0)
        fr_buf_puts(r, " is a flag");
    else {
        fr_buf_puts(r, " names the flag ");
        fr_buf_puts(r, key->name);
    }
    fr_val b;
    if (key->is_switch && fr_value_parse(c->rs, key->type, v, vlen, &b) == FR_PARSE_OK && !b.i) {
        /* (a switch takes no =VALUE: nothing for off, the spelling alone for on) */
        fr_buf_puts(r, ", not an env or fact key: leave it out (");
        fr_buf_puts(r, key->cli[0]);
        fr_buf_puts(r, " is a switch, off unless given)");
        return r->oom ? -1 : 1;
    }
    fr_buf_puts(r, ", not an env or fact key: write ");
    fr_buf_puts(r, key->cli[0]);
    if (!key->is_switch) {
        fr_buf_putc(r, key->type.kind == FR_T_BOOL ? '=' : ' ');   /* (a bool flag takes no value word) */
        hint_value(r, v, vlen);
    }
    return r->oom ? -1 : 1;
}

/* A program word holding a blank followed by "--": a whole launch line
 * given as one word (quoted), whose flags would be skipped with it. */
static int holds_command_line(const char *w, size_t len)
{
    for (size_t j = 1; j + 2 <= len; j++)
        if (w[j] == '-' && w[j + 1] == '-' && (w[j - 1] == ' ' || w[j - 1] == '\t' || w[j - 1] == '\n'))
            return 1;
    return 0;
}

/* The character at s (n bytes left, UTF-8) when it is a look-alike of an
 * ASCII '-' (1) or an invisible character (2), with its length and code
 * point; else 0. */
static int odd_char(const char *s, size_t n, size_t *len, uint32_t *cp)
{
    const unsigned char *u = (const unsigned char *)s;
    if (n >= 2 && u[0] == 0xC2 && (u[1] == 0xA0 || u[1] == 0xAD)) {
        *len = 2;   /* no-break space, soft hyphen */
        *cp = u[1];
        return 2;
    }
    if (n < 3 || (u[0] != 0xE2 && u[0] != 0xEF) || (u[1] & 0xC0) != 0x80 || (u[2] & 0xC0) != 0x80)
        return 0;
    *len = 3;
    *cp = ((uint32_t)(u[0] & 0x0F) << 12) | ((uint32_t)(u[1] & 0x3F) << 6) | (u[2] & 0x3F);
    switch (*cp) {
    case 0x2010: case 0x2011: case 0x2012: case 0x2013: case 0x2014: case 0x2015:   /* hyphens, dashes */
    case 0x2212: case 0xFE58: case 0xFE63: case 0xFF0D:   /* minus, small and fullwidth forms */
        return 1;
    case 0x200B: case 0x200C: case 0x200D: case 0x200E: case 0x200F:   /* zero width, direction marks */
    case 0x202A: case 0x202B: case 0x202C: case 0x202D: case 0x202E:
    case 0x2060: case 0xFEFF:   /* word joiner, byte order mark */
        return 2;
    default:
        return 0;
    }
}

/* A word whose dashes are not ASCII's or that starts with an invisible
 * character (the first such at code point cp), with skip bytes before its
 * name: invalid, with the flag meant where it is one.  1 or -1. */
static int odd_flag(fr_cfgin *c, const char *w, size_t len, size_t skip, uint32_t cp, bool ignore_unknown)
{
    const char *eq = memchr(w + skip, '=', len - skip);
    size_t slen = eq ? (size_t)(eq - w) : len, nlen = slen - skip + 2;
    char two[256];
    bool known = false;
    if (nlen <= sizeof two) {
        memcpy(two, "--", 2);
        memcpy(two + 2, w + skip, slen - skip);
        int32_t k = fr_spellmap_find(c->map, two, nlen);
        const fr_progflag *pf = fr_spellmap_prog(c->map, two, nlen);
        known = (k >= 0 && c->rs->keys[k].kind == FR_KEY_FLAG) || pf ||
                (nlen >= 4 && !abbrev_flag(c->map, two, nlen, &k, &pf) && (k >= 0 || pf));
    }
    if (ignore_unknown && !known)
        return 0;   /* (skipped as any unknown flag) */
    fr_buf *r = &c->reason;
    fr_buf_puts(r, "unknown flag ");
    reason_value(r, w, slen);
    fr_buf_printf(r, ": it starts with U+%04X (%s), not ASCII '-'", (unsigned)cp,
                  cp == 0xFEFF ? "a byte order mark"
                  : cp == 0xA0 ? "a no-break space"
                  : cp == 0xAD ? "a soft hyphen"
                  : (cp >= 0x2010 && cp <= 0x2015) || cp == 0x2212 || cp >= 0xFE58 ? "a dash other than '-'"
                  : "an invisible character");
    if (known) {
        fr_buf_puts(r, "; did you mean '");
        fr_buf_put(r, two, nlen);
        fr_buf_puts(r, "'?");
    }
    return r->oom ? -1 : 1;
}

/* A word with one dash whose two-dash form is a flag of the rules or of
 * the program, or its prefix (`-tp 8`, `-disable-shared-experts-fusion`):
 * argparse refuses
 * it, and among the leading words it would be taken for one of the
 * program's, silently.  1 (invalid, the reason written), -1 or 0. */
static int one_dash_flag(fr_cfgin *c, const char *w, size_t len, bool ignore_unknown)
{
    /* Or dashes other than ASCII's, or an invisible character before them:
     * a line copied from a page whose typography joined the two (`—tp 8`,
     * `−−tp`), or from a file that starts with a byte order mark.  Then
     * the word is a flag's as written, and refused even when no flag
     * matches: among the leading words it would be skipped silently. */
    size_t skip = 0, cl;
    unsigned dashes = 0;
    uint32_t odd = 0, cp;
    int kind;
    while (skip < len) {
        if (w[skip] == '-') {
            dashes++;
            skip++;
        } else if ((kind = odd_char(w + skip, len - skip, &cl, &cp))) {
            dashes += kind == 1;
            if (!odd)
                odd = cp;
            skip += cl;
        } else
            break;
    }
    if (odd) {
        if (!dashes || skip >= len || memchr(w, ' ', len) ||
            !((w[skip] >= 'a' && w[skip] <= 'z') || (w[skip] >= 'A' && w[skip] <= 'Z') ||
              (w[skip] >= '0' && w[skip] <= '9')))
            return 0;
        return odd_flag(c, w, len, skip, odd, ignore_unknown);
    }
    if (ignore_unknown)
        return 0;   /* (skipped as any unknown flag) */
    skip = 1;
    if (len < 2 || memchr(w, ' ', len) || w[0] != '-' || w[1] == '-' || !fr_option_like(w, len))
        return 0;
    const char *eq = memchr(w, '=', len);
    size_t slen = eq ? (size_t)(eq - w) : len, nlen = slen - skip + 2;
    char two[256];
    if (nlen > sizeof two || slen <= skip)
        return 0;
    memcpy(two, "--", 2);
    memcpy(two + 2, w + skip, slen - skip);
    int32_t k = fr_spellmap_find(c->map, two, nlen);
    const fr_progflag *pf = fr_spellmap_prog(c->map, two, nlen);
    fr_buf *r = &c->reason;
    if (!(k >= 0 && c->rs->keys[k].kind == FR_KEY_FLAG) && !pf) {
        /* or, from two letters on (not python's -u, -m, -c), the prefix of
         * one (`-tp` for --tp, argparse's --tp-size) or of several
         * (`-enable-dp`: the candidates listed, as for `--enable-dp`) */
        if (nlen < 4)
            return 0;
        if (abbrev_flag(c->map, two, nlen, &k, &pf)) {
            fr_buf_puts(r, "unknown flag ");
            reason_value(r, w, slen);
            fr_buf_puts(r, "; with two dashes it could be ");
            fr_spellmap_list_prefixed(r, c->map, two, nlen);
            return r->oom ? -1 : 1;
        }
        if (k < 0 && !pf)
            return 0;
    }
    fr_buf_puts(r, "unknown flag ");
    reason_value(r, w, slen);
    fr_buf_puts(r, "; did you mean '");
    fr_buf_put(r, two, nlen);
    fr_buf_puts(r, "'?");
    return r->oom ? -1 : 1;
}

/* --flag=VALUE (spelt w[0..slen), perhaps a prefix) of a switch, which takes
 * no value, as argparse's store_true takes none: 1 (invalid) or -1. */
static int switch_value(fr_cfgin *c, const fr_key *key, const char *w, size_t slen, const char *v, size_t vlen)
{
    fr_buf *r = &c->reason;
    bool whole = false;
    for (uint32_t j = 0; j < key->ncli && !whole; j++)
        whole = strlen(key->cli[j]) == slen && memcmp(key->cli[j], w, slen) == 0;
    fr_buf_put(r, w, slen);
    if (whole)
        fr_buf_puts(r, " takes no value (a switch: on when given), got ");
    else {
        fr_buf_puts(r, " takes no value (");
        fr_buf_puts(r, key->cli[0]);
        fr_buf_puts(r, " is a switch: on when given), got ");
    }
    reason_value(r, v, vlen);
    return r->oom ? -1 : 1;
}

/* --old=VALUE (spelt w[0..slen), perhaps a prefix) of a spelling that
 * takes no value and gives key's constant cli_val[j], as argparse's
 * store_const takes none: 1 (invalid) or -1. */
static int const_value(fr_cfgin *c, const fr_key *key, uint32_t j, const char *w, size_t slen, const char *v,
                       size_t vlen)
{
    fr_buf *r = &c->reason;
    bool whole = strlen(key->cli[j]) == slen && memcmp(key->cli[j], w, slen) == 0;
    fr_buf_put(r, w, slen);
    fr_buf_puts(r, " takes no value (");
    if (!whole) {
        fr_buf_puts(r, key->cli[j]);
        fr_buf_putc(r, ' ');
    }
    fr_buf_puts(r, "gives ");
    fr_buf_puts(r, key->name);
    fr_buf_puts(r, " = ");
    fr_val_text(r, c->rs, key->type, key->cli_val[j]);
    fr_buf_puts(r, "), got ");
    reason_value(r, v, vlen);
    return r->oom ? -1 : 1;
}

/* One word (or a flag and its value word), the general way: every case
 * and every message.  *pi is the word's index (advanced past a value word
 * consumed); *program is 1 while no `--` word was seen.  0 (go on), 1
 * (invalid) or -1 (out of memory). */
static __attribute__((noinline)) int word_general(fr_cfgin *c, size_t *pi, int *program)
{
    const fr_ruleset *rs = c->rs;
    const fr_spellmap *m = c->map;
    const char *base = c->store.p;
    fr_buf *r = &c->reason;
    const fr_word *words = c->words;
    const bool ignore_unknown = c->ignore_unknown;
    size_t i = *pi;
    const char *w = base + words[i].off;
    size_t len = words[i].len;
    if (len >= 2 && w[0] == '-' && w[1] == '-') {
        *program = 0;
        if (len == 2)
            return invalid(c, "unexpected argument '--'");
        /* Most flag words are a spelling: look the whole word up first
         * (a hit has no '=' when no spelling has one) */
        int32_t k = m->eq_in_spelling ? -1 : find_padded(m, w, len);
        const char *eq = NULL;
        size_t slen = len;
        if (k < 0) {
            size_t at = find_byte_padded(w, len, '=');
            if (at < len) {
                eq = w + at;
                slen = at;
                k = find_padded(m, w, slen);
            } else if (m->eq_in_spelling)
                k = find_padded(m, w, slen);
        }
        const char *sp = w;   /* the spelling named (a prefix's: the whole one) */
        size_t splen = slen;
        if (k < 0) {
            const fr_progflag *pf = m->nprogs ? fr_spellmap_prog(m, w, slen) : NULL;
            if (!pf && abbrev_flag_sp(m, w, slen, &k, &pf, &sp)) {
                fr_buf_puts(r, "ambiguous flag ");
                reason_value(r, w, slen);
                fr_buf_puts(r, " could match ");
                fr_spellmap_list_prefixed(r, m, w, slen);
                return r->oom ? -1 : 1;
            }
            if (pf)
                return skip_prog(c, pf, pi, w, slen, eq != NULL);
            if (k >= 0)
                splen = strlen(sp);
        }
        if (k < 0 || rs->keys[k].kind != FR_KEY_FLAG) {
            int rc = config_slip(c, w, len, slen);
            if (rc)
                return rc;
            if (ignore_unknown) {
                *pi += skip_unknown_values(c, base, i, eq != NULL);
                return 0;
            }
            if ((rc = variable_as_flag(c, w, len, slen, eq, i)))
                return rc;
            fr_buf_puts(r, "unknown flag ");
            reason_value(r, w, slen);
            hint_later(c, w, slen, m->flag_spellings, m->nhint_spellings);
            return r->oom ? -1 : 1;
        }
        const fr_key *key = &rs->keys[k];
        const char *v;
        size_t vlen;
        if (key->cli_const) {
            int j = fr_spellmap_const(m, sp, splen);
            if (j >= 0) {
                if (eq)
                    return const_value(c, key, (uint32_t)j, w, slen, eq + 1, len - slen - 1);
                set_key(c, (uint32_t)k, key->cli_val[j]);
                return 0;
            }
        }
        if (eq && key->is_switch)
            return switch_value(c, key, w, slen, eq + 1, len - slen - 1);
        if (eq) {
            v = eq + 1;
            vlen = len - slen - 1;
        } else if (key->type.kind == FR_T_BOOL) {
            fr_val t = { 1, NULL, 0 };
            set_key(c, (uint32_t)k, t);
            return 0;
        } else {
            int rc = no_value_word(c, i, w, slen);
            if (rc)
                return rc;
            i = ++*pi;
            v = base + words[i].off;
            vlen = words[i].len;
        }
        fr_val val;
        fr_parse_rc rc = word_value(m, rs, (uint32_t)k, v, vlen, &val);
        if (rc != FR_PARSE_OK) {
            bad_value(rs, (uint32_t)k, w, slen, v, vlen, rc, r, c, 0);
            return r->oom ? -1 : 1;
        }
        set_key(c, (uint32_t)k, val);
        return 0;
    }
    size_t eqi = 0;
    int32_t k = -1;
    int assign;
    if (len && name_class[(unsigned char)w[0]]) {
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
            fr_parse_rc rc = word_value(m, rs, (uint32_t)k, vt, vtl, &val);
            /* (an integer outside the 64-bit range is no fallback: the
             * program reads it, and flagrule cannot hold it, as for a flag) */
            if (rc != FR_PARSE_OK && rc != FR_PARSE_RANGE && rs->keys[k].kind == FR_KEY_ENV)
                return env_fallback(c, (uint32_t)k, (size_t)(w + eqi + 1 - c->store.p), len - eqi - 1);
            if (rc == FR_PARSE_OK && c->nfb)
                env_fallback_drop(c, (uint32_t)k);   /* (a later value wins) */
            if (rc != FR_PARSE_OK) {
                bad_value(rs, (uint32_t)k, w, eqi, w + eqi + 1, len - eqi - 1, rc, r, c, 0);
                return r->oom ? -1 : 1;
            }
            set_key(c, (uint32_t)k, val);
            return 0;
        }
        int32_t fk = fr_ir_find_key(rs, w, eqi);
        if (fk >= 0 && rs->keys[fk].kind == FR_KEY_FLAG && rs->keys[fk].ncli)
            return flag_as_variable(c, w, eqi, (uint32_t)fk, w + eqi + 1, len - eqi - 1);
        if (*program) {
            const char *near = near_var(m, w, eqi);
            if (!near) {
                int rc = near_flag_reason(c, w, eqi, w + eqi + 1, len - eqi - 1);
                return rc;   /* (0: unrelated environment) */
            }
            fr_buf_puts(r, "unknown variable ");
            reason_value(r, w, eqi);
            fr_buf_puts(r, "; did you mean '");
            fr_buf_puts(r, near);
            fr_buf_puts(r, "'?");
            return r->oom ? -1 : 1;
        }
        if (!near_var(m, w, eqi)) {
            int rc = near_flag_reason(c, w, eqi, w + eqi + 1, len - eqi - 1);
            if (rc)
                return rc;
        }
        fr_buf_puts(r, "unknown variable ");
        reason_value(r, w, eqi);
        hint_later(c, w, eqi, m->var_names, m->nvar_names);
        return r->oom ? -1 : 1;
    }
    if (*program) {
        if (len == 2 && memcmp(w, "-h", 2) == 0)
            return config_slip(c, w, len, len);
        int rc = one_dash_flag(c, w, len, ignore_unknown);
        if (rc)
            return rc;
        if (holds_command_line(w, len)) {
            fr_buf_puts(r, "the word ");
            reason_value(r, w, len);
            fr_buf_puts(r, c->from_argv ? " holds a whole command line: give its words as separate arguments, "
                                          "or the line on standard input"
                                        : " holds a whole command line: write it without the quotes");
            return r->oom ? -1 : 1;
        }
        return 0;
    }
    if (len >= 2 && w[0] == '-' && !(w[1] >= '0' && w[1] <= '9')) {
        const char *eq = memchr(w, '=', len);
        size_t slen = eq ? (size_t)(eq - w) : len;
        int rc = config_slip(c, w, len, slen);
        if (rc)
            return rc;
        if (ignore_unknown) {
            *pi += skip_unknown_values(c, base, i, eq != NULL);
            return 0;
        }
        if ((rc = one_dash_flag(c, w, len, false)))
            return rc;
        fr_buf_puts(r, "unknown flag ");
        reason_value(r, w, slen);
        hint_later(c, w, slen, m->flag_spellings, m->nhint_spellings);
        return r->oom ? -1 : 1;
    }
    int rc = one_dash_flag(c, w, len, false);   /* (`—tp`) */
    if (rc)
        return rc;
    fr_buf_puts(r, "unexpected argument ");
    reason_value(r, w, len);
    return r->oom ? -1 : 1;
}

/* s starts with "--" (s has at least 2 readable bytes). */
static inline int dashdash(const char *s)
{
    uint16_t w, dd;
    memcpy(&w, s, 2);
    memcpy(&dd, "--", 2);
    return w == dd;
}

/* A value the fast path can take (plain decimal int, a member of the enum,
 * a string): 1 and *out, or 0 (the general path decides, with messages). */
typedef int32_t (*enum_finder)(const fr_spellmap *m, uint32_t enum_id, const char *s, size_t len);

/* The n (1..8) bytes at s (8 readable bytes) as a decimal number in *out,
 * when they are all digits (SWAR: no loop over the digits, whose exit
 * would be mispredicted for values of varying lengths).  0 for anything
 * else: the digit loop decides (a sign, more digits, null).  Little-endian
 * only: its one caller is the fused reader (x86). */
static inline int parse_digits8(const char *s, size_t n, uint64_t *out)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    unsigned sh = (unsigned)(64 - 8 * n);
    uint64_t x = ld8(s) << sh;   /* the n bytes on top, zero bytes below: leading zeros */
    uint64_t zero = 0x3030303030303030ull << sh, hi = 0xF0F0F0F0F0F0F0F0ull << sh;
    /* each byte 0x30..0x3f, and still after adding 6 (no carry leaves a
     * byte once the first test holds): 0x30..0x39 */
    if (((x & hi) != zero) | (((x + (0x0606060606060606ull << sh)) & hi) != zero))
        return 0;
    uint64_t d = x - zero;
    d = d * 10 + (d >> 8);   /* pairs of digits, then groups of four, then all eight */
    d = (((d & 0x000000FF000000FFull) * (100 + (1000000ull << 32))) +
         (((d >> 16) & 0x000000FF000000FFull) * (1 + (10000ull << 32)))) >> 32;
    *out = d;
    return 1;
#else
    (void)s;
    (void)n;
    (void)out;
    return 0;
#endif
}

static inline __attribute__((always_inline)) int fast_value_by(const fr_spellmap *m, uint8_t tkind,
                                                               uint32_t enum_id, uint8_t nullable,
                                                               const char *s, size_t len, fr_val *out,
                                                               enum_finder find_enum, const int padded)
{
    switch (tkind) {
    case FR_T_INT: {
        if (len == 0 || len > 18)
            return 0;
        if (s[0] == 'n' || s[0] == 'N')
            goto null;
        uint64_t u;
        /* (padded: 8 readable bytes at s, the fused reader's store) */
        if (padded && len <= 8 && parse_digits8(s, len, &u)) {
            out->i = (int64_t)u;
            out->s = NULL;
            out->is_null = 0;
            return 1;
        }
        /* (a sign, then 1-17 digits) */
        const unsigned char *p = (const unsigned char *)s + (s[0] == '-' && len > 1);
        const unsigned char *end = (const unsigned char *)s + len;
        uint64_t v = 0;
        do {
            unsigned d = (unsigned)*p - '0';
            if (d > 9)
                return 0;
            v = v * 10 + d;
        } while (++p < end);
        out->i = s[0] == '-' ? -(int64_t)v : (int64_t)v;
        out->s = NULL;
        out->is_null = 0;
        return 1;
    }
    case FR_T_BOOL: {
        /* fr_value_parse: true, false, 1, 0 (any case: the general path) */
        int64_t b;
        if (len == 4 && memcmp(s, "true", 4) == 0)
            b = 1;
        else if (len == 5 && memcmp(s, "false", 5) == 0)
            b = 0;
        else if (len == 1 && (s[0] == '0' || s[0] == '1'))
            b = s[0] - '0';
        else
            return 0;
        out->i = b;
        out->s = NULL;
        out->is_null = 0;
        return 1;
    }
    case FR_T_ENUM: {
        int32_t v = find_enum(m, enum_id, s, len);
        if (v < 0)
            goto null;   /* (a member named null was found first) */
        out->i = v;
        out->s = NULL;
        out->is_null = 0;
        return 1;
    }
    case FR_T_STRING:
        if (nullable > 1 || (nullable && len == 4 && (memcmp(s, "null", 4) == 0 || memcmp(s, "None", 4) == 0)))
            return 0;
        out->i = (int64_t)len;
        out->s = s;
        out->is_null = 0;
        return 1;
    default:
        return 0;
    }
null:   /* word_value: null and None are null for a nullable int or enum fact */
    if (nullable != 1 || len != 4 || (memcmp(s, "null", 4) != 0 && memcmp(s, "None", 4) != 0))
        return 0;
    out->i = 0;
    out->s = NULL;
    out->is_null = 1;
    return 1;
}

/* A word fast_value_by did not take, of a spelling whose nullable is 3:
 * 1 and null in *out when it is one of key k's null words (as word_value
 * reads it), else 0. */
static __attribute__((noinline)) int fast_null_word(const fr_ruleset *rs, uint32_t k, const char *s, size_t len,
                                                    fr_val *out)
{
    /* (a word with a leading '-' after an int flag reached here as a
     * possible negative number: the general reader decides whether it is
     * an option, as argparse does) */
    if ((len && s[0] == '-') || !fr_key_has_null_word(&rs->keys[k], s, len))
        return 0;
    out->i = 0;
    out->s = NULL;
    out->is_null = 1;
    return 1;
}

static int32_t find_enum_plain(const fr_spellmap *m, uint32_t enum_id, const char *s, size_t len)
{
    return find_enum_value(m, enum_id, s, len);
}

static inline __attribute__((always_inline)) int fast_value(const fr_cfgin *c, const fr_spell *sl,
                                                            const char *s, size_t len, fr_val *out)
{
    if (fast_value_by(c->map, sl->tkind, sl->enum_id, sl->nullable, s, len, out, find_enum_plain, 0))
        return 1;
    return sl->nullable == 3 && fast_null_word(c->rs, sl->key, s, len, out);
}

/* The words, left to right.  The common words — an exact flag spelling with
 * its value (next word or after '='), a bare bool flag, NAME=VALUE of an
 * env/fact key, with a value taken by fast_value — are read here; any other
 * word goes to word_general, which starts that word over. */
static int interpret(fr_cfgin *c, int program)
{
    const fr_spellmap *m = c->map;
    const char *base = c->store.p;
    const fr_word *words = c->words;
    const size_t nwords = c->nwords;
    fr_val *input = c->input;
    const int fast = !m->eq_in_spelling;
    for (size_t i = 0; i < nwords; i++) {
        const char *w = base + words[i].off;
        size_t len = words[i].len;
        const fr_spell *sl;
        const char *v;
        size_t vlen, next = i;
        /* (fast_value writes the value only when it takes it) */
        if (len > 2 && dashdash(w)) {
            if (!fast)
                goto general;
            sl = find_slot(m, w, len);
            if (sl) {
                if (!sl->is_flag)
                    goto general;
                if (sl->tkind == FR_T_BOOL) {
                    fr_val *out = &input[sl->key];
                    out->i = 1;
                    out->s = NULL;
                    out->is_null = 0;
                    program = 0;
                    goto given;
                }
                if (i + 1 >= nwords)
                    goto general;
                v = base + words[i + 1].off;
                vlen = words[i + 1].len;
                if (vlen >= 2 && v[0] == '-' && (sl->tkind != FR_T_INT || v[1] == '-'))
                    goto general;   /* (as the fused reader) */
                next = i + 1;
            } else {
                size_t at = find_byte_padded(w, len, '=');
                if (at >= len || !(sl = find_slot(m, w, at)) || !sl->is_flag || sl->is_switch)
                    goto general;
                v = w + at + 1;
                vlen = len - at - 1;
            }
            if (!fast_value(c, sl, v, vlen, &input[sl->key]))
                goto general;
            program = 0;
        } else if (len && name_class[(unsigned char)w[0]]) {
            size_t at = find_byte_padded(w, len, '=');
            if (at >= len || at == 0 || !(sl = find_slot(m, w, at)) || sl->is_flag)
                goto general;
            v = w + at + 1;
            vlen = len - at - 1;
            if (!fast_value(c, sl, v, vlen, &input[sl->key]))
                goto general;
        } else
            goto general;
    given: {
            uint32_t k = sl->key;
            if (!c->given[k]) {
                c->given[k] = 1;
                c->given_keys[c->ngiven++] = k;
            } else if (c->nfb)
                env_fallback_drop(c, k);   /* (a later value wins) */
        }
        i = next;
        continue;
    general: {
            int rc = word_general(c, &i, &program);
            if (rc)
                return rc;
        }
    }
    return 0;
}


#if FR_AVX2
/* ---- the fused reader ------------------------------------------------------------ */

/* On AVX2 machines (and no '=' in a flag spelling) a line is read in one
 * pass, with no word list: a word is the run of non-blanks at the read
 * position, found from the blank bits of the 32 (64) bytes there, which
 * also give its first '=' and whether it has a byte that needs the general
 * splitter (one below 0x28 but a blank, or a backslash); words are read in
 * place in the store, a value gets a NUL after it.  A word it does not take
 * (anything but an exact flag spelling with its value, a bare bool flag,
 * NAME=VALUE of an env/fact key, with a value fast_value takes, and those
 * quoted the simple way: 'x', "x", --flag='x', NAME="x"; or a word of 64
 * bytes or more) is left, with the rest of the line, to split_general and
 * interpret, which start over from it (for a flag waiting for its value
 * word: from the flag); the keys set before it they would have set in the
 * same order. */

/* The entry of t for the text w[0..len) (1 <= len <= 64; its first 32 bytes
 * in a; followed by 64 readable bytes) of the enum enum_id (0 for a
 * spelling), or NULL. */
static inline __attribute__((always_inline, target("avx2,bmi,bmi2,sse4.2"))) const fr_fslot *
fast_find(const fr_fslot *t, uint32_t mask, int wide, const char *w, __m256i a, size_t len, uint32_t salt,
          uint32_t enum_id)
{
    uint64_t lm = _bzhi_u64(~0ull, (unsigned)len);
    uint32_t lk = (uint32_t)len | enum_id << 7;
    uint32_t h = wide ? fast_hash_wide(w, len, salt) : fast_hash(w, len, salt);   /* (a constant) */
    for (uint32_t i = h & mask;; i = (i + 1) & mask) {
        const fr_fslot *sl = &t[i];
        if (sl->lk == lk) {
            __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)sl->p);
            uint64_t eq = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(a, x));
            if (len > 32) {
                __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(w + 32));
                __m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(sl->p + 32));
                eq |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(b, y)) << 32;
            }
            if (!(~eq & lm))
                return sl;
        }
        if (!sl->p)
            return NULL;
    }
}

static inline __attribute__((always_inline, target("avx2,bmi,bmi2,sse4.2"))) int32_t
find_enum_fast_by(const fr_spellmap *m, uint32_t enum_id, const char *s, size_t len, const int wide)
{
    if (len - 1 >= 64)
        return -1;   /* (not in the table) */
    __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)s);
    const fr_fslot *sl = fast_find(m->fevals, m->femask, wide, s, a, len, enum_salt(enum_id), enum_id);
    return sl ? (int32_t)sl->key : -1;
}

static inline __attribute__((always_inline, target("avx2,bmi,bmi2,sse4.2"))) int32_t
find_enum_fast(const fr_spellmap *m, uint32_t enum_id, const char *s, size_t len)
{
    return find_enum_fast_by(m, enum_id, s, len, 0);
}

static inline __attribute__((always_inline, target("avx2,bmi,bmi2,sse4.2"))) int32_t
find_enum_fast_wide(const fr_spellmap *m, uint32_t enum_id, const char *s, size_t len)
{
    return find_enum_fast_by(m, enum_id, s, len, 1);
}

static __attribute__((target("avx2,bmi,bmi2,sse4.2"))) int32_t fused_find_copy(const fr_spellmap *m, uint32_t e,
                                                                              const char *s, size_t len)
{
    char w[128] = { 0 };   /* (fast_find reads 64 bytes at the text) */
    if (len == 0 || len > 64)
        return -1;
    memcpy(w, s, len);
    __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)w);
    const fr_fslot *sl = e ? fast_find(m->fevals, m->femask, m->fwide, w, a, len, enum_salt(e - 1), e - 1)
                           : fast_find(m->fslots, m->fmask, m->fwide, w, a, len, 0, 0);
    return sl ? (int32_t)sl->key : -1;
}
#endif

int32_t fr_spellmap_fused_find(const fr_spellmap *m, uint32_t e, const char *s, size_t len)
{
#if FR_AVX2
    if (m->fused)
        return fused_find_copy(m, e, s, len);
#else
    (void)e;
    (void)s;
    (void)len;
#endif
    (void)m;
    return -2;
}

#if FR_AVX2
/* A word at w (not a blank): *wl its length, *eqm its '=' bits, *spm its
 * special bits (see above); 0 when it has 64 bytes or more. */
typedef struct fused_scan {
    __m256i  a;        /* its first 32 bytes */
    size_t   wl;
    uint64_t eqm, spm;
    uint64_t blr, spr; /* the blank and special bits of all the bytes read (32 or 64) */
} fused_scan;

static inline __attribute__((always_inline, target("avx2,bmi,bmi2,sse4.2"))) int fused_scan_word(const char *w,
                                                                                               fused_scan *f)
{
    const __m256i sp = _mm256_set1_epi8(' '), lo = _mm256_set1_epi8(0x27), bs = _mm256_set1_epi8('\\');
    const __m256i eq = _mm256_set1_epi8('=');
    __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)w);
    uint64_t bl = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(a, sp));
    uint64_t spm = (uint32_t)_mm256_movemask_epi8(
        _mm256_or_si256(_mm256_cmpeq_epi8(_mm256_min_epu8(a, lo), a), _mm256_cmpeq_epi8(a, bs)));
    uint64_t eqm = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(a, eq));
    if (!bl) {
        __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(w + 32));
        bl = (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(b, sp)) << 32;
        if (!bl)
            return 0;
        spm |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_or_si256(
                   _mm256_cmpeq_epi8(_mm256_min_epu8(b, lo), b), _mm256_cmpeq_epi8(b, bs)))
               << 32;
        eqm |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(b, eq)) << 32;
    }
    size_t wl = (size_t)__builtin_ctzll(bl);
    f->a = a;
    f->wl = wl;
    f->blr = bl;
    f->spr = spm;
    f->eqm = _bzhi_u64(eqm, (unsigned)wl);
    f->spm = _bzhi_u64(spm, (unsigned)wl);   /* (the blanks in it are its end) */
    return 1;
}

/* A word with special bytes quoted the simple way: 'text' (1: *w, *wl the
 * text, *eqm its '=' bits), or name='text' (2: *v, *vl the text; *w, *wl
 * as they were); 0 for anything else. */
static __attribute__((noinline)) int fused_quoted(const char **w, size_t *wl, uint64_t *eqm, const char **v,
                                                 size_t *vl, uint64_t spm)
{
    if (__builtin_popcountll(spm) != 2)
        return 0;
    const char *p = *w;
    size_t n = *wl, q1 = (size_t)__builtin_ctzll(spm), q2 = 63 - (size_t)__builtin_clzll(spm);
    if (q2 != n - 1 || p[q1] != p[q2] || (p[q1] != '\'' && p[q1] != '"'))
        return 0;
    if (q1 == 0) {
        *w = p + 1;
        *wl = n - 2;
        *eqm >>= 1;
        return 1;
    }
    if (p[q1 - 1] != '=' || !*eqm || (size_t)__builtin_ctzll(*eqm) != q1 - 1)
        return 0;   /* (a value word comes with no '=' bits: not one piece anyway) */
    *v = p + q1 + 1;
    *vl = n - q1 - 2;
    return 2;
}

static __attribute__((noinline)) int fused_rest(fr_cfgin *c, size_t len, size_t from, int program)
{
    c->nwords = 0;
    int rc = split_general(c, c->store.p, len, from);
    if (rc)
        return rc;
    return interpret(c, program);
}

/* with_res: the values also to c->res (a constant: two copies of the
 * loop, no test a key) */
static inline __attribute__((always_inline, target("avx2,bmi,bmi2,sse4.2"))) int
read_fused_impl(fr_cfgin *c, const char *line, size_t len, const int with_res, const int wide)
{
    const fr_spellmap *m = c->map;
    if (len > UINT32_MAX - 256)
        return invalid(c, "config line too long");
    /* the line and 64 blanks: the reads at a word start are of 64 bytes */
    c->store.len = 0;
    if (c->store.cap <= len + 128 && fr_buf_reserve(&c->store, len + 128) < 0)
        return -1;
    char *out = c->store.p;
    /* (64 bytes at a time, the last 64 ending at the line's end: no call, no
     * read after the line) */
#define FR_CP32(at) _mm256_storeu_si256((__m256i *)(void *)(out + (at)), \
                                        _mm256_loadu_si256((const __m256i *)(const void *)(line + (at))))
    if (__builtin_expect(len >= 64, 1)) {
        for (size_t i = 0; i + 64 < len; i += 64) {
            FR_CP32(i);
            FR_CP32(i + 32);
        }
        FR_CP32(len - 64);
        FR_CP32(len - 32);
    } else if (len >= 32) {
        FR_CP32(0);
        FR_CP32(len - 32);
    } else
        memcpy(out, line, len);
#undef FR_CP32
    _mm256_storeu_si256((__m256i *)(void *)(out + len), _mm256_set1_epi8(' '));
    _mm256_storeu_si256((__m256i *)(void *)(out + len + 32), _mm256_set1_epi8(' '));
    fr_val *input = c->input;
    fr_val *const res = c->res;
    uint8_t *given = c->given;
    uint32_t *const given_keys = c->given_keys;
    uint32_t *gk = given_keys + c->ngiven;   /* the end of the list */
    int program = 1;
    const char *p = out, *const end = out + len;
    while (p < end && *p == ' ')
        p++;
    while (p < end) {
        fused_scan f;
        if (!fused_scan_word(p, &f))
            goto rest;
        const char *w = p, *v = NULL;
        size_t wl = f.wl, vl = 0;
        const char *e = p + wl;
        uint64_t eqm = f.eqm;
        const fr_fslot *sl;
        fr_val val = { 0 };
        int form = 1;
        if (__builtin_expect(f.spm != 0, 0)) {
            /* (through copies: w, wl, eqm, v, vl stay out of memory) */
            const char *qw = w, *qv = NULL;
            size_t qwl = wl, qvl = 0;
            uint64_t qeq = eqm;
            form = fused_quoted(&qw, &qwl, &qeq, &qv, &qvl, f.spm);
            if (!form)
                goto rest;
            w = qw;
            wl = qwl;
            eqm = qeq;
            if (form == 2) {
                v = qv;
                vl = qvl;
            }
            if (form == 1)   /* (the text may not start where the word does) */
                f.a = _mm256_loadu_si256((const __m256i *)(const void *)w);
        }
        /* (the first '=' or the word's end: tzcnt of the '=' bits with a
         * bit at the end, no branch on whether there is one; wl < 64) */
        size_t at = form == 2 ? (size_t)(v - 2 - w) : (size_t)_tzcnt_u64(eqm | (1ull << wl));
        if (form != 2 && at < wl) {
            v = w + at + 1;
            vl = wl - at - 1;
        }
        if (wl > 2 && dashdash(w)) {
            if (at == wl) {
                sl = fast_find(m->fslots, m->fmask, wide, w, f.a, wl, 0, 0);
                if (!sl || !sl->is_flag)
                    goto rest;
                if (sl->tkind == FR_T_BOOL) {
                    fr_val o = { 0 };
                    o.i = 1;
                    input[sl->key] = o;
                    if (with_res)
                        res[sl->key] = o;
                    program = 0;
                    goto given;
                }
                /* the value word: in the bytes read already when it follows
                 * after one blank and ends there (the blanks after the line
                 * are no value) */
                size_t rel = f.wl + 1;
                uint64_t r = rel < 64 ? f.blr >> rel : 0, spm2;
                if (__builtin_expect((r & 1) == 0 && r != 0, 1)) {
                    v = e + 1;
                    vl = (size_t)__builtin_ctzll(r);
                    spm2 = _bzhi_u64(f.spr >> rel, (unsigned)vl);
                } else {
                    const char *s2 = e + 1;
                    while (s2 < end && *s2 == ' ')
                        s2++;
                    if (s2 >= end)
                        goto rest;
                    fused_scan f2;
                    if (!fused_scan_word(s2, &f2))
                        goto rest;
                    v = s2;
                    vl = f2.wl;
                    spm2 = f2.spm;
                }
                e = v + vl;
                if (__builtin_expect(spm2 != 0, 0)) {
                    const char *v2, *qv = v;
                    size_t vl2, qvl = vl;
                    uint64_t eq2 = 0;
                    if (fused_quoted(&qv, &qvl, &eq2, &v2, &vl2, spm2) != 1)
                        goto rest;   /* (also name='text': not one piece) */
                    v = qv;
                    vl = qvl;
                }
                /* (a value word that argparse reads as an option: the
                 * general reader says so; an int's sign is its own) */
                if (((vl >= 2) & (v[0] == '-') & ((sl->tkind != FR_T_INT) | (v[1] == '-'))) != 0)
                    goto rest;   /* (one branch, rarely taken: a negative int is common) */
            } else {
                sl = fast_find(m->fslots, m->fmask, wide, w, f.a, at, 0, 0);
                if (!sl || !sl->is_flag || sl->is_switch)
                    goto rest;
            }
            if (!fast_value_by(m, sl->tkind, sl->enum_id, sl->nullable, v, vl, &val,
                               wide ? find_enum_fast_wide : find_enum_fast, 1) &&
                !(sl->nullable == 3 && fast_null_word(c->rs, sl->key, v, vl, &val)))
                goto rest;
            program = 0;
        } else if (wl && name_class[(unsigned char)w[0]]) {
            if (at >= wl || at == 0 || !(sl = fast_find(m->fslots, m->fmask, wide, w, f.a, at, 0, 0)) || sl->is_flag)
                goto rest;
            if (!fast_value_by(m, sl->tkind, sl->enum_id, sl->nullable, v, vl, &val,
                               wide ? find_enum_fast_wide : find_enum_fast, 1) &&
                !(sl->nullable == 3 && fast_null_word(c->rs, sl->key, v, vl, &val)))
                goto rest;
        } else
            goto rest;
        {
            /* field by field: val stays in registers (a copy of the whole
             * struct went through the stack, and its 16-byte load could not
             * be forwarded from the narrower stores that wrote it) */
            fr_val *ip = &input[sl->key];
            ip->i = val.i;
            ip->s = val.s;
            ip->is_null = val.is_null;
            if (with_res) {
                fr_val *rp = &res[sl->key];
                rp->i = val.i;
                rp->s = val.s;
                rp->is_null = val.is_null;
            }
        }
        ((char *)v)[vl] = '\0';
    given: {
            uint32_t k = sl->key;
            if (!given[k]) {
                given[k] = 1;
                *gk++ = k;
            }
        }
        p = e + 1;
        while (p < end && *p == ' ')
            p++;
        continue;
    rest:
        c->ngiven = (uint32_t)(gk - given_keys);
        return fused_rest(c, len, (size_t)(p - out), program);
    }
    c->ngiven = (uint32_t)(gk - given_keys);
    c->nres = with_res ? c->ngiven : 0;
    c->store.len = len + 1;
    out[len] = '\0';
    return 0;
}

static __attribute__((target("avx2,bmi,bmi2,sse4.2"))) int read_fused_res(fr_cfgin *c, const char *line,
                                                                          size_t len)
{
    return read_fused_impl(c, line, len, 1, 0);
}

static __attribute__((target("avx2,bmi,bmi2,sse4.2"))) int read_fused(fr_cfgin *c, const char *line, size_t len)
{
    return read_fused_impl(c, line, len, 0, 0);
}

/* (tables hashed whole: fr_spellmap_build) */
static __attribute__((noinline, target("avx2,bmi,bmi2,sse4.2"))) int read_fused_wide(fr_cfgin *c, const char *line,
                                                                                    size_t len)
{
    return c->res ? read_fused_impl(c, line, len, 1, 1) : read_fused_impl(c, line, len, 0, 1);
}
#endif

static __attribute__((noinline)) int read_split(fr_cfgin *c, const char *line, size_t len)
{
    int rc = split_line(c, line, len);
    if (rc)
        return rc;
    return interpret(c, 1);
}

int fr_config_line(fr_cfgin *c, const char *line, size_t len)
{
    fr_cfgin_begin(c);
    /* (tail calls: no frame here) */
#if FR_AVX2
    if (c->map->fused)
        return __builtin_expect(c->map->fwide, 0) ? read_fused_wide(c, line, len)
             : c->res                              ? read_fused_res(c, line, len)
                                                   : read_fused(c, line, len);
#endif
    return read_split(c, line, len);
}

int fr_config_argv(fr_cfgin *c, size_t argc, const char *const *argv)
{
    fr_cfgin_begin(c);
    size_t total = 16 + FR_PAD;
    for (size_t i = 0; i < argc; i++) {
        if (!argv[i]) {
            fr_buf_printf(&c->reason, "argument %zu is NULL (an argv holds argc strings)", i);
            return c->reason.oom ? -1 : 1;
        }
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
    memset(c->store.p + o, 0, FR_PAD);   /* padding for word-at-a-time reads */
    c->from_argv = true;
    int rc = interpret(c, 1);
    c->from_argv = false;
    return rc;
}

/* The JSON-ish name of a typed value for a reason: true, 8, null, 'text'. */
static void reason_typed(fr_buf *r, const fr_value *v)
{
    if (v->is_null)
        fr_buf_puts(r, "null");
    else if (v->type == FR_BOOL)
        fr_buf_puts(r, v->i ? "true" : "false");
    else if (v->type == FR_INT)
        fr_buf_printf(r, "%lld", (long long)v->i);
    else
        reason_value(r, v->s ? v->s : "", v->s ? v->len : 0);
}

int fr_config_values(fr_cfgin *c, size_t n, const size_t *keys, const fr_value *vals)
{
    const fr_ruleset *rs = c->rs;
    fr_buf *r = &c->reason;
    fr_cfgin_begin(c);
    /* the texts, NUL-terminated, into the store (the values point there) */
    size_t total = 16 + FR_PAD;
    for (size_t i = 0; i < n; i++) {
        const fr_value *v = &vals[i];
        if (v->is_null || (v->type != FR_STRING && v->type != FR_ENUM))
            continue;
        if (!v->s && v->len)
            return invalid(c, "a text value with no bytes");
        if (v->len > UINT32_MAX - 64 || total > UINT32_MAX - 64 - v->len)
            return invalid(c, "config too long");
        total += v->len + 1;
    }
    c->store.len = 0;
    if (fr_buf_reserve(&c->store, total) < 0)
        return -1;
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        if (keys[i] >= rs->nkeys) {
            fr_buf_printf(r, "no key %zu (the rule set has %u)", keys[i], (unsigned)rs->nkeys);
            return r->oom ? -1 : 1;
        }
        uint32_t k = (uint32_t)keys[i];
        const fr_key *key = &rs->keys[k];
        const fr_value *v = &vals[i];
        fr_val val = { 0 };
        if (v->is_null) {
            if (!key->type.nullable)
                goto bad;
            val.is_null = 1;
        } else if (v->type == FR_BOOL || v->type == FR_INT) {
            if ((v->type == FR_BOOL) != (key->type.kind == FR_T_BOOL) ||
                (v->type == FR_INT) != (key->type.kind == FR_T_INT))
                goto bad;
            val.i = v->type == FR_BOOL ? v->i != 0 : v->i;
        } else if (v->type == FR_STRING || v->type == FR_ENUM) {
            /* text: a string key's value as it is (even "null"); any
             * other key's read as the same word of a command line */
            size_t at = o;
            if (v->len)
                memcpy(c->store.p + o, v->s, v->len);
            o += v->len;
            c->store.p[o++] = '\0';
            const char *t = c->store.p + at;
            size_t tl = v->len;
            if (key->type.kind == FR_T_STRING) {
                val.i = (int64_t)tl;
                val.s = t;
            } else {
                fr_parse_rc rc = word_value(c->map, rs, k, t, tl, &val);
                if (rc != FR_PARSE_OK && rc != FR_PARSE_RANGE && key->kind == FR_KEY_ENV) {
                    if (env_fallback(c, k, at, v->len) < 0)
                        return -1;
                    continue;
                }
                if (rc != FR_PARSE_OK) {
                    bad_value(rs, k, key->name, strlen(key->name), c->store.p + at, v->len, rc, r, c, 1);
                    return r->oom ? -1 : 1;
                }
            }
        } else {
            fr_buf_printf(r, "%s: a value of no known type (%d)", key->name, v->type);
            return r->oom ? -1 : 1;
        }
        if (c->nfb)
            env_fallback_drop(c, k);   /* (a later value wins) */
        set_key(c, k, val);
        continue;
    bad:
        fr_buf_puts(r, key->name);
        fr_buf_puts(r, " expects ");
        fr_type_expect_text(r, rs, key->type);
        fr_buf_puts(r, ", got ");
        reason_typed(r, v);
        return r->oom ? -1 : 1;
    }
    c->store.len = o;
    memset(c->store.p + o, 0, FR_PAD);
    return 0;
}

void fr_cfgin_free(fr_cfgin *c)
{
    free(c->fb_key);
    free(c->fb_off);
    free(c->fb_len);
    c->fb_key = c->fb_off = c->fb_len = NULL;
    c->nfb = c->capfb = 0;
    fr_buf_free(&c->store);
    fr_buf_free(&c->reason);
    free(c->words);
    c->words = NULL;
    c->nwords = c->capwords = 0;
}
