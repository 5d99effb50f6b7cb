/* gen-synth — a synthetic rule set in flagrule's language, configs to match,
 * and two equivalent implementations: straight-line C and CLIPS.
 *
 *   gen-synth -n NRULES [-m NFLAGS] [-c NCONFIGS] [-s SEED] [--anchor-domain D]
 *             [--chunk R] [--fn-rules F] -o DIR
 *
 * Writes into DIR (which must exist):
 *   synth.rules    NRULES named rules over NFLAGS flags f0..f{M-1}
 *   configs.txt    NCONFIGS configs, one per line (`--f12 v3 --f7=64 --f5`)
 *   c/keys.h       key table for bench/synth-main.c (types, defaults)
 *   c/rules.h      the rule functions' prototypes and the tables of them
 *   c/rules_NNN.c  the rules as straight-line C, R rules per file (--chunk)
 *   synth.clp      the same rules as CLIPS defrules (driver: ref/synth-clips.c)
 *   meta.txt       what was generated
 *
 * The rule set (all names and choices come from splitmix64 seeded with SEED):
 *   - Flags: about 50% enums of 2-8 values v0..v{k-1} (default v0), 30% ints
 *     (default 0, configs use a pool of 16 representative values), 20% bools
 *     (default false).
 *   - Check rules (85%): `rule rI: C1 [& C2 [& C3]] -> error "..."` (85% of
 *     them) or `warn`.  1 conjunct (10%), 2 (45%) or 3 (45%) on distinct keys:
 *     `=`, `!=`, `in {..}`, `not in {..}`, `< <= > >=`, bool key, `!`bool.
 *     One conjunct (the anchor) is a positive test of a non-default value
 *     (`f12 = v3`, `f7 = 64`, `f5`), so a rule fires only when the config
 *     gives that key: configs give few keys, as real launch lines do.
 *     Some messages interpolate a key (`{f12}`).
 *   - --anchor-domain D (the "sparse" sets): every anchor is `fK = c` on an
 *     int key with c uniform in 1..D, and configs give an int key a value
 *     of 1..D half of the time.  With D growing with the rule count, what
 *     fires per config stays about constant while the rule set grows: the
 *     test of "linear in what fires, not in what exists".
 *   - Declare rules (15%): acyclic chains.  A declarable key j has a selector
 *     enum key s(j) < j and a fixed map g_j from the selector's values to
 *     values of j; every declare rule of j reads `f_s = w & anchor [& C]`
 *     (all keys < j) and declares `f_j = g_j(w)`.  Two rules enabled at the
 *     fixed point therefore declare the same value: no conflict, no cycle, and
 *     resolution is one pass over the keys in index order.
 *
 * The straight-line C evaluates every rule in order (declare rules first,
 * grouped by declared key in ascending order = topological order; then every
 * check rule in file order) and prints flagrule's compact line.  The CLIPS
 * version encodes the same rules as defrules on one `cfg` fact; declare
 * rules have salience 1000+M-j (so keys resolve in index order; above 9,000
 * flags, CLIPS's range, one salience per layer of the declare chains) and
 * modify the fact once per key (guarded by a `(decl (k j))` fact); check rules assert
 * `(err (r I))` facts, collected and sorted by the driver.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rng.h"

enum ktype { T_ENUM = 0, T_INT = 1, T_BOOL = 2 };
enum op { OP_EQ, OP_NE, OP_IN, OP_NOTIN, OP_GT, OP_GE, OP_LT, OP_LE, OP_TRUE, OP_FALSE };

static const int64_t ipool[16] = { 0, 1, 2, 3, 4, 8, 16, 32, 64, 100, 128, 256, 512, 1000, 1024, 4096 };

struct key {
    uint8_t type, nvals;    /* nvals: enum only */
    int32_t sel;            /* declarable: selector key, else -1 (M is up to 60,000) */
    int64_t map[8];         /* declarable: g_j(w) for selector value w */
};

struct conj {
    uint16_t key;
    uint8_t op, nv;
    int32_t v[2];
};

struct rule {
    uint8_t kind;           /* 0 error, 1 warn, 2 declare */
    uint8_t nconj, tmpl;    /* tmpl: message interpolates conj[0]'s key */
    uint16_t target;        /* declare: key */
    int32_t dval;           /* declare: value */
    struct conj c[3];
};

static struct key *keys;
static unsigned M;
static uint32_t ADOM;   /* --anchor-domain: 0 = dense (see the header) */
static struct rule *rules;
static unsigned long N;

static void die(const char *what)
{
    fprintf(stderr, "gen-synth: %s: %s\n", what, strerror(errno));
    exit(2);
}

static FILE *xopen(const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f)
        die(path);
    setvbuf(f, NULL, _IOFBF, 1 << 20);
    return f;
}

static void xclose(FILE *f, const char *what)
{
    if (fflush(f) != 0 || ferror(f) || fclose(f) != 0)
        die(what);
}

/* ---- generating the model ----------------------------------------------- */

static int64_t pool_nonzero(rng *r)
{
    return ipool[1 + rng_below(r, 15)];
}

/* a positive, selective test of a non-default value */
static void anchor(rng *r, struct conj *c, unsigned k)
{
    const struct key *K = &keys[k];
    c->key = (uint16_t)k;
    c->nv = 1;
    switch (K->type) {
    case T_ENUM: c->op = OP_EQ; c->v[0] = 1 + (int32_t)rng_below(r, K->nvals - 1u); break;
    case T_INT:
        c->op = OP_EQ;
        c->v[0] = ADOM ? 1 + (int32_t)rng_below(r, ADOM) : (int32_t)pool_nonzero(r);
        break;
    default:     c->op = OP_TRUE; c->nv = 0; break;
    }
}

/* any test */
static void other(rng *r, struct conj *c, unsigned k)
{
    const struct key *K = &keys[k];
    unsigned x = rng_below(r, 100);
    c->key = (uint16_t)k;
    c->nv = 1;
    switch (K->type) {
    case T_ENUM:
        c->v[0] = (int32_t)rng_below(r, K->nvals);
        if (x < 40)
            c->op = OP_EQ;
        else if (x < 70 || K->nvals < 3)
            c->op = OP_NE;
        else {
            c->op = x < 90 ? OP_IN : OP_NOTIN;
            c->nv = 2;
            do
                c->v[1] = (int32_t)rng_below(r, K->nvals);
            while (c->v[1] == c->v[0]);
        }
        break;
    case T_INT:
        c->v[0] = (int32_t)ipool[rng_below(r, 16)];
        c->op = x < 20 ? OP_EQ : x < 30 ? OP_NE : x < 55 ? OP_GT : x < 80 ? OP_LE : x < 90 ? OP_GE : OP_LT;
        break;
    default:
        c->nv = 0;
        c->op = x < 50 ? OP_TRUE : OP_FALSE;
        break;
    }
}

/* distinct random keys below `lim`, not equal to `avoid` */
static unsigned pick_key(rng *r, unsigned lim, const struct conj *c, unsigned n, int avoid)
{
    for (;;) {
        unsigned k = rng_below(r, lim);
        int dup = (int)k == avoid;
        for (unsigned i = 0; i < n && !dup; i++)
            dup = c[i].key == k;
        if (!dup)
            return k;
    }
}

/* the anchor's key: with --anchor-domain an int key below `lim` if there is one */
static unsigned anchor_key(rng *r, unsigned lim, const struct conj *c, unsigned n)
{
    if (ADOM) {
        unsigned nint = 0;
        for (unsigned k = 0; k < lim; k++)
            nint += keys[k].type == T_INT;
        if (nint > n) {
            for (;;) {
                unsigned k = pick_key(r, lim, c, n, -1);
                if (keys[k].type == T_INT)
                    return k;
            }
        }
    }
    return pick_key(r, lim, c, n, -1);
}

static void gen_model(rng *r, unsigned long ndecl_hint)
{
    (void)ndecl_hint;
    keys = calloc(M, sizeof *keys);
    if (!keys)
        die("calloc");
    for (unsigned k = 0; k < M; k++) {
        unsigned x = rng_below(r, 100);
        keys[k].sel = -1;
        if (x < 50) {
            keys[k].type = T_ENUM;
            keys[k].nvals = (uint8_t)(2 + rng_below(r, 7));
        } else if (x < 80)
            keys[k].type = T_INT;
        else
            keys[k].type = T_BOOL;
    }
    /* declarable keys: 40% of those from index 10 on that have an enum below */
    unsigned *targets = malloc(M * sizeof *targets), nt = 0;
    if (!targets)
        die("malloc");
    unsigned ne = 0;   /* the enum keys below j */
    for (unsigned k = 0; k < 10; k++)
        ne += keys[k].type == T_ENUM;
    for (unsigned j = 10; j < M; ne += keys[j].type == T_ENUM, j++) {
        if (!rng_pct(r, 40))
            continue;
        if (ne == 0 || j < 3)
            continue;
        unsigned s;
        do
            s = rng_below(r, j);
        while (keys[s].type != T_ENUM);
        keys[j].sel = (int32_t)s;
        for (unsigned w = 0; w < 8; w++)
            keys[j].map[w] = keys[j].type == T_ENUM ? rng_below(r, keys[j].nvals)
                           : keys[j].type == T_INT ? ipool[rng_below(r, 16)]
                           : rng_below(r, 2);
        targets[nt++] = j;
    }

    rules = calloc(N, sizeof *rules);
    if (!rules)
        die("calloc");
    for (unsigned long i = 0; i < N; i++) {
        struct rule *R = &rules[i];
        unsigned x = rng_below(r, 100);
        if (x < 15 && nt) {
            unsigned j = targets[rng_below(r, nt)];
            unsigned s = (unsigned)keys[j].sel;
            unsigned w = rng_below(r, keys[s].nvals);
            R->kind = 2;
            R->target = (uint16_t)j;
            R->dval = (int32_t)keys[j].map[w];
            R->c[0].key = (uint16_t)s;
            R->c[0].op = OP_EQ;
            R->c[0].nv = 1;
            R->c[0].v[0] = (int32_t)w;
            R->nconj = 1;
            if (j >= 2) {
                anchor(r, &R->c[1], anchor_key(r, j, R->c, 1));
                R->nconj = 2;
                if (j >= 3 && rng_pct(r, 50)) {
                    other(r, &R->c[2], pick_key(r, j, R->c, 2, -1));
                    R->nconj = 3;
                }
            }
            continue;
        }
        R->kind = x < 15 + 85 * 85 / 100 ? 0 : 1;
        unsigned y = rng_below(r, 100);
        R->nconj = y < 10 ? 1 : y < 55 ? 2 : 3;
        unsigned at = rng_below(r, R->nconj);
        for (unsigned c = 0; c < R->nconj; c++) {
            unsigned k = c == at ? anchor_key(r, M, R->c, c) : pick_key(r, M, R->c, c, -1);
            if (c == at)
                anchor(r, &R->c[c], k);
            else
                other(r, &R->c[c], k);
        }
        R->tmpl = rng_pct(r, 25);
    }
    free(targets);
}

/* ---- flagrule text --------------------------------------------------------- */

static void put_val(FILE *f, unsigned k, int64_t v)
{
    switch (keys[k].type) {
    case T_ENUM: fprintf(f, "v%lld", (long long)v); break;
    case T_INT:  fprintf(f, "%lld", (long long)v); break;
    default:     fputs(v ? "true" : "false", f); break;
    }
}

static void fr_conj(FILE *f, const struct conj *c)
{
    unsigned k = c->key;
    static const char *const opname[] = { "=", "!=", "in", "not in", ">", ">=", "<", "<=" };
    if (c->op == OP_TRUE) {
        fprintf(f, "f%u", k);
        return;
    }
    if (c->op == OP_FALSE) {
        fprintf(f, "!f%u", k);
        return;
    }
    fprintf(f, "f%u %s ", k, opname[c->op]);
    if (c->op == OP_IN || c->op == OP_NOTIN) {
        fputc('{', f);
        put_val(f, k, c->v[0]);
        fputs(", ", f);
        put_val(f, k, c->v[1]);
        fputc('}', f);
    } else
        put_val(f, k, c->v[0]);
}

static void write_rules(const char *dir)
{
    FILE *f = xopen(dir, "synth.rules");
    fprintf(f, "# synthetic rule set: %lu rules over %u flags (bench/gen-synth)\n\n", N, M);
    for (unsigned k = 0; k < M; k++) {
        fprintf(f, "flag f%u : ", k);
        switch (keys[k].type) {
        case T_ENUM:
            fputs("enum {", f);
            for (unsigned v = 0; v < keys[k].nvals; v++)
                fprintf(f, "%s v%u", v ? "," : "", v);
            fputs(" } = v0;\n", f);
            break;
        case T_INT:  fputs("int = 0;\n", f); break;
        default:     fputs("bool = false;\n", f); break;
        }
    }
    fputc('\n', f);
    for (unsigned long i = 0; i < N; i++) {
        const struct rule *R = &rules[i];
        fprintf(f, "rule r%lu: ", i);
        for (unsigned c = 0; c < R->nconj; c++) {
            if (c)
                fputs(" & ", f);
            fr_conj(f, &R->c[c]);
        }
        if (R->kind == 2) {
            fprintf(f, " -> declare f%u = ", R->target);
            put_val(f, R->target, R->dval);
            fputs(";\n", f);
        } else {
            fputs(R->kind == 0 ? " -> error \"" : " -> warn \"", f);
            if (R->tmpl)
                fprintf(f, "r%lu: f%u is {f%u}\";\n", i, R->c[0].key, R->c[0].key);
            else
                fprintf(f, "rule r%lu fired\";\n", i);
        }
    }
    xclose(f, "synth.rules");
}

/* ---- configs ----------------------------------------------------------------- */

static void write_configs(const char *dir, rng *r, unsigned long nconf)
{
    FILE *f = xopen(dir, "configs.txt");
    unsigned *used = malloc(M * sizeof *used);
    for (unsigned long i = 0; i < nconf; i++) {
        unsigned g = 3 + rng_below(r, 8);   /* 3..10 keys given */
        if (g > M)
            g = M;
        for (unsigned a = 0; a < g; a++) {
            unsigned k;
            int dup;
            do {
                k = rng_below(r, M);
                dup = 0;
                for (unsigned b = 0; b < a; b++)
                    dup |= used[b] == k;
            } while (dup);
            used[a] = k;
            if (a)
                fputc(' ', f);
            if (keys[k].type == T_BOOL) {
                fprintf(f, "--f%u", k);
                continue;
            }
            int64_t v = keys[k].type == T_ENUM ? (int64_t)rng_below(r, keys[k].nvals)
                      : ADOM && rng_pct(r, 50) ? 1 + (int64_t)rng_below(r, ADOM)
                      : ipool[rng_below(r, 16)];
            fprintf(f, "--f%u%c", k, rng_pct(r, 15) ? '=' : ' ');
            put_val(f, k, v);
        }
        fputc('\n', f);
    }
    free(used);
    xclose(f, "configs.txt");
}

/* ---- straight-line C ------------------------------------------------------------ */

static void c_conj(FILE *f, const struct conj *c)
{
    unsigned k = c->key;
    static const char *const cop[] = { "==", "!=", "", "", ">", ">=", "<", "<=" };
    switch (c->op) {
    case OP_TRUE:  fprintf(f, "V[%u]", k); break;
    case OP_FALSE: fprintf(f, "!V[%u]", k); break;
    case OP_IN:    fprintf(f, "(V[%u]==%d||V[%u]==%d)", k, c->v[0], k, c->v[1]); break;
    case OP_NOTIN: fprintf(f, "(V[%u]!=%d&&V[%u]!=%d)", k, c->v[0], k, c->v[1]); break;
    default:       fprintf(f, "V[%u]%s%d", k, cop[c->op], c->v[0]); break;
    }
}

static void c_cond(FILE *f, const struct rule *R)
{
    for (unsigned c = 0; c < R->nconj; c++) {
        if (c)
            fputs(" && ", f);
        c_conj(f, &R->c[c]);
    }
}

static int cmp_target(const void *a, const void *b)
{
    const struct rule *x = &rules[*(const unsigned long *)a], *y = &rules[*(const unsigned long *)b];
    if (x->target != y->target)
        return x->target < y->target ? -1 : 1;
    return *(const unsigned long *)a < *(const unsigned long *)b ? -1 : 1;
}

static unsigned FN_RULES = 64;   /* rules per C function (--fn-rules) */

static void write_c(const char *dir, unsigned long chunk)
{
    char sub[4096], name[64];
    snprintf(sub, sizeof sub, "%s/c", dir);
    if (mkdir(sub, 0777) != 0 && errno != EEXIST)
        die(sub);

    FILE *h = xopen(sub, "keys.h");
    fprintf(h, "/* generated by bench/gen-synth */\n#define NKEYS %u\n#define NRULES %luUL\n", M, N);
    fputs("static const unsigned char ktype[NKEYS] = {", h);
    for (unsigned k = 0; k < M; k++)
        fprintf(h, "%s%s%u", k ? "," : "", k % 32 ? "" : "\n  ", keys[k].type);
    fputs("\n};\n", h);
    xclose(h, "keys.h");

    /* order: declare rules by target, then check rules in file order */
    unsigned long *decl = malloc(N * sizeof *decl), nd = 0;
    for (unsigned long i = 0; i < N; i++)
        if (rules[i].kind == 2)
            decl[nd++] = i;
    qsort(decl, nd, sizeof *decl, cmp_target);

    unsigned long nfn_decl = (nd + FN_RULES - 1) / FN_RULES;
    unsigned long nchk = N - nd, nfn_chk = (nchk + FN_RULES - 1) / FN_RULES;
    unsigned long fn_per_file = chunk / FN_RULES ? chunk / FN_RULES : 1;

    FILE *rh = xopen(sub, "rules.h");
    fputs("/* generated by bench/gen-synth */\n#include <stdint.h>\n"
          "struct out { uint32_t *err; size_t nerr; size_t nwarn; unsigned char *D; };\n"
          "typedef void rulefn(int64_t *restrict V, struct out *restrict o);\n", rh);
    for (unsigned long i = 0; i < nfn_decl; i++)
        fprintf(rh, "rulefn d%lu;\n", i);
    for (unsigned long i = 0; i < nfn_chk; i++)
        fprintf(rh, "rulefn c%lu;\n", i);
    fprintf(rh, "#define NDECLFN %lu\n#define NCHKFN %lu\n", nfn_decl, nfn_chk);
    xclose(rh, "rules.h");

    /* the tables live in their own file */
    FILE *tf = xopen(sub, "tables.c");
    fputs("#include <stddef.h>\n#include \"rules.h\"\n", tf);
    fputs("rulefn *const declfn[] = {", tf);
    for (unsigned long i = 0; i < nfn_decl; i++)
        fprintf(tf, "%sd%lu,", i % 16 ? "" : "\n  ", i);
    fputs(" 0 };\nrulefn *const chkfn[] = {", tf);
    for (unsigned long i = 0; i < nfn_chk; i++)
        fprintf(tf, "%sc%lu,", i % 16 ? "" : "\n  ", i);
    fputs(" 0 };\n", tf);
    xclose(tf, "tables.c");

    /* functions: all declare functions, then all check functions, fn_per_file per file */
    unsigned long nfile = 0, infile = fn_per_file;
    FILE *f = NULL;
    unsigned long di = 0, ci = 0;
    for (unsigned long fn = 0; fn < nfn_decl + nfn_chk; fn++) {
        if (infile == fn_per_file) {
            if (f)
                xclose(f, "rules_N.c");
            snprintf(name, sizeof name, "rules_%03lu.c", nfile++);
            f = xopen(sub, name);
            fputs("/* generated by bench/gen-synth */\n#include <stddef.h>\n#include \"rules.h\"\n", f);
            infile = 0;
        }
        infile++;
        if (fn < nfn_decl) {
            fprintf(f, "void d%lu(int64_t *restrict V, struct out *restrict o)\n{\n", fn);
            for (unsigned n = 0; n < FN_RULES && di < nd; n++, di++) {
                const struct rule *R = &rules[decl[di]];
                fputs("  if (", f);
                c_cond(f, R);
                fprintf(f, ") { V[%u] = %d; o->D[%u] = 1; }\n", R->target, R->dval, R->target);
            }
        } else {
            fprintf(f, "void c%lu(int64_t *restrict V, struct out *restrict o)\n{\n"
                       "  uint32_t *e = o->err + o->nerr;\n", fn - nfn_decl);
            for (unsigned n = 0; n < FN_RULES && ci < N; ci++) {
                const struct rule *R = &rules[ci];
                if (R->kind == 2)
                    continue;
                n++;
                fputs("  if (", f);
                c_cond(f, R);
                if (R->kind == 0)
                    fprintf(f, ") *e++ = %luu;\n", ci);
                else
                    fputs(") o->nwarn++;\n", f);
            }
            fputs("  o->nerr = (size_t)(e - o->err);\n", f);
        }
        fputs("}\n", f);
    }
    if (f)
        xclose(f, "rules_N.c");
    free(decl);
    FILE *mk = xopen(sub, "files.txt");
    for (unsigned long i = 0; i < nfile; i++)
        fprintf(mk, "rules_%03lu.c\n", i);
    xclose(mk, "files.txt");
}

/* ---- CLIPS ----------------------------------------------------------------------- */

static void clips_val(FILE *f, unsigned k, int64_t v)
{
    switch (keys[k].type) {
    case T_ENUM: fprintf(f, "v%lld", (long long)v); break;
    case T_INT:  fprintf(f, "%lld", (long long)v); break;
    default:     fputs(v ? "TRUE" : "FALSE", f); break;
    }
}

static void clips_conj(FILE *f, const struct conj *c)
{
    unsigned k = c->key;
    static const char *const lop[] = { "", "", "", "", ">", ">=", "<", "<=" };
    fprintf(f, " (f%u ", k);
    switch (c->op) {
    case OP_TRUE:  fputs("TRUE", f); break;
    case OP_FALSE: fputs("FALSE", f); break;
    case OP_EQ:    clips_val(f, k, c->v[0]); break;
    case OP_NE:    fputc('~', f); clips_val(f, k, c->v[0]); break;
    case OP_IN:    clips_val(f, k, c->v[0]); fputc('|', f); clips_val(f, k, c->v[1]); break;
    case OP_NOTIN: fputc('~', f); clips_val(f, k, c->v[0]); fputs("&~", f); clips_val(f, k, c->v[1]); break;
    default:       fprintf(f, "?x%u&:(%s ?x%u %d)", k, lop[c->op], k, c->v[0]); break;
    }
    fputc(')', f);
}

/* The declare rules' saliences: key j's rules fire before those of any key
 * read by a rule after them.  1000 + M - j (keys resolved in index order)
 * while that fits CLIPS's range (salience <= 10000: M <= 9000); above, one
 * salience a layer of the declarable keys, 1 + D - layer(j), where layer(j)
 * is 1 + the largest layer of a declarable key that a rule of j reads (0
 * for none) and D the largest layer: rules of a layer read no key declared
 * in it or above.  NULL (no CLIPS version) when even the layers do not fit. */
static unsigned *clips_saliences(void)
{
    unsigned *sal = calloc(M, sizeof *sal);
    if (!sal)
        die("calloc");
    if (1000 + M <= 10000) {
        for (unsigned j = 0; j < M; j++)
            sal[j] = 1000 + M - j;
        return sal;
    }
    /* the declare rules by target (a counting sort), targets ascending */
    unsigned long *start = calloc((size_t)M + 1, sizeof *start), *by = NULL, nd = 0;
    unsigned *layer = calloc(M, sizeof *layer);
    if (!start || !layer)
        die("calloc");
    for (unsigned long i = 0; i < N; i++)
        if (rules[i].kind == 2)
            start[rules[i].target + 1]++, nd++;
    for (unsigned j = 0; j < M; j++)
        start[j + 1] += start[j];
    by = malloc((nd ? nd : 1) * sizeof *by);
    unsigned long *fill = malloc(((size_t)M + 1) * sizeof *fill);
    if (!by || !fill)
        die("malloc");
    memcpy(fill, start, ((size_t)M + 1) * sizeof *fill);
    for (unsigned long i = 0; i < N; i++)
        if (rules[i].kind == 2)
            by[fill[rules[i].target]++] = i;
    unsigned D = 0;
    for (unsigned j = 0; j < M; j++)
        for (unsigned long x = start[j]; x < start[j + 1]; x++) {
            const struct rule *R = &rules[by[x]];
            for (unsigned c = 0; c < R->nconj; c++) {
                unsigned k = R->c[c].key;   /* (< j) */
                if (keys[k].sel >= 0 && layer[k] + 1 > layer[j])
                    layer[j] = layer[k] + 1;
            }
            if (layer[j] > D)
                D = layer[j];
        }
    for (unsigned j = 0; j < M; j++)
        sal[j] = 1 + D - layer[j];
    free(start);
    free(fill);
    free(by);
    free(layer);
    if (D + 1 > 10000) {
        free(sal);
        return NULL;
    }
    return sal;
}

/* CLIPS 6.30 crashes (in FactPatternMatch) asserting a fact of a template
 * of 33,000 slots; 32,800 run.  No synth.clp above this many flags. */
#define CLIPS_MAX_SLOTS 32767

static void write_clips(const char *dir)
{
    unsigned *sal = M <= CLIPS_MAX_SLOTS ? clips_saliences() : NULL;
    if (!sal) {
        char path[4096];
        snprintf(path, sizeof path, "%s/synth.clp", dir);
        (void)remove(path);   /* (not an older set's) */
        fprintf(stderr, "gen-synth: no synth.clp: %s\n",
                M > CLIPS_MAX_SLOTS ? "more flags than CLIPS's template takes"
                                    : "the declare rules' order does not fit CLIPS's salience range");
        return;
    }
    FILE *f = xopen(dir, "synth.clp");
    fprintf(f, ";; synthetic rule set: %lu rules over %u flags (bench/gen-synth)\n", N, M);
    fputs("(deftemplate cfg", f);
    for (unsigned k = 0; k < M; k++) {
        fprintf(f, "\n  (slot f%u (default ", k);
        clips_val(f, k, 0);
        fputs("))", f);
    }
    fputs(")\n(deftemplate err (slot r))\n(deftemplate decl (slot k))\n", f);
    for (unsigned long i = 0; i < N; i++) {
        const struct rule *R = &rules[i];
        if (R->kind == 2)
            fprintf(f, "(defrule r%lu (declare (salience %u)) ?c <- (cfg", i, sal[R->target]);
        else
            fprintf(f, "(defrule r%lu (cfg", i);
        for (unsigned c = 0; c < R->nconj; c++)
            clips_conj(f, &R->c[c]);
        if (R->kind == 2) {
            fprintf(f, ") (not (decl (k %u))) => (assert (decl (k %u))) (modify ?c (f%u ",
                    R->target, R->target, R->target);
            clips_val(f, R->target, R->dval);
            fputs(")))\n", f);
        } else if (R->kind == 0)
            fprintf(f, ") => (assert (err (r %lu))))\n", i);
        else
            fputs(") => )\n", f);
    }
    xclose(f, "synth.clp");
    free(sal);
}

int main(int argc, char **argv)
{
    unsigned long nconf = 1000, chunk = 20000;
    unsigned long long seed = 20240607;
    const char *dir = NULL;
    N = 100;
    M = 200;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-n") && i + 1 < argc)
            N = strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "-m") && i + 1 < argc)
            M = (unsigned)strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "-c") && i + 1 < argc)
            nconf = strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "-s") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--chunk") && i + 1 < argc)
            chunk = strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--anchor-domain") && i + 1 < argc)
            ADOM = (uint32_t)strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--fn-rules") && i + 1 < argc)
            FN_RULES = (unsigned)strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "-o") && i + 1 < argc)
            dir = argv[++i];
        else
            dir = NULL, i = argc;
    }
    if (!dir || M < 4 || M > 60000 || N == 0) {
        fprintf(stderr, "usage: gen-synth -n NRULES [-m NFLAGS] [-c NCONFIGS] [-s SEED] "
                        "[--anchor-domain D] [--chunk R] [--fn-rules F] -o DIR\n");
        return 2;
    }
    rng r = { seed };
    gen_model(&r, N);
    rng rc = { seed ^ 0x5bd1e995u };   /* configs: their own stream */
    write_rules(dir);
    write_configs(dir, &rc, nconf);
    write_c(dir, chunk);
    write_clips(dir);

    unsigned long ne = 0, nw = 0, nd = 0, ntg = 0;
    for (unsigned long i = 0; i < N; i++)
        rules[i].kind == 0 ? ne++ : rules[i].kind == 1 ? nw++ : nd++;
    for (unsigned k = 0; k < M; k++)
        ntg += keys[k].sel >= 0;
    FILE *f = xopen(dir, "meta.txt");
    fprintf(f, "rules %lu\nflags %u\nconfigs %lu\nseed %llu\nerror %lu\nwarn %lu\ndeclare %lu\n"
               "declarable_keys %lu\nanchor_domain %u\n", N, M, nconf, seed, ne, nw, nd, ntg, ADOM);
    xclose(f, "meta.txt");
    free(rules);
    free(keys);
    return 0;
}
