/* config.h — the config reader (config.c): a config written as a shell
 * command line (or argv words) -> input values.
 *
 * NOTE: this is the *config reader's* header.  Files under src/ that
 * `#include "config.h"` get this file (the directory of the including file
 * is searched first), not autoconf's config.h. */
#ifndef FR_CONFIG_H
#define FR_CONFIG_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "ir.h"
#include "value.h"

/* ---- spelling lookup (built once per ruleset, lives in its arena) --------- */

/* A slot holds 8-byte words of the spelling: the first, the middle
 * (bytes n/2-4 .. n/2+4) and the last (zero-padded, or 0, when shorter;
 * see sp_make in config.c).  With the length they decide equality for up to
 * 24 bytes, so a lookup compares bytes only for longer spellings. */
typedef struct fr_spell {
    uint64_t    head, mid, tail;
    const char *s;        /* NULL: empty slot; else followed by 8 zero bytes */
    uint32_t    len;
    uint32_t    key;
    uint32_t    enum_id;  /* the key's, copied for the reader's fast path */
    uint8_t     is_flag, tkind;
    uint8_t     nullable;    /* for the fast path: slot_nullable in config.c */
    uint8_t     is_switch;   /* its spelling with '=' is for word_general */
} fr_spell;

typedef struct fr_evslot {
    uint64_t    head, mid, tail;
    const char *s;        /* NULL: empty slot; else followed by 8 zero bytes */
    uint32_t    len, enum_id, value;
} fr_evslot;

/* The same, for the fused reader (AVX2): the texts up to 64 bytes, compared
 * 32 bytes at a time. */
typedef struct fr_fslot {
    const char *p;        /* the text (64 readable bytes: fast_table); NULL: empty */
    uint32_t    lk;       /* the length, | enum_id << 7 for an enum value; 0: empty */
    uint32_t    key;      /* a spelling's key, an enum value's index */
    uint32_t    enum_id;  /* a spelling: its key's (as in fr_spell) */
    uint8_t     is_flag, tkind;
    uint8_t     nullable;   /* as in fr_spell */
    uint8_t     is_switch;  /* a switch: its spelling with '=' is for the general reader */
} fr_fslot;

typedef struct fr_spellmap {
    fr_fslot    *fslots, *fevals;   /* NULL unless fused */
    int          fused;          /* the fused reader reads lines (AVX2, no '=' in a spelling) */
    uint32_t     fmask, femask;
    uint8_t      fwide;          /* both tables' texts hashed whole (fast_table) */
    fr_spell    *slots;
    uint32_t     mask;
    fr_evslot   *evals;          /* enum values: (enum, name) -> index */
    uint32_t     emask;
    int          little_endian;
    int          avx2;           /* the CPU has AVX2 (the splitter's wide copy) */
    int          eq_in_spelling; /* a flag spelling has a '=' (then words are cut there first) */
    /* the keys' flag spellings [0, nflag_spellings), then the program's
     * other flags' [.., nhint_spellings): did-you-mean takes all */
    const char **flag_spellings;  uint32_t nflag_spellings, nhint_spellings;
    const fr_progflag *progs;     uint32_t nprogs;            /* fr_ruleset's */
    const uint32_t    *proghash;  uint32_t proghash_mask;
    /* the program flags by the byte after their "--" (prefix lookups scan
     * one bucket): prog_order[prog_at[b] .. prog_at[b + 1]), in
     * declaration order */
    uint32_t          *prog_order, *prog_at;
    const char **var_names;       uint32_t nvar_names;        /* env + fact names */
} fr_spellmap;

/* Builds the map of every flag spelling and env/fact name.  0 or -1 (OOM). */
int     fr_spellmap_build(fr_arena *a, const fr_ruleset *rs, fr_spellmap *m);
/* The key of a spelling ("--tp-size", "SGLANG_X"), or -1. */
int32_t fr_spellmap_find(const fr_spellmap *m, const char *s, size_t len);
/* The hash the map's tables place s[0..len) by (the unit tests check how
 * it spreads names that differ in a few bytes). */
uint32_t fr_spelling_hash(const char *s, size_t len);
/* For the unit tests: what the fused reader's tables give for a spelling
 * (its key) or, with enum_id + 1 in e, a value of that enum (its index):
 * -1 when the table does not have it, -2 without the fused reader. */
int32_t fr_spellmap_fused_find(const fr_spellmap *m, uint32_t e, const char *s, size_t len);
/* For a spelling that gives a constant (`"--old" = VALUE`): its index j
 * among its key's spellings (the value: the key's cli_val[j]); else -1. */
int     fr_spellmap_const(const fr_spellmap *m, const char *s, size_t len);
/* The program's other flag spelled w[0..len), or NULL. */
const fr_progflag *fr_spellmap_prog(const fr_spellmap *m, const char *w, size_t len);
/* What a prefix of a flag spelling names ("--tp" -> tp_size, argparse's
 * allow_abbrev), when no spelling is w[0..len) exactly: 0 with *k a key and
 * *pf NULL, or *k -1 and *pf a program flag, or both none; 1 when the prefix
 * starts several spellings (of one key or more) or program flags
 * (ambiguous, as argparse, which counts option strings).  *spell: the
 * spelling it starts, when a key's. */
int     fr_spellmap_abbrev(const fr_spellmap *m, const char *w, size_t len, int32_t *k,
                           const fr_progflag **pf, const char **spell);
/* Appends the spellings that start with w[0..len) to r, ", "-separated
 * (the keys' then the program's, in declaration order; at most 12, then
 * "and N more"). */
void    fr_spellmap_list_prefixed(fr_buf *r, const fr_spellmap *m, const char *w, size_t len);

/* ---- reading a config --------------------------------------------------------- */

typedef struct fr_word {
    uint32_t off, len;    /* into the store */
} fr_word;

typedef struct fr_cfgin {
    const fr_ruleset  *rs;
    const fr_spellmap *map;
    fr_val    *input;      /* [nkeys]: set to the defaults by the caller */
    fr_val    *res;        /* NULL, or [nkeys]: the fast reader also writes the
                            * values it takes here (the evaluator's resolved
                            * values in SCAN mode; NULL: input only) */
    uint32_t   nres;       /* the first nres given keys have their value in
                            * res too (0 unless a whole line was read so) */
    uint8_t   *given;      /* [nkeys]: all 0 on entry */
    uint32_t  *given_keys; /* [nkeys]: keys given, in first-given order */
    uint32_t   ngiven;
    fr_buf     store;      /* unquoted word bytes; values point into it */
    fr_word   *words;      /* scratch (reused) */
    size_t     nwords, capwords;
    fr_buf     reason;     /* the invalid reason, but for its "did you mean": */
    /* the "did you mean" of the reason, computed by fr_config_reason() when
     * the reason is first asked for (the compact format never is): word
     * hint_w (in the store), candidates hint_cand; none when NULL */
    const char        *hint_w;
    size_t             hint_len, hint_n;
    const char *const *hint_cand;
    bool       ignore_unknown; /* skip flags the rules do not declare */
    bool       from_argv;      /* while fr_config_argv reads (for reasons) */
    /* env keys given a value of the wrong type (NAME=abc for an int): they
     * keep their default, as a program's EnvField.get() falls back to it;
     * the evaluator warns.  Key, and the text at store.p + off. */
    uint32_t  *fb_key, *fb_off, *fb_len;
    uint32_t   nfb, capfb;
} fr_cfgin;

/* The start of a config: no words, given keys, results, fallbacks or reason. */
static inline void fr_cfgin_begin(fr_cfgin *c)
{
    c->nwords = 0;
    c->nfb = 0;
    c->ngiven = 0;
    c->nres = 0;
    c->hint_cand = NULL;
    c->reason.len = 0;
    if (c->reason.p)
        c->reason.p[0] = '\0';
}

/* Reads one config.  Returns 0 (ok), 1 (invalid: c->reason holds why) or -1
 * (out of memory).  Values point into c->store, valid until the next call.
 * The caller resets input/given for the keys in given_keys afterwards. */
int fr_config_line(fr_cfgin *c, const char *line, size_t len);
int fr_config_argv(fr_cfgin *c, size_t argc, const char *const *argv);
/* Reads one config given as typed values by key (fr_eval_values): the same
 * returns and lifetime. */
int fr_config_values(fr_cfgin *c, size_t n, const size_t *keys, const fr_value *vals);
/* After an invalid config (1 returned, nothing read since): the whole reason,
 * its "did you mean" appended now; NULL when out of memory. */
const char *fr_config_reason(fr_cfgin *c);

/* Reads a value of key k from text (the process environment): 0 ok, 1 bad
 * (reason appended to *reason, naming `what`). */
int fr_config_value(const fr_ruleset *rs, uint32_t k, const char *what, const char *s, size_t len,
                    fr_val *out, fr_buf *reason);
/* The same, with the parse's verdict in *rc (FR_PARSE_RANGE: an integer
 * outside the 64-bit range, which the program reads but flagrule cannot
 * hold, unlike a text the program's int() refuses). */
int fr_config_value_rc(const fr_ruleset *rs, uint32_t k, const char *what, const char *s, size_t len,
                       fr_val *out, fr_buf *reason, fr_parse_rc *rc);

void fr_cfgin_free(fr_cfgin *c);
#endif
