/* gen-configs — random SGLang launch configs for the benchmarks.
 *
 *   gen-configs [-n N] [-s SEED] [--invalid-pct P]
 *
 * Prints N lines (default 1000), one config per line, written as a shell
 * command line: env words first (`NAME=VALUE`, as a shell prefix), then the
 * flags in random order (`--flag value`, sometimes `--flag=value`, bare
 * `--bool-flag` for true), fact words (`NAME=VALUE`) at the front or the end.
 * Values cover every enum choice, the bools, representative ints, model paths
 * with and without the `instance://` connector (some single- or double-quoted)
 * and the model-architecture / NPU / NVFP4 facts.  About P% of the lines
 * (default 1) are invalid in one unambiguous way: an unknown flag, an enum value
 * outside the choices, a non-integer int, or a flag missing its argument at the
 * end of the line.  No flag is given twice.
 *
 * The keys are those of rules.d/sglang/00-flags.rules.  The output depends only
 * on N, SEED and P (splitmix64, see rng.h): the same bytes on every machine.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

enum kind { K_BOOL, K_ENUM, K_INT, K_STR };

struct flag {
    const char *cli[3];      /* spellings; [0] is canonical */
    enum kind kind;
    unsigned pct;            /* probability (%) that a config gives it */
    const char *const *vals; /* pool of values (enum: all choices first) */
    unsigned nvals;
    unsigned nbad;           /* enum only: pool entries are all valid */
};

#define N_(a) (sizeof(a) / sizeof((a)[0]))

static const char *const a2a[] = {
    "none", "deepep", "mooncake", "nixl", "mori", "ascend_fuseep", "flashinfer",
    "megamoe", "deepep_v2", "pplx", "ascend_tp",
};
/* weights for a2a (same order): the backends with rules get most configs */
static const unsigned a2a_w[] = { 8, 16, 3, 3, 12, 3, 16, 3, 16, 16, 4 };

static const char *const runners[] = {
    "auto", "deep_gemm", "triton", "triton_kernel", "flashinfer_trtllm",
    "experimental_sgl_trtllm", "flashinfer_trtllm_routed", "flashinfer_cutlass",
    "flashinfer_mxfp4", "flashinfer_cutedsl", "cutlass", "aiter", "marlin", "humming",
    "experimental_sgl_marlin", "hpc_ops", "megamoe",
};
static const char *const hot_runners[] = {
    "auto", "deep_gemm", "flashinfer_cutlass", "flashinfer_cutedsl", "flashinfer_trtllm_routed",
};
static const char *const modes[] = { "auto", "normal", "low_latency" };
static const char *const v2modes[] = { "direct", "hybrid" };
static const char *const quants[] = {
    "awq", "fp8", "mxfp8", "gptq", "marlin", "gptq_marlin", "awq_marlin", "bitsandbytes",
    "gguf", "modelopt", "modelopt_fp8", "modelopt_fp4", "nvfp4_online", "modelopt_mixed",
    "petit_nvfp4", "w8a8_int8", "w8a8_fp8", "moe_wna16", "w4afp8", "mxfp4", "auto-round",
    "auto-round-int8", "compressed-tensors", "modelslim", "mxfp_w4a8", "quark",
    "quark_int4fp8_moe", "quark_mxfp4", "mlx_q4", "mlx_q8", "unquant", "humming",
};
static const char *const disagg[] = { "prefill", "decode", "null" };
static const char *const graph_backends[] = { "full", "breakable", "tc_piecewise", "disabled" };
static const char *const tps[] = { "1", "2", "4", "8", "16" };
static const char *const eps[] = { "1", "2", "4", "8", "16" };
static const char *const dps[] = { "1", "2", "4", "8" };
static const char *const chunks[] = {
    "-1", "0", "64", "128", "129", "256", "1024", "2048", "4096", "4097", "8192", "16384",
};
static const char *const maxbs[] = { "32", "64", "128", "129", "256", "512" };
static const char *const paths[] = {
    "deepseek-ai/DeepSeek-V3", "/models/DeepSeek-V3", "Qwen/Qwen3-235B-A22B",
    "instance://10.0.0.1:8000/DeepSeek-V3", "instance://host/m", "s3://bucket/model",
    "redis://10.0.0.1:6379/qwen3", "instance://a://b", "/data/instance://x",
    "INSTANCE://host/m", "instance:/host/m",
};

enum { F_A2A, F_RUNNER, F_TP, F_DP };  /* indices into flags[] used below */

static const struct flag flags[] = {
    [F_A2A]    = { { "--moe-a2a-backend" }, K_ENUM, 95, a2a, N_(a2a), 0 },
    [F_RUNNER] = { { "--moe-runner-backend" }, K_ENUM, 60, runners, N_(runners), 0 },
    [F_TP]     = { { "--tp-size", "--tensor-parallel-size" }, K_INT, 80, tps, N_(tps), 0 },
    [F_DP]     = { { "--dp-size", "--data-parallel-size" }, K_INT, 50, dps, N_(dps), 0 },
    { { "--enable-waterfill" }, K_BOOL, 8, NULL, 0, 0 },
    { { "--disable-shared-experts-fusion" }, K_BOOL, 15, NULL, 0, 0 },
    { { "--enforce-shared-experts-fusion" }, K_BOOL, 10, NULL, 0, 0 },
    { { "--ep-size", "--expert-parallel-size", "--ep" }, K_INT, 40, eps, N_(eps), 0 },
    { { "--enable-dp-attention" }, K_BOOL, 55, NULL, 0, 0 },
    { { "--deepep-mode" }, K_ENUM, 60, modes, N_(modes), 0 },
    { { "--deepep-v2-mode" }, K_ENUM, 20, v2modes, N_(v2modes), 0 },
    { { "--enable-deterministic-inference" }, K_BOOL, 8, NULL, 0, 0 },
    { { "--enable-two-batch-overlap" }, K_BOOL, 8, NULL, 0, 0 },
    { { "--enable-single-batch-overlap" }, K_BOOL, 8, NULL, 0, 0 },
    { { "--model-path", "--model" }, K_STR, 70, paths, N_(paths), 0 },
    { { "--quantization" }, K_ENUM, 40, quants, N_(quants), 0 },
    { { "--chunked-prefill-size" }, K_INT, 60, chunks, N_(chunks), 0 },
    { { "--disaggregation-mode" }, K_ENUM, 30, disagg, N_(disagg), 0 },
    { { "--cuda-graph-max-bs-decode", "--cuda-graph-max-bs" }, K_INT, 30, maxbs, N_(maxbs), 0 },
    { { "--cuda-graph-backend-decode" }, K_ENUM, 8,
      graph_backends, N_(graph_backends), 0 },
    { { "--cuda-graph-backend-prefill" }, K_ENUM, 8,
      graph_backends, N_(graph_backends), 0 },
};
#define NFLAGS N_(flags)

struct word_key {
    const char *name;
    unsigned pct;
    const char *const *vals;
    unsigned nvals;
};

static const char *const archs[] = {
    "DeepseekV3ForCausalLM", "DeepseekV4ForCausalLM", "Qwen3MoeForCausalLM",
    "LlamaForCausalLM", "Qwen2MoeForCausalLM", "MixtralForCausalLM",
};
static const char *const truefalse[] = { "true", "false" };
static const char *const mori_tok[] = { "0", "1024", "4096", "8192", "16384" };
static const char *const pplx_tok[] = { "128", "256", "4096", "8192", "16384" };
static const char *const nvfp4_env[] = { "0", "1", "True", "false" };
static const char *const nccl_env[] = { "0", "1" };

static const struct word_key envs[] = {
    { "SGLANG_MORI_NUM_MAX_DISPATCH_TOKENS_PER_RANK", 20, mori_tok, N_(mori_tok) },
    { "SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK", 30, pplx_tok, N_(pplx_tok) },
    { "SGLANG_MOE_NVFP4_DISPATCH", 12, nvfp4_env, N_(nvfp4_env) },
    { "NCCL_CUMEM_ENABLE", 10, nccl_env, N_(nccl_env) },
};
static const struct word_key facts[] = {
    { "model_architecture", 55, archs, N_(archs) },
    { "model_nvfp4_moe_meta", 12, truefalse, N_(truefalse) },
    { "is_npu", 6, truefalse, N_(truefalse) },
};

/* ---- output buffer ---------------------------------------------------- */

static char obuf[1 << 16];
static size_t olen;

static void out_flush(void)
{
    if (olen && fwrite(obuf, 1, olen, stdout) != olen) {
        perror("gen-configs: write");
        exit(2);
    }
    olen = 0;
}

static void out_s(const char *s)
{
    size_t n = strlen(s);
    if (olen + n > sizeof obuf)
        out_flush();
    memcpy(obuf + olen, s, n);
    olen += n;
}

/* one line is assembled as a list of words, then printed */
#define MAXW 64
static const char *word[MAXW][3];   /* up to three pieces per word */
static int nword;

static void add_word(const char *a, const char *b, const char *c)
{
    word[nword][0] = a;
    word[nword][1] = b;
    word[nword][2] = c;
    nword++;
}

static const char *pick(rng *r, const char *const *v, unsigned n)
{
    return v[rng_below(r, n)];
}

static void gen_line(rng *r, int invalid)
{
    /* front words: env (always first, as a shell prefix), then facts (or at the end) */
    const char *front[8][3];
    int nfront = 0;
    nword = 0;
    for (size_t i = 0; i < N_(envs); i++)
        if (rng_pct(r, envs[i].pct)) {
            front[nfront][0] = envs[i].name;
            front[nfront][1] = "=";
            front[nfront][2] = pick(r, envs[i].vals, envs[i].nvals);
            nfront++;
        }
    int facts_last = rng_pct(r, 50);
    const char *fw[4][3];
    int nfw = 0;
    for (size_t i = 0; i < N_(facts); i++)
        if (rng_pct(r, facts[i].pct)) {
            fw[nfw][0] = facts[i].name;
            fw[nfw][1] = "=";
            fw[nfw][2] = pick(r, facts[i].vals, facts[i].nvals);
            nfw++;
        }

    /* flags, in a random order */
    unsigned order[NFLAGS];
    for (unsigned i = 0; i < NFLAGS; i++)
        order[i] = i;
    for (unsigned i = NFLAGS - 1; i > 0; i--) {
        unsigned j = rng_below(r, i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    const char *tp = NULL;
    static char qbuf[MAXW][64];
    for (unsigned oi = 0; oi < NFLAGS; oi++) {
        unsigned fi = order[oi];
        const struct flag *f = &flags[fi];
        int given = rng_pct(r, f->pct);
        if (!given)
            continue;
        unsigned nsp = f->cli[2] ? 3 : f->cli[1] ? 2 : 1;
        const char *sp = f->cli[rng_pct(r, 80) ? 0 : rng_below(r, nsp)];
        if (f->kind == K_BOOL) {
            add_word(sp, NULL, NULL);
            continue;
        }
        const char *v;
        if (fi == F_A2A) {
            unsigned tot = 0, x;
            for (size_t i = 0; i < N_(a2a_w); i++)
                tot += a2a_w[i];
            x = rng_below(r, tot);
            size_t i = 0;
            while (x >= a2a_w[i])
                x -= a2a_w[i++];
            v = a2a[i];
        } else if (fi == F_RUNNER && rng_pct(r, 40)) {
            v = pick(r, hot_runners, N_(hot_runners));
        } else if (fi == F_DP && tp && rng_pct(r, 50)) {
            v = tp;   /* dp_size == tp_size is what flashinfer needs */
        } else {
            v = pick(r, f->vals, f->nvals);
        }
        if (fi == F_TP)
            tp = v;
        if (f->kind == K_STR && rng_pct(r, 20)) {
            char q = rng_pct(r, 50) ? '\'' : '"';
            snprintf(qbuf[nword], sizeof qbuf[nword], "%c%s%c", q, v, q);
            v = qbuf[nword];
        }
        if (rng_pct(r, 15))
            add_word(sp, "=", v);
        else {
            add_word(sp, NULL, NULL);
            add_word(v, NULL, NULL);
        }
    }

    if (invalid) {
        /* one unambiguous defect, at the end of the line */
        switch (rng_below(r, 4)) {
        case 0: add_word("--tp-sise", NULL, NULL); add_word("8", NULL, NULL); break;
        case 1: add_word("--deepep-mode-x", "=", "normal"); break;
        case 2: add_word("--moe-a2a-backend", NULL, NULL); add_word("pplx2", NULL, NULL); break;
        case 3: add_word("--ep-size", "=", "eight"); break;
        }
        if (rng_pct(r, 30)) {
            nword = 0;   /* a flag missing its argument, alone */
            add_word(rng_pct(r, 50) ? "--deepep-mode" : "--chunked-prefill-size", NULL, NULL);
        }
    }

    int first = 1;
#define SEP() do { if (!first) out_s(" "); first = 0; } while (0)
    for (int i = 0; i < nfront; i++) {
        SEP();
        out_s(front[i][0]); out_s(front[i][1]); out_s(front[i][2]);
    }
    if (!facts_last)
        for (int i = 0; i < nfw; i++) {
            SEP();
            out_s(fw[i][0]); out_s(fw[i][1]); out_s(fw[i][2]);
        }
    int defect_at_end = invalid;
    int body_end = nword;
    /* facts go before a trailing "missing argument" flag so it stays last */
    for (int i = 0; i < body_end; i++) {
        SEP();
        for (int k = 0; k < 3; k++)
            if (word[i][k])
                out_s(word[i][k]);
    }
    if (facts_last && !defect_at_end)
        for (int i = 0; i < nfw; i++) {
            SEP();
            out_s(fw[i][0]); out_s(fw[i][1]); out_s(fw[i][2]);
        }
    out_s("\n");
#undef SEP
}

int main(int argc, char **argv)
{
    unsigned long long n = 1000, seed = 20240607;
    unsigned invalid_pct = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-n") && i + 1 < argc)
            n = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "-s") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--invalid-pct") && i + 1 < argc)
            invalid_pct = (unsigned)strtoul(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "usage: gen-configs [-n N] [-s SEED] [--invalid-pct P]\n");
            return 2;
        }
    }
    rng r = { seed };
    for (unsigned long long i = 0; i < n; i++)
        gen_line(&r, rng_pct(&r, invalid_pct));
    out_flush();
    if (fflush(stdout) != 0) {
        perror("gen-configs: write");
        return 2;
    }
    return 0;
}
