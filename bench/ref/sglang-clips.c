/* sglang-clips.c — CLIPS 6.30 driver for the SGLang rule set (ref/sglang.clp),
 * through CLIPS's C API: the classic C rule engine.
 *
 *   sglang-clips SGLANG.CLP < configs
 *
 * Per config line: read it (sglang-config.h, the same reader as ref/sglang.c),
 * EnvReset, build the `cfg` fact (EnvCreateFact, EnvAssignFactSlotDefaults,
 * EnvPutFactSlot for every input), EnvAssert, EnvRun(-1); then collect the
 * `err` facts (sorted: rule order) and the `decl` facts (the declared keys,
 * values from the final cfg fact) and print flagrule's compact line.
 */
#include <stdio.h>
#include <stdlib.h>

#include <clips/clips.h>

#include "sglang-config.h"

static void *env, *cfg_t, *err_t, *decl_t;
static void *sym_true, *sym_false, *sym_nil;
static void *sym_a2a[A2A_N], *sym_runner[RUN_N], *sym_mode[MODE_N], *sym_v2mode[2],
            *sym_quant[Q_N], *sym_disagg[2], *sym_cg[4];

static const char *const err_names[] = {
    NULL, "deepep-cutedsl-normal-mode", "deepep-v2-instance-connector",
    "deepep-v2-architecture", "deepep-v2-deterministic", "deepep-v2-runner",
    "deepep-v2-overlap", "deepep-v2-shared-experts-fusion", "flashinfer-dp-attention",
    "flashinfer-runner", "mori-dispatch-budget", "pplx-normal-mode", "pplx-dp-attention",
    "pplx-runner", "pplx-dispatch-budget",
};
/* declared keys in flagrule's key order, with the cfg slot holding the value */
static const char *const decl_keys[][2] = {
    { "moe_a2a_backend", "a2a" }, { "disable_shared_experts_fusion", "dsf" },
    { "enforce_shared_experts_fusion", "esf" }, { "ep_size", "ep" },
    { "moe_runner_backend", "runner" }, { "deepep_mode", "mode" },
    { "cuda_graph_decode_backend", "cgd" }, { "cuda_graph_prefill_backend", "cgp" },
    { "SGLANG_MOE_NVFP4_DISPATCH", "nvfp4_env" }, { "NCCL_CUMEM_ENABLE", "nccl_env" },
};

static void *intern(const char *s)
{
    void *p = EnvAddSymbol(env, s);
    IncrementSymbolCount(p);
    return p;
}

static void put_sym(struct fact *f, const char *slot, void *sym)
{
    DATA_OBJECT d;
    SetType(d, SYMBOL);
    SetValue(d, sym);
    EnvPutFactSlot(env, f, slot, &d);
}

static void put_bool(struct fact *f, const char *slot, bool b)
{
    put_sym(f, slot, b ? sym_true : sym_false);
}

static void put_int(struct fact *f, const char *slot, int64_t v)
{
    DATA_OBJECT d;
    SetType(d, INTEGER);
    SetValue(d, EnvAddLong(env, v));
    EnvPutFactSlot(env, f, slot, &d);
}

static void put_str(struct fact *f, const char *slot, const struct sg_str *s)
{
    if (s->null)
        return;   /* the default: nil */
    DATA_OBJECT d;
    SetType(d, STRING);
    char buf[4096];
    size_t n = s->n < sizeof buf - 1 ? s->n : sizeof buf - 1;
    memcpy(buf, s->s, n);
    buf[n] = '\0';
    SetValue(d, EnvAddSymbol(env, buf));
    EnvPutFactSlot(env, f, slot, &d);
}

static int cmp_long(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return x < y ? -1 : x > y;
}

static void eval_line(const char *line, size_t len, char *scratch, FILE *out)
{
    struct sg_cfg c;
    if (sg_parse(line, len, &c, scratch) != 0) {
        fputs("invalid\t-\t-\n", out);
        return;
    }
    EnvReset(env);
    struct fact *f = EnvCreateFact(env, cfg_t);
    EnvAssignFactSlotDefaults(env, f);
    put_sym(f, "a2a", sym_a2a[c.a2a]);
    put_bool(f, "waterfill", c.waterfill);
    put_bool(f, "dsf", c.dsf);
    put_bool(f, "esf", c.esf);
    put_int(f, "tp", c.tp);
    put_int(f, "ep", c.ep);
    put_int(f, "dp", c.dp);
    put_bool(f, "dpa", c.dpa);
    put_sym(f, "runner", sym_runner[c.runner]);
    put_sym(f, "given_runner", sym_runner[c.runner]);
    put_sym(f, "mode", sym_mode[c.mode]);
    put_sym(f, "given_mode", sym_mode[c.mode]);
    put_sym(f, "v2mode", sym_v2mode[c.v2mode]);
    put_bool(f, "det", c.det);
    put_bool(f, "tbo", c.tbo);
    put_bool(f, "sbo", c.sbo);
    put_str(f, "model_path", &c.model_path);
    put_sym(f, "quant", c.quant == SG_NULL ? sym_nil : sym_quant[c.quant]);
    put_int(f, "cps", c.cps);
    put_sym(f, "disagg", c.disagg == SG_NULL ? sym_nil : sym_disagg[c.disagg]);
    if (c.cgmbd_null)
        put_sym(f, "cgmbd", sym_nil);
    else
        put_int(f, "cgmbd", c.cgmbd);
    put_sym(f, "cgd", sym_cg[c.cgd]);
    put_sym(f, "cgp", sym_cg[c.cgp]);
    put_str(f, "arch", &c.arch);
    put_bool(f, "nvfp4_meta", c.nvfp4_meta);
    put_bool(f, "is_npu", c.is_npu);
    put_int(f, "mori_tok", c.mori_tok);
    put_int(f, "pplx_tok", c.pplx_tok);
    put_str(f, "nvfp4_env", &c.nvfp4_env);
    put_str(f, "nccl_env", &c.nccl_env);
    EnvAssert(env, f);
    EnvRun(env, -1);

    long long errs[16], decls[16];
    size_t ne = 0, nd = 0;
    DATA_OBJECT d;
    for (void *e = EnvGetNextFactInTemplate(env, err_t, NULL); e && ne < 16;
         e = EnvGetNextFactInTemplate(env, err_t, e)) {
        EnvGetFactSlot(env, e, "r", &d);
        errs[ne++] = DOToLong(d);
    }
    for (void *e = EnvGetNextFactInTemplate(env, decl_t, NULL); e && nd < 16;
         e = EnvGetNextFactInTemplate(env, decl_t, e)) {
        EnvGetFactSlot(env, e, "k", &d);
        decls[nd++] = DOToLong(d);
    }
    qsort(errs, ne, sizeof *errs, cmp_long);
    qsort(decls, nd, sizeof *decls, cmp_long);
    if (ne) {
        fputs("error\t", out);
        for (size_t i = 0; i < ne; i++) {
            if (i)
                fputc(',', out);
            fputs(err_names[errs[i]], out);
        }
    } else
        fputs("ok\t-", out);
    fputc('\t', out);
    if (nd) {
        void *cf = EnvGetNextFactInTemplate(env, cfg_t, NULL);
        for (size_t i = 0; i < nd; i++) {
            if (i)
                fputc(' ', out);
            fputs(decl_keys[decls[i]][0], out);
            fputc('=', out);
            EnvGetFactSlot(env, cf, decl_keys[decls[i]][1], &d);
            if (GetType(d) == INTEGER)
                fprintf(out, "%lld", DOToLong(d));
            else if (GetValue(d) == sym_true)
                fputs("true", out);
            else if (GetValue(d) == sym_false)
                fputs("false", out);
            else
                fputs(DOToString(d), out);
        }
    } else
        fputc('-', out);
    fputc('\n', out);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: sglang-clips SGLANG.CLP < configs\n");
        return 2;
    }
    sg_init();
    env = CreateEnvironment();
    if (!env || EnvLoad(env, argv[1]) != 1) {
        fprintf(stderr, "sglang-clips: cannot load %s\n", argv[1]);
        return 2;
    }
    cfg_t = EnvFindDeftemplate(env, "cfg");
    err_t = EnvFindDeftemplate(env, "err");
    decl_t = EnvFindDeftemplate(env, "decl");
    sym_true = intern("TRUE");
    sym_false = intern("FALSE");
    sym_nil = intern("nil");
    for (int i = 0; i < A2A_N; i++) sym_a2a[i] = intern(sg_a2a_names[i]);
    for (int i = 0; i < RUN_N; i++) sym_runner[i] = intern(sg_runner_names[i]);
    for (int i = 0; i < MODE_N; i++) sym_mode[i] = intern(sg_mode_names[i]);
    for (int i = 0; i < 2; i++) sym_v2mode[i] = intern(sg_v2mode_names[i]);
    for (int i = 0; i < Q_N; i++) sym_quant[i] = intern(sg_quant_names[i]);
    for (int i = 0; i < 2; i++) sym_disagg[i] = intern(sg_disagg_names[i]);
    for (int i = 0; i < 4; i++) sym_cg[i] = intern(sg_cg_names[i]);

    static char obuf[1 << 16];
    setvbuf(stdout, obuf, _IOFBF, sizeof obuf);
    char *line = NULL, *scratch = NULL;
    size_t cap = 0, scap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, stdin)) >= 0) {
        if (n && line[n - 1] == '\n')
            n--;
        if ((size_t)n + 1 > scap) {
            scap = (size_t)n + 1;
            if (!(scratch = realloc(scratch, scap)))
                return 2;
        }
        eval_line(line, (size_t)n, scratch, stdout);
    }
    free(line);
    free(scratch);
    DestroyEnvironment(env);
    return fflush(stdout) ? 2 : 0;
}
