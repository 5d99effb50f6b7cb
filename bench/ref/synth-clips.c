/* synth-clips.c — CLIPS 6.30 driver for a synthetic rule set (bench/gen-synth
 * writes synth.clp), through CLIPS's C API.
 *
 *   synth-clips SYNTH.CLP < configs.txt
 *
 * Per config line (`--f12 v3 --f7=64 --f5`): EnvReset, create one `cfg` fact
 * (EnvCreateFact, slot defaults, the given slots), EnvAssert, EnvRun(-1), then
 * collect the `(err (r I))` facts (sorted: file order) and the `(decl (k J))`
 * facts (the declared keys; their values are read from the final cfg fact)
 * and print flagrule's compact line.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <clips/clips.h>

static void *env;
static void *cfg_t, *err_t, *decl_t;
static void *sym_true, *sym_false, *sym_v[8];

static int cmp_long(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return x < y ? -1 : x > y;
}

static long long *errs, *decls;
static unsigned char *isbool;   /* per slot: default FALSE = a bool key */
static long nslots;
static size_t cap_errs = 1024, cap_decls = 1024;

static long long slot_long(void *fact, const char *slot)
{
    DATA_OBJECT d;
    EnvGetFactSlot(env, fact, slot, &d);
    return DOToLong(d);
}

static void eval_line(char *p, char *end, FILE *out)
{
    EnvReset(env);
    struct fact *f = EnvCreateFact(env, cfg_t);
    EnvAssignFactSlotDefaults(env, f);
    while (p < end) {
        while (p < end && *p == ' ')
            p++;
        if (p >= end)
            break;
        p += 3;                                  /* "--f" */
        unsigned k = 0;
        while (p < end && *p >= '0' && *p <= '9')
            k = k * 10 + (unsigned)(*p++ - '0');
        struct field *fld = &f->theProposition.theFields[k];
        if (isbool[k]) {                         /* bare bool */
            fld->type = SYMBOL;
            fld->value = sym_true;
            continue;
        }
        p++;
        char *v = p;
        while (p < end && *p != ' ')
            p++;
        if (*v == 'v') {
            fld->type = SYMBOL;
            fld->value = sym_v[v[1] - '0'];
        } else {
            fld->type = INTEGER;
            fld->value = EnvAddLong(env, strtoll(v, NULL, 10));
        }
    }
    EnvAssert(env, f);
    EnvRun(env, -1);

    size_t ne = 0, nd = 0;
    for (void *e = EnvGetNextFactInTemplate(env, err_t, NULL); e; e = EnvGetNextFactInTemplate(env, err_t, e)) {
        if (ne == cap_errs && !(errs = realloc(errs, (cap_errs *= 2) * sizeof *errs)))
            exit(2);
        errs[ne++] = slot_long(e, "r");
    }
    for (void *e = EnvGetNextFactInTemplate(env, decl_t, NULL); e; e = EnvGetNextFactInTemplate(env, decl_t, e)) {
        if (nd == cap_decls && !(decls = realloc(decls, (cap_decls *= 2) * sizeof *decls)))
            exit(2);
        decls[nd++] = slot_long(e, "k");
    }
    qsort(errs, ne, sizeof *errs, cmp_long);
    qsort(decls, nd, sizeof *decls, cmp_long);
    if (ne) {
        fputs("error\t", out);
        for (size_t i = 0; i < ne; i++)
            fprintf(out, i ? ",r%lld" : "r%lld", errs[i]);
    } else
        fputs("ok\t-", out);
    fputc('\t', out);
    if (nd) {
        struct fact *c = EnvGetNextFactInTemplate(env, cfg_t, NULL);
        for (size_t i = 0; i < nd; i++) {
            struct field *fld = &c->theProposition.theFields[decls[i]];
            fprintf(out, i ? " f%lld=" : "f%lld=", decls[i]);
            if (fld->type == INTEGER)
                fprintf(out, "%lld", ValueToLong(fld->value));
            else if (fld->value == sym_true)
                fputs("true", out);
            else if (fld->value == sym_false)
                fputs("false", out);
            else
                fputs(ValueToString(fld->value), out);
        }
    } else
        fputc('-', out);
    fputc('\n', out);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: synth-clips SYNTH.CLP < configs\n");
        return 2;
    }
    env = CreateEnvironment();
    if (!env || EnvLoad(env, argv[1]) != 1) {
        fprintf(stderr, "synth-clips: cannot load %s\n", argv[1]);
        return 2;
    }
    cfg_t = EnvFindDeftemplate(env, "cfg");
    err_t = EnvFindDeftemplate(env, "err");
    decl_t = EnvFindDeftemplate(env, "decl");
    sym_true = EnvAddSymbol(env, "TRUE");
    sym_false = EnvAddSymbol(env, "FALSE");
    for (int i = 0; i < 8; i++) {
        char b[4] = { 'v', (char)('0' + i), 0 };
        sym_v[i] = EnvAddSymbol(env, b);
        IncrementSymbolCount(sym_v[i]);
    }
    IncrementSymbolCount(sym_true);
    IncrementSymbolCount(sym_false);
    struct fact *probe = EnvCreateFact(env, cfg_t);
    EnvAssignFactSlotDefaults(env, probe);
    nslots = probe->theProposition.multifieldLength;
    isbool = calloc((size_t)nslots, 1);
    for (long k = 0; k < nslots; k++)
        isbool[k] = probe->theProposition.theFields[k].value == sym_false;
    ReturnFact(env, probe);
    errs = malloc(cap_errs * sizeof *errs);
    decls = malloc(cap_decls * sizeof *decls);
    static char obuf[1 << 16];
    setvbuf(stdout, obuf, _IOFBF, sizeof obuf);

    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, stdin)) >= 0) {
        if (n && line[n - 1] == '\n')
            n--;
        eval_line(line, line + n, stdout);
    }
    free(line);
    DestroyEnvironment(env);
    return fflush(stdout) ? 2 : 0;
}
