/* ir.c — lookups in a compiled ruleset, op names, and the public
 * introspection functions of flagrule.h. */
#include "config.h"

#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "compile.h"
#include "ir.h"

/* ---- ops ------------------------------------------------------------------ */

static const char *const op_text[] = {
#define FR_X(name, arity, text) text,
    FR_NODE_OPS(FR_X)
#undef FR_X
};

static const int op_arity[] = {
#define FR_X(name, arity, text) arity,
    FR_NODE_OPS(FR_X)
#undef FR_X
};

const char *fr_op_text(fr_op op)
{
    return (unsigned)op < FR_OP__COUNT ? op_text[op] : "?";
}

int fr_op_arity(fr_op op)
{
    return (unsigned)op < FR_OP__COUNT ? op_arity[op] : -1;
}

/* ---- regex flags -------------------------------------------------------------- */

static const char re_letters[] = "imsxu";
static const uint32_t re_options[5] = { PCRE2_CASELESS, PCRE2_MULTILINE, PCRE2_DOTALL, PCRE2_EXTENDED,
                                        PCRE2_UTF };

uint32_t fr_regex_options(uint32_t bits)
{
    uint32_t f = 0;
    for (int i = 0; i < 5; i++)
        if (bits & (1u << i))
            f |= re_options[i];
    return f;
}

const char *fr_regex_flag_text(uint32_t options, char out[6])
{
    size_t n = 0;
    for (int i = 0; i < 5; i++)
        if (options & re_options[i])
            out[n++] = re_letters[i];
    out[n] = '\0';
    return out;
}

/* ---- hash tables ------------------------------------------------------------- */

static uint32_t pow2_for(uint32_t n)
{
    uint32_t cap = 16;
    while (cap < 2 * (uint64_t)n && cap < (1u << 31))
        cap *= 2;
    return cap;
}

/* A table of `n` ids whose names are given by name_of(rs, id). */
static void fill_table(const fr_ruleset *rs, uint32_t *t, uint32_t cap, uint32_t n,
                       const char *(*name_of)(const fr_ruleset *, uint32_t))
{
    memset(t, 0xff, (size_t)cap * sizeof *t);
    for (uint32_t id = 0; id < n; id++) {
        const char *s = name_of(rs, id);
        if (!s)
            continue;
        uint32_t i = fr_hash_bytes(s, strlen(s)) & (cap - 1);
        while (t[i] != UINT32_MAX)
            i = (i + 1) & (cap - 1);
        t[i] = id;
    }
}

static uint32_t *build_table(fr_ruleset *rs, uint32_t n, const char *(*name_of)(const fr_ruleset *, uint32_t),
                             uint32_t *mask)
{
    uint32_t cap = pow2_for(n);
    uint32_t *t = fr_arena_alloc(rs->arena, (size_t)cap * sizeof *t);
    if (!t)
        return NULL;
    fill_table(rs, t, cap, n, name_of);
    *mask = cap - 1;
    return t;
}


static const char *keyish_name(const fr_ruleset *rs, uint32_t id)
{
    return id < rs->nkeys ? rs->keys[id].name : rs->alias_names[id - rs->nkeys];
}

static const char *rule_name_of(const fr_ruleset *rs, uint32_t id)
{
    return rs->rules[id].name;
}

static const char *cli_name_of(const fr_ruleset *rs, uint32_t id)
{
    return rs->clinames[id].spelling;
}

int fr_ir_index(fr_ruleset *rs)
{
    if (fr_ir_index_keys(rs) < 0)
        return -1;
    fr_ir_index_rules(rs);
    return 0;
}

int fr_ir_index_keys(fr_ruleset *rs)
{
    rs->keyhash = build_table(rs, rs->nkeys + rs->naliases, keyish_name, &rs->keyhash_mask);
    rs->clihash = build_table(rs, rs->nclinames, cli_name_of, &rs->clihash_mask);
    uint32_t cap = pow2_for(rs->nrules);
    rs->rulehash = fr_arena_alloc(rs->arena, (size_t)cap * sizeof *rs->rulehash);
    rs->rulehash_mask = cap - 1;
    return rs->keyhash && rs->rulehash && rs->clihash ? 0 : -1;
}

void fr_ir_index_rules(void *arg)
{
    fr_ruleset *rs = arg;
    fill_table(rs, rs->rulehash, rs->rulehash_mask + 1, rs->nrules, rule_name_of);
}

static bool same(const char *s, const char *name, size_t len)
{
    return s && strncmp(s, name, len) == 0 && s[len] == '\0';
}

int32_t fr_ir_find_key(const fr_ruleset *rs, const char *name, size_t len)
{
    if (!rs || !rs->keyhash || !name)
        return -1;
    for (uint32_t i = fr_hash_bytes(name, len) & rs->keyhash_mask;; i = (i + 1) & rs->keyhash_mask) {
        uint32_t id = rs->keyhash[i];
        if (id == UINT32_MAX)
            return -1;
        if (same(keyish_name(rs, id), name, len)) {
            if (id < rs->nkeys)
                return (int32_t)id;
            uint32_t k = rs->alias_keys[id - rs->nkeys];
            return k == UINT32_MAX ? -1 : (int32_t)k;
        }
    }
}

int32_t fr_ir_find_rule(const fr_ruleset *rs, const char *name, size_t len)
{
    if (!rs || !rs->rulehash || !name)
        return -1;
    for (uint32_t i = fr_hash_bytes(name, len) & rs->rulehash_mask;; i = (i + 1) & rs->rulehash_mask) {
        uint32_t id = rs->rulehash[i];
        if (id == UINT32_MAX)
            return -1;
        if (same(rs->rules[id].name, name, len))
            return (int32_t)id;
    }
}

int32_t fr_ir_find_cli(const fr_ruleset *rs, const char *spelling, size_t len)
{
    if (!rs || !rs->clihash || !spelling)
        return -1;
    for (uint32_t i = fr_hash_bytes(spelling, len) & rs->clihash_mask;; i = (i + 1) & rs->clihash_mask) {
        uint32_t id = rs->clihash[i];
        if (id == UINT32_MAX)
            return -1;
        if (same(rs->clinames[id].spelling, spelling, len))
            return (int32_t)rs->clinames[id].key;
    }
}

int32_t fr_ir_find_enum_value(const fr_enum *e, const char *name, size_t len)
{
    if (!e || !name)
        return -1;
    for (uint32_t i = 0; i < e->nvalues; i++)
        if (same(e->values[i], name, len))
            return (int32_t)i;
    return -1;
}

/* ---- introspection (flagrule.h) ---------------------------------------------------- */

const char *fr_version(void)
{
    return FLAGRULE_VERSION;   /* (tests/install: the same as configure.ac's) */
}

size_t fr_ruleset_nkeys(const fr_ruleset *rs)
{
    return rs ? rs->nkeys : 0;
}

static const fr_key *key_at(const fr_ruleset *rs, size_t k)
{
    return rs && k < rs->nkeys ? &rs->keys[k] : NULL;
}

const char *fr_key_name(const fr_ruleset *rs, size_t k)
{
    const fr_key *key = key_at(rs, k);
    return key ? key->name : NULL;
}

int fr_key_kind(const fr_ruleset *rs, size_t k)
{
    const fr_key *key = key_at(rs, k);
    return key ? key->kind : -1;
}

int fr_key_type(const fr_ruleset *rs, size_t k)
{
    const fr_key *key = key_at(rs, k);
    return key ? key->type.kind : -1;
}

bool fr_key_nullable(const fr_ruleset *rs, size_t k)
{
    const fr_key *key = key_at(rs, k);
    return key && key->type.nullable;
}

const char *fr_key_cli(const fr_ruleset *rs, size_t k)
{
    const fr_key *key = key_at(rs, k);
    return key && key->ncli ? key->cli[0] : NULL;
}

const char *fr_key_null_word(const fr_ruleset *rs, size_t k)
{
    const fr_key *key = key_at(rs, k);
    if (!key || !key->type.nullable)
        return NULL;
    if (key->kind == FR_KEY_FACT)
        return "null";
    return key->kind == FR_KEY_FLAG && key->nnulls ? key->nulls[0] : NULL;
}

const char *fr_key_null_spelling(const fr_key *key)
{
    if (key->kind != FR_KEY_FLAG || !key->type.nullable || !key->cli_const)
        return NULL;
    for (uint32_t j = 0; j < key->ncli; j++)
        if (key->cli_const[j] && key->cli_val[j].is_null)
            return key->cli[j];
    return NULL;
}

bool fr_key_has_null_word(const fr_key *key, const char *s, size_t len)
{
    for (uint32_t i = 0; i < key->nnulls; i++)
        if (strncmp(key->nulls[i], s, len) == 0 && key->nulls[i][len] == '\0')
            return true;
    return false;
}

bool fr_key_word_is_null(const fr_ruleset *rs, size_t k, const char *s, size_t len)
{
    const fr_key *key = key_at(rs, k);
    if (!key || !key->type.nullable || !s)
        return false;
    if (key->kind == FR_KEY_FACT)
        return len == 4 && (!memcmp(s, "null", 4) || !memcmp(s, "None", 4));
    return fr_key_has_null_word(key, s, len);
}

const char *fr_key_help(const fr_ruleset *rs, size_t k)
{
    const fr_key *key = key_at(rs, k);
    return key ? key->help : NULL;
}

long fr_ruleset_find_key(const fr_ruleset *rs, const char *name)
{
    return name ? fr_ir_find_key(rs, name, strlen(name)) : -1;
}

size_t fr_ruleset_nrules(const fr_ruleset *rs)
{
    return rs ? rs->nrules : 0;
}

const char *fr_rule_name(const fr_ruleset *rs, size_t r)
{
    return rs && r < rs->nrules ? rs->rules[r].name : NULL;
}

long fr_ruleset_find_rule(const fr_ruleset *rs, const char *name)
{
    return name ? fr_ir_find_rule(rs, name, strlen(name)) : -1;
}

fr_loc fr_rule_loc(const fr_ruleset *rs, size_t r)
{
    if (!rs || r >= rs->nrules) {
        fr_loc none = { 0 };
        return none;
    }
    return fr_sources_loc(rs->sources, rs->rules[r].loc);
}
