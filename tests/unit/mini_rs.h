/* mini_rs.h — a small hand-built ruleset (keys only) for the unit tests of
 * value.c, config.c and interp.c, which do not need the compiler. */
#ifndef MINI_RS_H
#define MINI_RS_H
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "eval.h"   /* (brings in src/config.h, the config reader) */
#include "compile.h"   /* fr_ir_index_keys */

typedef struct mini {
    fr_ruleset  rs;
    fr_key      keys[8];
    fr_enum     enums[2];
    fr_spellmap map;
} mini;

static const char *mini_mode_vals[] = { "auto", "normal", "low_latency", "null" };
static const char *mini_a2a_vals[] = { "none", "deepep", "pplx", "auto-round" };
static const char *mini_tp_cli[] = { "--tp-size", "--tensor-parallel-size", "--tp" };
static const char *mini_mode_cli[] = { "--deepep-mode", "--low-latency" };
static const char *mini_a2a_cli[] = { "--moe-a2a-backend" };
static const char *mini_dp_cli[] = { "--enable-dp-attention", "--no-dp-attention" };
/* spellings that take no value and give a constant ("--old" = VALUE) */
static uint8_t mini_mode_const[] = { 0, 1 };
static uint8_t mini_dp_const[] = { 0, 1 };
static fr_val mini_mode_cval[] = { { 0, NULL, 0 }, { 2, NULL, 0 } };   /* low_latency */
static fr_val mini_dp_cval[] = { { 0, NULL, 0 }, { 0, NULL, 0 } };     /* false */
static const char *mini_path_cli[] = { "--model-path" };
static const char *mini_chunk_cli[] = { "--chunked-prefill-size" };
static const char *mini_mode_nulls[] = { "None" };
static const char *mini_path_nulls[] = { "none" };

static fr_key mini_key(const char *name, int kind, int tkind, int nullable, uint32_t enum_id,
                       fr_val def, const char **cli, uint32_t ncli)
{
    fr_key k;
    memset(&k, 0, sizeof k);
    k.name = name;
    k.kind = (uint8_t)kind;
    k.type.kind = (uint8_t)tkind;
    k.type.nullable = (uint8_t)nullable;
    k.type.enum_id = enum_id;
    k.def = def;
    k.cli = cli;
    k.ncli = ncli;
    return k;
}

/* keys: 0 tp_size:int=1, 1 deepep_mode:enum{auto,normal,low_latency,null}?=auto
 * (null word None; --low-latency gives low_latency), 2 moe_a2a_backend:enum=none,
 * 3 enable_dp_attention:bool=false (--no-dp-attention gives false),
 * 4 model_path:string?=null (null word none), 5 chunked_prefill_size:int=8192,
 * 6 env SGLANG_MORI_NUM:int=4096, 7 fact model_architecture:string?=null */
static mini *mini_new(void)
{
    mini *m = calloc(1, sizeof *m);
    if (!m)
        abort();
    m->rs.arena = fr_arena_new();
    m->enums[0].values = mini_mode_vals;
    m->enums[0].nvalues = 4;
    m->enums[1].values = mini_a2a_vals;
    m->enums[1].nvalues = 4;
    fr_val one = { 1, NULL, 0 }, zero = { 0, NULL, 0 }, null = { 0, NULL, 1 };
    fr_val chunk = { 8192, NULL, 0 }, env = { 4096, NULL, 0 };
    m->keys[0] = mini_key("tp_size", FR_KEY_FLAG, FR_T_INT, 0, 0, one, mini_tp_cli, 3);
    m->keys[1] = mini_key("deepep_mode", FR_KEY_FLAG, FR_T_ENUM, 1, 0, zero, mini_mode_cli, 2);
    m->keys[2] = mini_key("moe_a2a_backend", FR_KEY_FLAG, FR_T_ENUM, 0, 1, zero, mini_a2a_cli, 1);
    m->keys[3] = mini_key("enable_dp_attention", FR_KEY_FLAG, FR_T_BOOL, 0, 0, zero, mini_dp_cli, 2);
    m->keys[1].cli_const = mini_mode_const;
    m->keys[1].cli_val = mini_mode_cval;
    m->keys[3].cli_const = mini_dp_const;
    m->keys[3].cli_val = mini_dp_cval;
    m->keys[4] = mini_key("model_path", FR_KEY_FLAG, FR_T_STRING, 1, 0, null, mini_path_cli, 1);
    m->keys[5] = mini_key("chunked_prefill_size", FR_KEY_FLAG, FR_T_INT, 0, 0, chunk, mini_chunk_cli, 1);
    m->keys[6] = mini_key("SGLANG_MORI_NUM", FR_KEY_ENV, FR_T_INT, 0, 0, env, NULL, 0);
    m->keys[7] = mini_key("model_architecture", FR_KEY_FACT, FR_T_STRING, 1, 0, null, NULL, 0);
    m->keys[1].nulls = mini_mode_nulls;
    m->keys[1].nnulls = 1;
    m->keys[4].nulls = mini_path_nulls;
    m->keys[4].nnulls = 1;
    m->rs.keys = m->keys;
    m->rs.nkeys = 8;
    m->rs.enums = m->enums;
    m->rs.nenums = 2;
    /* (the key name lookup: NAME=VALUE of a flag key is an error) */
    if (!m->rs.arena || fr_ir_index_keys(&m->rs) < 0 || fr_spellmap_build(m->rs.arena, &m->rs, &m->map) < 0)
        abort();
    return m;
}

static void mini_free(mini *m)
{
    fr_arena_free(&m->rs.arena);
    free(m);
}
#endif
