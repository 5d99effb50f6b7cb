/* ir.h — the compiled form of a rule set (internal to libflagrule).
 *
 * The compiler (compile.c, graph.c) builds one fr_ruleset; after fr_compile()
 * returns it is immutable and may be shared by any number of evaluators
 * (fr_eval), including across threads.
 *
 * Everything a ruleset points to lives in its arena (rs->arena) and is freed
 * with it, except the PCRE2 code objects, freed by fr_ruleset_free().
 *
 * Ids are small integers: keys, enum values, rules, nodes, constants, sets and
 * regexes are indexes into the arrays below.  Names are interned once
 * (intern.h) so equal names are equal pointers.
 */
#ifndef FR_IR_H
#define FR_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "flagrule.h"
#include "arena.h"
#include "intern.h"
#include "locfile.h"

/* ---- values ------------------------------------------------------------ */

/* The type of a key or expression.  FR_T_ENUM carries an enum id. */
typedef enum fr_tkind {
    FR_T_BOOL = 0,
    FR_T_INT,
    FR_T_STRING,
    FR_T_ENUM,
    FR_T_NULL      /* only the literal `null` before it is unified */
} fr_tkind;

typedef struct fr_type {
    uint8_t  kind;      /* fr_tkind */
    uint8_t  nullable;
    uint32_t enum_id;   /* FR_T_ENUM: index into rs->enums */
} fr_type;

/* A run-time value.  The type is static (known from the key or node), so the
 * value carries only the payload:
 *   bool: i = 0/1; int: i; enum: i = value index; string: s + i = length.
 * null is is_null = 1 for any type.  String bytes are not NUL-terminated and
 * live either in the ruleset (constants) or in the evaluator's line buffer. */
typedef struct fr_val {
    int64_t     i;
    const char *s;
    uint8_t     is_null;
} fr_val;

typedef struct fr_enum {
    uint32_t     nvalues;
    const char **values;   /* interned names, in declaration order */
} fr_enum;

/* ---- keys -------------------------------------------------------------- */

typedef enum fr_keykind { FR_KEY_FLAG = 0, FR_KEY_ENV, FR_KEY_FACT } fr_keykind;

typedef struct fr_key {
    const char  *name;       /* interned */
    uint8_t      kind;       /* fr_keykind */
    uint8_t      is_switch;  /* a bool flag declared `switch`: a command line
                                gives it bare only (argparse's store_true) */
    fr_type      type;
    fr_val       def;        /* default value */
    const char **cli;        /* FR_KEY_FLAG: spellings, canonical first ("--tp-size") */
    uint8_t     *cli_const;  /* NULL, or [ncli]: 1 for a spelling that takes no
                                value and gives cli_val[j] (`"--old" = VALUE`,
                                argparse's store_const); never the first */
    fr_val      *cli_val;
    uint32_t     ncli;
    uint32_t     nnulls;
    const char **nulls;      /* FR_KEY_FLAG: the words a command line gives for
                                null (`cli null "WORD"`), interned; none: null
                                is given by leaving the flag out */
    const char  *help;       /* may be NULL */
    fr_span      loc;        /* the declaration */
    /* Filled by graph.c: */
    uint32_t    *declarers;  /* rule ids that declare this key, in rule order */
    uint32_t     ndeclarers;
    uint32_t    *readers;    /* rule ids whose condition/values/messages read it */
    uint32_t     nreaders;
} fr_key;

/* ---- condition / expression nodes -------------------------------------- */

/* The closed list of node operations: (NAME, arity, text for dumps). */
#define FR_NODE_OPS(X)                                          \
    X(CONST,  0, "const")   /* a = constant id */               \
    X(KEY,    0, "key")     /* a = key id: resolved value */    \
    X(INPUT,  0, "given")   /* a = key id: input value */       \
    X(EQ,     2, "=")                                           \
    X(NE,     2, "!=")                                          \
    X(LT,     2, "<")                                           \
    X(LE,     2, "<=")                                          \
    X(GT,     2, ">")                                           \
    X(GE,     2, ">=")                                          \
    X(ADD,    2, "+")                                           \
    X(SUB,    2, "-")                                           \
    X(MUL,    2, "*")                                           \
    X(DIV,    2, "/")                                           \
    X(MOD,    2, "%")                                           \
    X(NEG,    1, "neg")                                         \
    X(AND,    2, "&")                                           \
    X(OR,     2, "|")                                           \
    X(NOT,    1, "!")                                           \
    X(IN,     1, "in")      /* a = child, b = set id */         \
    X(NOTIN,  1, "not in")  /* a = child, b = set id */         \
    X(MATCH,  1, "~")       /* a = child, b = regex id */

typedef enum fr_op {
#define FR_X(name, arity, text) FR_OP_##name,
    FR_NODE_OPS(FR_X)
#undef FR_X
    FR_OP__COUNT
} fr_op;
/* (fr_node_type: the leaves are the first three ops) */
_Static_assert(FR_OP_CONST == 0 && FR_OP_KEY == 1 && FR_OP_INPUT == 2, "leaf ops first");

/* Node n's operands: for arity 2, a and b are child node ids; for arity 1,
 * a is the child (b as noted); for CONST/KEY/INPUT, a is the id.
 * The node's static type (bool for conditions) is fr_node_type(): its kind
 * and nullability are fields; only leaves (CONST/KEY/INPUT, whose b is
 * otherwise unused) have enum types, and keep the enum id in b.  20 bytes:
 * a million-rule set has some 8 million nodes.  A node's source text is in
 * the file of the rule it belongs to (every node belongs to one rule's
 * condition, required condition or declared values): fr_node_span. */
typedef struct fr_node {
    uint8_t  op;        /* fr_op */
    uint8_t  kind;      /* the type's fr_tkind */
    uint8_t  nullable;  /* the type's nullable */
    uint32_t a, b;
    uint32_t start, end;   /* source text of this (sub)expression (bytes) */
} fr_node;
_Static_assert(sizeof(fr_node) == 20, "fr_node: 20 bytes");

/* A set for `in {...}`: for enums a bitset over value indexes; for ints and
 * strings a sorted array of values (strings sorted by memcmp then length). */
typedef struct fr_set {
    fr_type   type;
    uint32_t  n;          /* number of members */
    uint64_t *bits;       /* FR_T_ENUM: ceil(nvalues/64) words, or NULL when sparse */
    fr_val   *vals;       /* FR_T_INT / FR_T_STRING: sorted; FR_T_ENUM when sparse (few
                             members of a big enum, see c_set): the value indices, sorted */
    uint8_t   has_null;   /* `null` is a member */
} fr_set;

typedef struct fr_regex {
    const char *pattern;  /* source text without slashes */
    uint32_t    flags;    /* PCRE2 compile options */
    void       *code;     /* pcre2_code_8 *, owned by the ruleset */
    fr_span     loc;
} fr_regex;

/* ---- message templates ------------------------------------------------- */

typedef enum fr_segkind { FR_SEG_TEXT = 0, FR_SEG_KEY, FR_SEG_INPUT } fr_segkind;

typedef struct fr_seg {
    uint8_t     kind;     /* fr_segkind */
    uint8_t     repr;     /* 1 for {key!r} */
    uint32_t    key;      /* FR_SEG_KEY / FR_SEG_INPUT */
    const char *text;     /* FR_SEG_TEXT: bytes (braces already unescaped) */
    uint32_t    len;
} fr_seg;

/* (the fields of the IR structs are ordered for packing: no padding) */
typedef struct fr_template {
    fr_seg     *segs;
    const char *source;   /* the string as written, escapes decoded, for docs */
    fr_span     loc;
    uint32_t    nsegs;
} fr_template;

/* ---- rules ------------------------------------------------------------- */

typedef enum fr_rulekind {
    FR_RULE_ERROR = 0,   /* cond -> error MSG */
    FR_RULE_WARN,        /* cond -> warn MSG */
    FR_RULE_INFO,        /* cond -> info MSG */
    FR_RULE_REQUIRE,     /* cond -> require req else MSG (an error rule) */
    FR_RULE_DECLARE      /* cond -> declare ITEMS [warn/info MSG]... */
} fr_rulekind;

typedef struct fr_declitem {
    uint32_t key;         /* key id */
    uint32_t value;       /* node id of the value expression */
    fr_span  loc;
} fr_declitem;

typedef struct fr_attached {   /* a warn/info attached to a declare */
    uint8_t     severity;      /* FR_SEV_WARNING or FR_SEV_INFO (flagrule.h) */
    fr_template msg;
} fr_attached;

typedef struct fr_doc {
    const char  *summary;      /* may be NULL */
    const char  *means;        /* may be NULL */
    const char  *upstream;     /* may be NULL: where the program raises it ("file:line") */
    const char **solutions;  uint32_t nsolutions;
    const char **situations; uint32_t nsituations;
    uint32_t    *see;        uint32_t nsee;   /* rule ids */
    fr_span      loc;
} fr_doc;

typedef struct fr_rule {
    const char  *name;        /* interned; given, or "<stem>-<8 hex>" */
    fr_template  msg;         /* ERROR/WARN/INFO/REQUIRE: the message */
    fr_declitem *items;       /* DECLARE */
    fr_attached *attached;    /* DECLARE: warn/info emitted with it */
    fr_doc      *doc;         /* may be NULL */
    uint32_t    *reads;       /* keys read (resolved or input), sorted, unique */
    uint32_t     cond;        /* node id of the condition (bool) */
    uint32_t     req;         /* FR_RULE_REQUIRE: node id of the required cond */
    uint32_t     nitems;
    uint32_t     nattached;
    uint32_t     nreads;
    fr_span      loc;         /* the whole rule statement */
    fr_span      name_loc;
    uint8_t      named;       /* written with `rule NAME:` */
    uint8_t      kind;        /* fr_rulekind */
} fr_rule;

/* ---- tests ------------------------------------------------------------- */

typedef enum fr_expkind {
    FR_EXP_OK = 0,        /* status ok */
    FR_EXP_INVALID,       /* status invalid */
    FR_EXP_ERROR_ANY,     /* status error */
    FR_EXP_MSG,           /* rule `rule` produced a message of `severity` */
    FR_EXP_FIRST_ERROR,   /* rule is the first error */
    FR_EXP_VALUE          /* resolved value of key == value */
} fr_expkind;

typedef struct fr_expect {
    uint8_t  kind;        /* fr_expkind */
    uint8_t  negated;     /* `not ...` (FR_EXP_MSG only) */
    uint8_t  severity;    /* FR_EXP_MSG */
    uint32_t rule;        /* FR_EXP_MSG / FR_EXP_FIRST_ERROR */
    uint32_t key;         /* FR_EXP_VALUE */
    fr_val   value;       /* FR_EXP_VALUE */
    fr_span  loc;
} fr_expect;

typedef struct fr_testcase {
    const char *config;   /* the config words as written (NUL-terminated) */
    fr_span     loc;
    fr_expect  *expects;
    uint32_t    nexpects;
} fr_testcase;

typedef struct fr_test {
    const char  *name;
    fr_span      loc;
    fr_testcase *cases;
    uint32_t     ncases;
} fr_test;

/* ---- the evaluation plan (graph.c) -------------------------------------- */

/* Declare rules are grouped into strongly connected components of the
 * key/rule dependency graph and the groups put in topological order.  A group
 * is `cyclic` when it must be iterated. */
typedef struct fr_group {
    uint32_t  first;      /* index into plan_rules */
    uint32_t  n;
    uint8_t   cyclic;
} fr_group;

/* ---- the ruleset ------------------------------------------------------- */

/* A name -> key lookup used by the config reader for CLI spellings. */
typedef struct fr_cliname {
    const char *spelling; /* interned, e.g. "--tp-size" or "SGLANG_X" */
    uint32_t    key;
} fr_cliname;

/* A flag of the program that no key stands for (`cli value "--x";`): the
 * config reader skips it, with the value words its kind takes, and counts
 * it in argparse's prefix matching. */
typedef enum fr_progkind {
    FR_PROG_BOOL = 0,   /* no value (store_true) */
    FR_PROG_VALUE,      /* one value word (or =value) */
    FR_PROG_OPTIONAL,   /* zero or one (nargs='?') */
    FR_PROG_LIST,       /* one or more (nargs='+') */
    FR_PROG_ANY         /* zero or more (nargs='*') */
} fr_progkind;

typedef struct fr_progflag {
    const char *spelling;  /* "--mem-fraction-static" (in the ruleset's arena) */
    uint32_t    len;
    uint32_t    kind;      /* fr_progkind */
} fr_progflag;

/* The 32-bit slot hash of a 64-bit product h = x * K: its bits 32..63 with
 * the top ones folded in.  The product's bit 32 + i depends only on bits
 * 0..32 + i of x, so (h >> 32) alone never sees x's top bits in a table of
 * fewer than 2^32 slots (the last bytes of a name, multiples of 2^44):
 * HACKING.md. */
static inline uint32_t fr_hash_fold(uint64_t h)
{
    return (uint32_t)(h >> 32) ^ (uint32_t)(h >> 51);
}

/* The hash of a spelling in fr_ruleset.proghash (its bytes, 8 at a time,
 * and its length). */
static inline uint32_t fr_prog_hash(const char *s, size_t n)
{
    uint64_t a = 0, b = 0;
    memcpy(&a, s, n < 8 ? n : 8);
    if (n > 8)
        memcpy(&b, s + n - 8, 8);
    uint64_t h = (a ^ (b * 0x9e3779b97f4a7c15ull) ^ n) * 0xff51afd7ed558ccdull;
    /* the bytes between too (names numbered in the middle,
     * "--attn-00001-backend", once shared a slot) */
    for (size_t i = 8; i + 8 < n; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdull;
    }
    return fr_hash_fold(h);
}

struct fr_ruleset {
    fr_arena     *arena;
    fr_interner  *names;
    fr_sources   *sources;    /* every file's text and line map (locfile.h) */

    fr_key       *keys;     uint32_t nkeys;      /* declaration order */
    fr_enum      *enums;    uint32_t nenums;
    fr_node      *nodes;    uint32_t nnodes;
    fr_val       *consts;   fr_type *const_types; uint32_t nconsts;
    fr_set       *sets;     uint32_t nsets;
    fr_regex     *regexes;  uint32_t nregexes;
    fr_rule      *rules;    uint32_t nrules;     /* report order: file, then position */
    fr_test      *tests;    uint32_t ntests;

    /* aliases: name -> key (also in `names` lookups through compile.c) */
    const char  **alias_names; uint32_t *alias_keys; uint32_t naliases;

    /* CLI spellings and env/fact names, sorted by spelling for bsearch, plus
     * an open-addressing hash (power-of-two size) for the hot path:
     * clihash[i] is an index into clinames; probe linearly from
     * fr_hash_bytes(spelling) & clihash_mask (fr_ir_find_cli does). */
    fr_cliname   *clinames; uint32_t nclinames;
    uint32_t     *clihash;  uint32_t clihash_mask;   /* UINT32_MAX = empty */

    /* the program's other flags, in declaration order, and an
     * open-addressing table of their indexes (UINT32_MAX = empty), probed
     * linearly from fr_prog_hash(spelling) & proghash_mask */
    fr_progflag  *progs;    uint32_t nprogs;
    uint32_t     *proghash; uint32_t proghash_mask;

    /* evaluation plan */
    uint32_t     *plan_rules;  uint32_t nplan_rules;  /* declare rule ids */
    fr_group     *groups;      uint32_t ngroups;
    uint32_t     *check_rules; uint32_t ncheck_rules; /* non-declare rule ids, rule order */
    uint32_t      max_depth;   /* deepest node tree, for the evaluator's stack */

    /* Name lookups behind fr_ir_find_key / fr_ir_find_rule (compile.c):
     * open-addressing tables like clihash, probed from fr_hash_bytes(name).
     * keyhash holds key ids, and nkeys + i for alias i; rulehash rule ids. */
    uint32_t     *keyhash;  uint32_t keyhash_mask;
    uint32_t     *rulehash; uint32_t rulehash_mask;

    /* The evaluator's indexes (guards, spelling hash, baseline), built by
     * fr_eval_index_build() (eval.c) at the end of fr_compile; everything it
     * points to lives in `arena`.  NULL until built. */
    struct fr_evindex *evindex;
};

/* Lookups used by several parts (compile.c). */
int32_t fr_ir_find_key(const fr_ruleset *rs, const char *name, size_t len);   /* -1 if none */
int32_t fr_ir_find_rule(const fr_ruleset *rs, const char *name, size_t len);  /* -1 if none */
int32_t fr_ir_find_cli(const fr_ruleset *rs, const char *spelling, size_t len);/* key or -1 */
int32_t fr_ir_find_enum_value(const fr_enum *e, const char *name, size_t len); /* -1 if none */

/* A node's type (see fr_node), and setting it (b of a leaf holds the enum
 * id, or 0). */
static inline fr_type fr_node_type(const fr_node *n)
{
    fr_type t = { n->kind, n->nullable, n->kind == FR_T_ENUM && n->op <= FR_OP_INPUT ? n->b : 0 };
    return t;
}

static inline void fr_node_set_type(fr_node *n, fr_type t)
{
    n->kind = t.kind;
    n->nullable = t.nullable;
    if (n->op <= FR_OP_INPUT)
        n->b = t.kind == FR_T_ENUM ? t.enum_id : 0;
}

/* The source text of node n, which belongs to rule r. */
static inline fr_span fr_node_span(const fr_ruleset *rs, uint32_t r, uint32_t n)
{
    fr_span sp = { rs->rules[r].loc.file, rs->nodes[n].start, rs->nodes[n].end };
    return sp;
}

/* Text of an op for dumps and explanations. */
const char *fr_op_text(fr_op op);
int         fr_op_arity(fr_op op);
/* A regex's flags: the lexer's bits (1 << i for the i-th letter of
 * "imsxu") as PCRE2 compile options, and back, PCRE2 options (fr_regex.flags)
 * as the flag letters in that order, written to out (6 bytes: at most five
 * letters and a NUL), returned.  Every printer of a regex writes
 * /pattern/ and these letters after it. */
uint32_t    fr_regex_options(uint32_t bits);
const char *fr_regex_flag_text(uint32_t options, char out[6]);
/* Whether s (len bytes) is one of key's null words (`cli null "WORD"`). */
bool        fr_key_has_null_word(const fr_key *key, const char *s, size_t len);
/* A spelling of a nullable flag that gives it null (`"--no-x" = null`,
 * argparse's store_const of None), or NULL. */
const char *fr_key_null_spelling(const fr_key *key);

#endif
