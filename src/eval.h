/* eval.h — internal side of the evaluator (eval.c), shared with explain.c
 * and testrun.c. */
#ifndef FR_EVAL_H
#define FR_EVAL_H
#include "ir.h"
#include "config.h"
#include "value.h"

/* Builds the evaluator's indexes in a freshly compiled ruleset (for
 * instance the guard index that lets a config skip rules that cannot fire).
 * Called by fr_compile() as its last step, after graph.c built the plan.
 * Returns 0, or -1 when out of memory. */
int fr_eval_index_build(fr_ruleset *rs);

/* The hash of an int value in the guard tables of int keys (build_ghash;
 * folded: values that were multiples of 2^44 once shared one slot in 4,096,
 * test_eval's test_int_hash_spread). */
static inline uint32_t fr_int_hash(int64_t i)
{
    return fr_hash_fold((uint64_t)i * 0x9E3779B97F4A7C15ull);
}

/* Run-time error codes of an evaluation. */
enum fr_rt {
    FR_RT_OK = 0,
    FR_RT_DIV0,
    FR_RT_MOD0,
    FR_RT_OVERFLOW,
    FR_RT_REGEX_LIMIT,
    FR_RT_REGEX_ERROR,
    FR_RT_REGEX_UTF,    /* a u regex on a value that is not UTF-8 */
    FR_RT_NULL          /* a declare's value null for a key that is not nullable */
};

/* A guard table for one slot (key, input or resolved): which guarded rules
 * pass for a value.  Dense for bool/enum keys, sorted entries otherwise. */
typedef struct fr_gentry {
    fr_val   v;
    uint32_t rule;
} fr_gentry;

typedef struct fr_gtable {
    uint32_t  *off;       /* dense: [ndom + 1] offsets into rules (dom 0 = null) */
    uint32_t  *rules;
    uint32_t   ndom;      /* dense: 0 when sparse */
    fr_gentry *ents;      /* sparse: sorted by value */
    uint32_t   nents;
    uint32_t  *nullrules; /* sparse: rules passing for null */
    uint32_t   nnull;
    const uint32_t *base; /* the rules passing at the slot's baseline value */
    uint32_t   nbase;
    /* sparse int tables of many entries: open addressing over the values
     * (build_ghash; NULL otherwise), so that a lookup is a probe or two,
     * not a binary search of ents' cache lines */
    struct fr_hslot *hslot;
    uint32_t   hmask;
} fr_gtable;

/* A slot of a guard table's hash (fr_gtable.hslot): a value, and either
 * (run > 0) the run of consecutive positions (ix->qrule) x .. x + run - 1
 * that are the rules of its entries, in order -- INCR's order makes them
 * so when the table is where those rules were placed, and then a lookup
 * reads no entry -- or (run 0) its first entry ents[x].  x UINT32_MAX:
 * empty. */
typedef struct fr_hslot {
    int64_t  v;
    uint32_t x;
    uint32_t run;
} fr_hslot;

/* The guard chosen for a rule: the conjunct node of its condition that tests
 * one key against constants, and the slot it reads. */
typedef struct fr_guard {
    uint32_t node;        /* UINT32_MAX: no guard */
    uint32_t slot;        /* key * 2 + (1 if it reads the input value) */
} fr_guard;

/* A node that tests one bool/enum key against constants, as a bit set over
 * the key's values (bit 0 null, bit i+1 value i). */
typedef struct fr_fast {
    uint32_t slot;        /* key * 2 + input; UINT32_MAX: not such a node */
    uint32_t vidx;        /* index in ev->res (input values follow the resolved) */
    uint8_t  kind;        /* FR_FAST_BITS, FR_FAST_ICMP, FR_FAST_RANGE */
    uint8_t  op;          /* ICMP: FR_OP_EQ..FR_OP_GE, key on the left; RANGE: 1 = outside */
    uint64_t bits;        /* BITS: the set; RANGE: the span */
    int64_t  c;           /* ICMP: the constant; RANGE: the low end */
} fr_fast;

enum { FR_FAST_NONE = 0, FR_FAST_BITS = 1, FR_FAST_ICMP = 2, FR_FAST_RANGE = 3 };

/* A fast test in a conjunct list, compact: FR_FAST_BITS (x: the set) or
 * FR_FAST_ICMP (op, x: the constant). */
typedef struct fr_ctest {
    uint32_t vidx;        /* index in ev->res (input values follow the resolved) */
    uint8_t  kind;
    uint8_t  op;
    uint64_t x;
} fr_ctest;

/* SCAN mode: a rule's condition (or required condition) as a flat jump
 * program (built by build_scan): each instruction is one test; its result
 * picks the next instruction (t or f), FR_SP_TRUE or FR_SP_FALSE end it.
 * `&`, `|` and `!` become jumps.  A test that can fail with a run-time
 * error (FR_SP_NODE: the tree) ends the program with -1: the caller then
 * evaluates the tree, which gives the error (or not) as before. */
typedef struct fr_sins {
    uint8_t  kind;        /* FR_SP_* */
    uint8_t  op;          /* EQ/CMP: the fr_op */
    uint8_t  str;         /* EQ: string comparison */
    uint16_t t, f;        /* next instruction on true / false */
    uint32_t a, b;        /* refs (a value index in ev->res, or FR_SP_CONST + const id), a node */
    uint64_t x;           /* BITS: the set */
} fr_sins;

/* BITS: bit (value index + 1, 0 for null) of x for the value at a; FAST: the
 * fast test of node a; EQ, CMP: refs a op b; TRUTHY: ref a; NODE: the tree
 * of node a */
enum { FR_SP_BITS = 0, FR_SP_FAST, FR_SP_EQ, FR_SP_CMP, FR_SP_TRUTHY, FR_SP_NODE };
#define FR_SP_TRUE  0xffffu
#define FR_SP_FALSE 0xfffeu
#define FR_SP_CONST 0x80000000u
#define FR_SP_ALWAYS 0xfffffffeu   /* sc_pcond: nothing left to test (the filters hold it all) */

/* What the hot paths read of a rule, in one place. */
typedef struct fr_rflat {
    uint32_t cl, ncl;     /* its conjunct list: cl_test[cl .. cl + ncl) (cl_off) */
    uint32_t group;       /* group_of */
    uint32_t item;        /* item_off */
    uint8_t  flags;       /* FR_RF_* */
    uint8_t  base_on;     /* on at the baseline */
} fr_rflat;

/* INCR's record of a declare rule, by its position in the plan (parallel
 * to plan_rules: run_group takes the groups in plan order, so these are
 * read in ascending order), and its items (fr_ditem, in plan order).  A
 * "simple" rule (FR_DP_SIMPLE: its condition is its conjunct list, every
 * item value a constant) is judged from these alone: no rule record, no
 * node, no item list (build_dplan). */
typedef struct fr_dplan {
    uint32_t rule;
    uint32_t item;        /* item_off[rule]: its values in ev->itemval */
    uint32_t ditem;       /* its items in ix->ditems */
    uint32_t cl;          /* SIMPLE: its conjunct list, cl_test[cl .. cl + ncl) */
    uint16_t ncl;
    uint8_t  nitems;      /* SIMPLE: its items */
    uint8_t  flags;       /* FR_DP_* */
} fr_dplan;

typedef struct fr_ditem {
    fr_val   val;         /* the constant declared */
    uint32_t key;
    uint32_t kd;          /* item_kd: the item's position in kd_* */
} fr_ditem;

enum { FR_DP_SIMPLE = 1, FR_DP_ATT = 2 };

/* Per-rule flags for the hot paths (fr_rflat.flags). */
enum {
    FR_RF_LIST  = 2,      /* its conjunct list is its whole condition (not a require) */
    FR_RF_DECL  = 4,      /* a declare rule */
    FR_RF_ATT   = 8,      /* a declare rule with attached messages */
    FR_RF_SEVSH = 4       /* bits 4-5: severity of a non-declare rule's message */
};

struct fr_evindex {
    fr_spellmap map;

    /* items of declare rules, flattened */
    uint32_t *item_off;     /* [nrules + 1] */
    uint32_t  nitems;
    /* key -> its declarers (rule id, item index), in rule order (CSR) */
    uint32_t *kd_off, *kd_rule, *kd_item;
    uint32_t *item_kd;      /* [nitems]: an item's position in kd_* */
    /* key -> its declarers enabled at the baseline (positions in kd_*,
     * ascending; NULL until the baseline is built) */
    uint32_t *kdb_off, *kdb_pos;
    /* the plan (a copy of graph.c's, or one cyclic group when absent) */
    fr_group *groups;       uint32_t ngroups;
    uint32_t *plan_rules;   uint32_t nplan;
    uint32_t *group_of;     /* [nrules]: group of a declare rule, UINT32_MAX else */
    uint32_t *gk_off, *gk_keys;   /* group -> keys its rules declare */
    uint32_t *kg_off, *kg_groups; /* key -> groups declaring it */
    uint32_t *klast;        /* [nkeys]: the last group declaring a key, or UINT32_MAX */
    uint8_t  *gshared;      /* [ngroups]: a key of the group is declared in other groups too */
    uint32_t *checks;       uint32_t nchecks;  /* non-declare rules, rule order */
    uint32_t  max_group_keys, max_group_rules, max_group_items;
    uint32_t  max_attached;
    size_t    sum_attached;   /* over the rules (build_keys): eval_create's record count */

    /* notification lists per slot (key * 2 + input): readers to re-examine
     * when the slot's value differs from the baseline */
    uint32_t  *open_off, *open_rules;   /* [2 * nkeys + 1] CSR */
    /* the guard tables: slot s's is gtab[gtab_of[s]]; gtab[0] is the
     * empty table of every slot no rule is guarded on (never written), so
     * that a key costs 8 bytes here, not two tables */
    fr_gtable *gtab;                    /* [1 + the slots with guarded rules] */
    uint32_t  *gtab_of;                 /* [2 * nkeys] */
    fr_guard  *guards;                  /* [nrules] */
    /* guard pre-checks for dense keys (bool, enum <= 63 values): rule r can
     * only fire when bit (value index + 1, 0 for null) of pbits[r] is set
     * for the value of slot pslot[r] (UINT32_MAX: no pre-check) */
    uint32_t  *pslot;                   /* [nrules] */
    uint32_t  *pvidx;                   /* [nrules]: pslot as an index in ev->res (input values follow) */
    uint64_t  *pbits;                   /* [nrules] */
    uint32_t  *dkeys;       uint32_t ndkeys;   /* keys with declarers */
    int        default_mode;
    /* the compact writer */
    uint32_t  *rname_len, *kname_len;
    uint32_t  *enum_off;                /* [nenums + 1] into ecompact */
    const char **ecompact;  uint32_t *ecompact_len;
    /* the fast tests: node n's is fast[fast_id[n]]; fast[0] is no test
     * (kind FR_FAST_NONE, slot UINT32_MAX), the id of most nodes (keys,
     * constants, `&`): 4 bytes a node and 32 a test, not 32 a node */
    fr_fast   *fast;                    /* [nfast] */
    uint32_t  *fast_id;                 /* [nnodes] */
    uint32_t   nfast;
    uint32_t  *cl_off;                  /* [nrules + 1]: conjunct lists in cl_test */
    struct fr_ctest *cl_test;
    struct fr_rflat *rflat;             /* [nrules]: what the hot paths read of a rule */
    char      *rnames;                  /* every rule name, back to back, in rule order */
    /* [nrules + 1]: rule r's name is rnames[rname_off[r] .. rname_off[r + 1])
     * (the compact writer: 4 bytes a rule, read in rule order, not a
     * 20-byte rflat record) */
    uint32_t  *rname_off;
    /* INCR's order of the rules (build_order): position q holds rule
     * qrule[q].  The rules of a guard table's bucket are neighbours (each
     * rule at its first bucket, slot by slot, in rule order within a
     * bucket; then the open lists' rules; then the rest), so that what a
     * config queues is dense in memory: the guard tables and open lists
     * hold positions, not rule ids; the evaluator's rcl, declmask, queued
     * and (INCR) check_list are indexed by position; cl_test is laid out
     * in this order (rflat[r].cl: where rule r's list is). */
    uint32_t  *qrule;                   /* [nrules] */
    /* INCR, by position: what judging and marking read of a rule (fr_rcl),
     * and the declare rules as a bit set (every evaluator reads these; no
     * copy of its own) */
    struct fr_rcl *rcl;                 /* [nrules] */
    uint64_t  *declmask;                /* [(nrules + 63) / 64] */
    /* [nplan]: INCR's records of the declare rules, in plan order, and
     * the items of the simple ones (fr_dplan; NULL until built) */
    struct fr_dplan *dplan;
    struct fr_ditem *ditems;

    /* SCAN mode.  Declare rules in scan order (groups in plan order, each
     * group's rules in its order) and their groups; the checks are
     * ix->checks.  Exact filters: a dense conjunct of a rule's condition
     * (or its pre-check) that is false makes the rule off without a
     * run-time error, so per filter slot (a value index in ev->res) and
     * value (bit 0 null, bit i+1 value i) a bit set over positions says
     * which rules can still fire.  Declare rules are filtered only on
     * values that are final before any rule runs (input values, keys
     * without declarers), checks on any dense slot.  sc_nf* is 0 when
     * the tables would be too big (every rule is then a candidate). */
    uint32_t  *sc_rules, *sc_group;     /* [nplan] */
    uint32_t   sc_nwd, sc_nwc;          /* words over declare / check positions */
    uint64_t  *sc_alld, *sc_allc;       /* every position */
    uint32_t   sc_nfd, sc_nfc;
    uint32_t  *sc_fd_vidx, *sc_fc_vidx; /* [nf] */
    uint64_t  *sc_fd_rows, *sc_fc_rows; /* [nf * 64 * nw]: (f * 64 + d) * nw + w */
    uint32_t  *sc_fd_voff, *sc_fc_voff; /* [nf]: sc_f*_vidx in bytes (* sizeof (fr_val)) */
    /* declare rules filtered on keys that rules declare: applied once the
     * scan is past the key's last declaring group (sc_fl_group, ascending),
     * to the positions after it */
    fr_val    *sc_def;                  /* [nkeys]: the defaults (restore) */
    bool       sc_exact;                /* the check filters hold every pre-check */
    /* the compact writer's bound of a line without the string values
     * (0: too big, computed per line), and the string keys */
    size_t     cw_bound;
    uint64_t  *cw_strmask;              /* [(nkeys + 63) / 64] */
    /* [nregexes] (NULL: none): 1 when a regex is matched through
     * pcre2_jit_match once an evaluator has JIT-compiled its copy (not UTF:
     * pcre2_match would only add its argument checks; fr_eval.re_code) */
    uint8_t   *re_jit;
    /* [nregexes], for those on re_jit: a subject shorter than minlen bytes,
     * or (anchored patterns with a fixed first byte below 0x80) one not
     * starting with that byte (either case for a letter: the pattern may be
     * caseless) cannot match; none is a regex with neither */
    struct fr_repre { uint32_t minlen; uint8_t first, has_first, fold; } *re_pre;
    uint32_t   sc_nfl;
    uint32_t  *sc_fl_vidx, *sc_fl_group;
    uint64_t  *sc_fl_rows;
    /* rule bit sets ([(nrules + 63) / 64]): checks whose message is an error */
    uint64_t  *sc_errmask;
    /* the flat programs of the rules' conditions and required conditions
     * (fr_sins): offsets into sc_prog per rule, NONE32 when absent
     * (sc_pcond NULL: none built) */
    fr_sins   *sc_prog;
    uint32_t  *sc_pcond, *sc_preq;
    uint32_t  *sc_iref;                 /* [nitems]: a declared value as a ref (fr_sins), or NONE32 */
    /* [ngroups + 1] when nkeys <= 64 (else NULL): the keys with declarers
     * whose last declaring group comes before group g and is not cyclic
     * (run_cyclic resolves those), as a bit set (the scan's pending keys
     * are then a bit set too) */
    uint64_t  *sc_before;
    bool       sc_anycyc;               /* a group is cyclic */
    bool       sc_small;                /* SCAN through evaluate_scan1 */
    /* the compact writer: "KEY=" of every key, back to back, 32 bytes
     * after the last (copied 32 bytes at a time, as rnames) */
    char      *cw_knames;
    uint32_t  *cw_koff;                 /* [nkeys] */

    /* the baseline: the resolution of the empty config (no environment) */
    bool      incremental;  /* false: evaluate everything for every config */
    fr_val   *base_res;     /* [nkeys] */
    int32_t  *base_decl_by; /* [nkeys] */
    uint8_t  *base_on;      /* [nrules] */
    fr_val   *base_item;    /* [nitems] */
    uint32_t *base_emit;    uint32_t nbase_emit;  /* rules with messages, rule order */
};

/* An evaluator's state of a rule (fr_eval.rst).
 *
 * INCR: a check's state is valid only while mark == epoch; otherwise it is
 * the baseline's (on = base_on, rt = 0) whatever on and rt say, and
 * restore() does not go back over checks (fr_rule_on, fr_rule_rt).  A
 * declare rule's state is restored after every config. */
typedef struct fr_rstate {
    uint32_t mark;        /* == epoch: marked (INCR check: judged other than the baseline) */
    uint8_t  on;          /* enabled / fired */
    uint8_t  rt;          /* an fr_rt code */
    /* copies of rflat[r].flags and .base_on, so that judging, collecting
     * and restoring a rule read one 8-byte record (INCR and FULL; a SCAN
     * evaluator may clear them: initial_state sets them) */
    uint8_t  flags;
    uint8_t  base_on;
} fr_rstate;

/* What the INCR paths read of rflat[r] beyond fr_rstate, 8 bytes a rule
 * (ix->rcl, apart from rst: SCAN's bulk restore clears rst whole, and
 * SCAN's hot paths index 8-byte records).  Indexed by INCR's position of
 * the rule (ix->qrule), not by its id; built with the order (build_order). */
typedef struct fr_rcl {
    uint32_t cl;          /* its conjunct list: cl_test[cl .. cl + (aux & FR_RCL_N)) (a check) */
    uint32_t aux;         /* a check: the list's length and FR_RCL_* bits; a declare rule: its group */
} fr_rcl;
/* fr_rcl.aux of a check: its flags FR_RF_LIST and base_on, so that judging a
 * check that keeps its baseline outcome reads only rcl[r] and its list */
#define FR_RCL_LIST   0x80000000u
#define FR_RCL_BASEON 0x40000000u
#define FR_RCL_N      0x3fffffffu

/* Message records, sorted into report order. */
typedef struct fr_emit {
    uint32_t rule;
    uint32_t cls;        /* 0 rule message / run-time, 1 conflict, 2 oscillation, 3 attached,
                          * 4 an env value of the wrong type (rule FR_NORULE; idx: cfg.fb_*[idx],
                          * then env_fb[idx - cfg.nfb]) */
    uint32_t idx;        /* key (conflict), osc record, attached index */
    uint8_t  sev;
} fr_emit;

#define FR_NORULE UINT32_MAX   /* a record of no rule (sorted last) */

typedef struct fr_osc {
    uint32_t group;
    uint32_t capped;     /* 0: a state came back; else the rounds run before giving up */
    uint32_t first;      /* into osc_rules */
    uint32_t n;
} fr_osc;

struct fr_result {
    struct fr_eval *ev;
};

/* fr_eval.re_state: a regex is JIT-compiled (for this evaluator) after
 * REGEX_WARM matches with pcre2_match.  Measured here (PCRE2 10.42):
 * JIT-compiling the shipped /^instance:\/\/(?!.*:\/\/)/ takes 50-70 us,
 * and saves 0.34 us a match (0.37 us interpreted, 0.034 us JIT); a short
 * anchored pattern saves only ~0.015 us.  A one-config run never makes the
 * compile back; a stream does after a few hundred matches.  (The idea is
 * ski rental: rent until the rent paid is about the price of buying.) */
#define REGEX_WARM 256
#define RE_JIT     (REGEX_WARM + 1)
#define RE_NOJIT   (REGEX_WARM + 2)

struct fr_eval {
    const fr_ruleset *rs;
    uint32_t own_nkeys, own_nregexes;   /* rs's counts, for fr_eval_free (which may run after rs is freed) */
    const struct fr_evindex *ix;
    int  mode;            /* FR_MODE_*: how rules are chosen for evaluation */
    bool big;             /* rules enough that their state misses L1 (4,096 and more): judge_checks prefetches */
    bool use_environ;
    bool env_pending;     /* read the environment at the next evaluation */

    /* key state */
    fr_val   *input, *res;
    uint8_t  *given;      /* 1 config, 2 process environment */
    int32_t  *decl_by;
    int32_t  *conf_a, *conf_b;
    uint64_t *declbits;
    /* rule state: rst[r].on, .rt (a run-time error), .mark (marked in
     * this config: == epoch) together, one cache line for a rule */
    struct fr_rstate *rst;
    const struct fr_rcl *rcl;   /* ix->rcl: [nrules], by position (ix->qrule) */
    /* INCR, bit sets over positions (ix->qrule) [nwrules]: the declare
     * rules (set at creation), and the checks queued for judging in this
     * config (zero between configs): a check is queued without reading its
     * state */
    const uint64_t *declmask;   /* ix->declmask */
    uint64_t *queued;
    uint32_t *rt_node;
    fr_val   *itemval;

    /* per-config bookkeeping */
    uint32_t  epoch;
    uint32_t *kmark;
    uint32_t *kneed;         /* key must be resolved again (epoch stamp) */
    uint32_t *touched_rules; uint32_t ntouched_rules;
    uint32_t *touched_keys;  uint32_t ntouched_keys;
    uint32_t *check_list;    uint32_t ncheck_list;
    uint64_t *emitbits;      /* [nrules / 64], zero between configs */
    uint64_t *emitsum;       /* [nrules / 4096]: bit w % 64 of word w / 64: emitbits[w] in use */
    uint64_t *dirty;         uint32_t ndirty_words;
    uint64_t *dirtysum;      uint32_t ndirtysum;   /* the same over dirty[] */
    /* declarers evaluated in this config, per key (note_declarer): lists
     * through kl_next, head valid when kl_stamp[k] == epoch */
    uint32_t *kl_head, *kl_stamp, *kl_pos, *kl_next;
    uint32_t  nkl, capkl;
    int       kl_full;       /* a list overflowed: resolve from all declarers */
    uint32_t *kcand;         uint32_t capkcand;
    uint32_t *kpend;         /* scan mode: keys awaiting their last group [nkeys + group keys] */
    uint64_t *scand;         /* scan mode: candidate positions [max(sc_nwd, sc_nwc)] */
    uint32_t *kcount;        /* scan mode: enabled declarers of a pending key (2: many or unknown) */
    uint32_t *kitem, *krule; /* scan mode: the one enabled declarer and its item */
    int       scan_conf;     /* scan mode: a conflict may have been recorded */
    /* scan mode, rule bit sets [nwrules], zero between configs: the rules
     * evaluated (their state to undo, their records to build) and those
     * with an error record (a run-time error, or a check with an error
     * message that fired) */
    uint64_t *sc_touch, *sc_err;
    uint32_t  nwrules;
    uint64_t  sc_rkeys;      /* scan mode, sc_before: keys resolved from their one declarer */
    fr_osc   *oscs;          uint32_t noscs;
    uint32_t *osc_rules;     uint32_t nosc_rules;
    uint8_t  *scr_on;        fr_val *scr_item; uint8_t *scr_flag;
    uint32_t  err_node;      /* node of the last run-time error */

    /* the config reader */
    fr_cfgin  cfg;
    int       status;
    const char *invalid_reason;

    /* environment snapshot */
    fr_val   *env_val;       /* [nkeys] */
    uint8_t  *env_set;       /* [nkeys] */
    uint32_t *env_keys;      uint32_t nenv_keys;
    char    **env_copies;
    /* env keys whose variable has a value of the wrong type: they keep
     * their default, with a warning (the text in env_copies) */
    uint32_t *env_fb;        uint32_t nenv_fb;
    /* env keys whose variable holds an integer outside the 64-bit range
     * (the program reads it; flagrule cannot hold it): a config that does
     * not give the key is invalid (the text in env_copies) */
    uint32_t *env_big;       uint32_t nenv_big;

    /* messages */
    fr_emit    *recs;        uint32_t nrecs, caprecs;
    fr_message *msgs[3];     uint32_t nmsgs[3];
    uint32_t   *msg_rec[3];  /* message -> its record in recs */
    int         msgs_ready;  /* msgs[] built for this evaluation */
    int         recs_ready;  /* recs[] and nmsgs[] built (scan mode builds them when asked) */
    int         arena_used;  /* a message text went to the arena since its last reset */
    int         conflicts;   /* a conflict record was added */
    fr_arena   *arena;       /* message texts, reset per config */
    fr_buf      scratch;

    /* PCRE2 */
    void *match_data, *match_ctx;
    /* [nregexes] (NULL: none): this evaluator's JIT-compiled copy of each
     * regex on ix->re_jit, made once this evaluator has matched it
     * REGEX_WARM times with pcre2_match (regex_jit in eval.c: a run that
     * matches a regex a few times, a one-config check say, compiles no JIT
     * code, which costs more than those matches; threads share no code
     * object being compiled); re_state below REGEX_WARM: the matches so
     * far, RE_JIT made, RE_NOJIT not possible (pcre2_match on the original) */
    void   **re_code;
    uint32_t *re_state;

    struct fr_result result;
};

/* Evaluates node n on the evaluator's current state (after an evaluation:
 * the resolved state).  Returns an fr_rt code. */
int fr_eval_node(fr_eval *ev, uint32_t n, fr_val *out);
/* Builds the message lists of the last evaluation (texts stay NULL until
 * fr_result_message renders them). */
void fr_eval_build_messages(fr_eval *ev);
/* Builds the message records and counts (nrecs, recs, nmsgs) of the last
 * evaluation when not built yet (SCAN mode builds them when asked). */
void fr_eval_recs(fr_eval *ev);
/* The reason of an invalid config (its "did you mean" appended on first use:
 * fr_config_reason); NULL when not invalid or out of memory. */
const char *fr_eval_invalid_reason(fr_eval *ev);
/* Text of a run-time error (static string). */
const char *fr_rt_text(int rt);
/* Key k's env value of the wrong type, if the config or the environment
 * gave one: its warning's text appended to b, and 1; else 0. */
int fr_eval_env_fallback_text(fr_eval *ev, uint32_t k, fr_buf *b);
/* The source text of a span (not NUL-terminated), or NULL. */
const char *fr_span_text(const fr_ruleset *rs, fr_span sp, size_t *len);
/* Appends "FILE:LINE" of a rule. */
void fr_rule_where(fr_buf *b, const fr_ruleset *rs, uint32_t r);
/* How an evaluator chooses the rules to evaluate.  All modes give the same
 * results; the tests compare them.
 *  FULL: every rule, no guard (the reference);
 *  SCAN: every rule in plan order, skipping those whose guard fails (small
 *        rule sets: cheapest per config);
 *  INCR: only the rules that read a key whose value differs from the
 *        baseline (big rule sets). */
enum { FR_MODE_FULL = 0, FR_MODE_SCAN = 1, FR_MODE_INCR = 2 };
/* Sets the mode (FR_MODE_INCR falls back to SCAN when the rule set has no
 * clean baseline); -1 restores the default for the rule set. */
void fr_eval_set_mode(fr_eval *ev, int mode);
/* fr_eval_set_mode(ev, full ? FR_MODE_FULL : -1) */
void fr_eval_set_full(fr_eval *ev, bool full);
/* A rule's outcome after an evaluation, and its run-time error (INCR: an
 * unmarked check is at its baseline; see fr_rstate). */
static inline int fr_rule_on(const struct fr_eval *ev, uint32_t r)
{
    const fr_rstate *st = &ev->rst[r];
    return ev->mode == FR_MODE_INCR && st->mark != ev->epoch ? st->base_on : st->on;
}
static inline int fr_rule_rt(const struct fr_eval *ev, uint32_t r)
{
    const fr_rstate *st = &ev->rst[r];
    return ev->mode == FR_MODE_INCR && st->mark != ev->epoch ? 0 : st->rt;
}
#endif
