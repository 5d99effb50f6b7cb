/* sglang-config.h — reading one SGLang config line for the C references
 * (ref/sglang.c, ref/sglang-clips.c).  Header-only, hand-written.
 *
 * A line is a shell command line: words split on blanks, '...' and "..."
 * quoting and backslash escapes honoured.  Words are `--flag VALUE`,
 * `--flag=VALUE`, a bare `--bool-flag` (true), and `NAME=VALUE` for the env
 * and fact keys of rules.d/sglang/00-flags.rules.  It handles exactly what
 * bench/gen-configs writes, the way `flagrule check` reads it: an unknown
 * flag, an enum value outside the choices, a bad integer or a flag missing
 * its argument makes the config invalid; for a nullable enum the word `null`
 * is null.  (Leading program words, `--bool=true` and the like are not
 * generated, so they are not handled.)
 */
#ifndef BENCH_SGLANG_CONFIG_H
#define BENCH_SGLANG_CONFIG_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* ---- enums (values in 00-flags.rules order) ------------------------------ */

enum { A2A_NONE, A2A_DEEPEP, A2A_MOONCAKE, A2A_NIXL, A2A_MORI, A2A_ASCEND_FUSEEP,
       A2A_FLASHINFER, A2A_MEGAMOE, A2A_DEEPEP_V2, A2A_PPLX, A2A_ASCEND_TP, A2A_N };
static const char *const sg_a2a_names[] = {
    "none", "deepep", "mooncake", "nixl", "mori", "ascend_fuseep", "flashinfer",
    "megamoe", "deepep_v2", "pplx", "ascend_tp",
};
enum { RUN_AUTO, RUN_DEEP_GEMM, RUN_TRITON, RUN_TRITON_KERNEL, RUN_FLASHINFER_TRTLLM,
       RUN_EXPERIMENTAL_SGL_TRTLLM, RUN_FLASHINFER_TRTLLM_ROUTED, RUN_FLASHINFER_CUTLASS,
       RUN_FLASHINFER_MXFP4, RUN_FLASHINFER_CUTEDSL, RUN_CUTLASS, RUN_AITER, RUN_MARLIN,
       RUN_HUMMING, RUN_EXPERIMENTAL_SGL_MARLIN, RUN_HPC_OPS, RUN_MEGAMOE, RUN_N };
static const char *const sg_runner_names[] = {
    "auto", "deep_gemm", "triton", "triton_kernel", "flashinfer_trtllm",
    "experimental_sgl_trtllm", "flashinfer_trtllm_routed", "flashinfer_cutlass",
    "flashinfer_mxfp4", "flashinfer_cutedsl", "cutlass", "aiter", "marlin", "humming",
    "experimental_sgl_marlin", "hpc_ops", "megamoe",
};
enum { MODE_AUTO, MODE_NORMAL, MODE_LOW_LATENCY, MODE_N };
static const char *const sg_mode_names[] = { "auto", "normal", "low_latency" };
static const char *const sg_v2mode_names[] = { "direct", "hybrid" };
enum { Q_MODELOPT_FP4 = 11, Q_N = 32 };
static const char *const sg_quant_names[] = {
    "awq", "fp8", "mxfp8", "gptq", "marlin", "gptq_marlin", "awq_marlin", "bitsandbytes",
    "gguf", "modelopt", "modelopt_fp8", "modelopt_fp4", "nvfp4_online", "modelopt_mixed",
    "petit_nvfp4", "w8a8_int8", "w8a8_fp8", "moe_wna16", "w4afp8", "mxfp4", "auto-round",
    "auto-round-int8", "compressed-tensors", "modelslim", "mxfp_w4a8", "quark",
    "quark_int4fp8_moe", "quark_mxfp4", "mlx_q4", "mlx_q8", "unquant", "humming",
};
enum { DIS_PREFILL, DIS_DECODE };
static const char *const sg_disagg_names[] = { "prefill", "decode" };
enum { CG_FULL, CG_BREAKABLE, CG_TC_PIECEWISE, CG_DISABLED };
static const char *const sg_cg_names[] = { "full", "breakable", "tc_piecewise", "disabled" };

#define SG_NULL (-1)   /* a nullable enum's null */

/* ---- the input values ------------------------------------------------------- */

struct sg_str { const char *s; size_t n; bool null; };

struct sg_cfg {
    int a2a, runner, mode, v2mode, quant, disagg, cgd, cgp;
    bool waterfill, dsf, esf, dpa, det, tbo, sbo;
    int64_t tp, ep, dp, cps, cgmbd;
    bool cgmbd_null;
    struct sg_str model_path, arch, nvfp4_env, nccl_env;
    bool nvfp4_meta, is_npu;
    int64_t mori_tok, pplx_tok;
};

static inline void sg_defaults(struct sg_cfg *c)
{
    memset(c, 0, sizeof *c);
    c->a2a = A2A_NONE;
    c->runner = RUN_AUTO;
    c->mode = MODE_AUTO;
    c->quant = SG_NULL;
    c->disagg = SG_NULL;
    c->cgd = CG_FULL;
    c->cgp = CG_BREAKABLE;
    c->tp = c->ep = c->dp = 1;
    c->cps = 8192;
    c->cgmbd_null = true;
    c->model_path.null = c->arch.null = c->nvfp4_env.null = c->nccl_env.null = true;
    c->mori_tok = 4096;
    c->pplx_tok = 128;
}

/* ---- a tiny string table: FNV-1a, open addressing ---------------------------- */

struct sg_ent { const char *s; uint8_t n; int16_t id; };
#define SG_TAB 128
struct sg_tab { struct sg_ent e[SG_TAB]; };

static inline uint32_t sg_hash(const char *s, size_t n)
{
    /* cheap: the length and three bytes; collisions are resolved by memcmp */
    uint32_t h = (uint32_t)n * 0x9E3779B1u;
    if (n)
        h ^= (unsigned char)s[n - 1] * 0x85EBCA6Bu ^ (unsigned char)s[n / 2] * 0xC2B2AE35u ^
             (unsigned char)s[n > 2 ? 2 : 0] * 0x27D4EB2Fu;
    return h ^ (h >> 15);
}

static inline void sg_tab_add(struct sg_tab *t, const char *s, int id)
{
    size_t n = strlen(s);
    uint32_t h = sg_hash(s, n) & (SG_TAB - 1);
    while (t->e[h].s)
        h = (h + 1) & (SG_TAB - 1);
    t->e[h].s = s;
    t->e[h].n = (uint8_t)n;
    t->e[h].id = (int16_t)id;
}

static inline int sg_tab_find(const struct sg_tab *t, const char *s, size_t n)
{
    uint32_t h = sg_hash(s, n) & (SG_TAB - 1);
    for (;;) {
        const struct sg_ent *e = &t->e[h];
        if (!e->s)
            return -1;
        if (e->n == n && !memcmp(e->s, s, n))
            return e->id;
        h = (h + 1) & (SG_TAB - 1);
    }
}

/* keys */
enum { K_A2A, K_WATERFILL, K_DSF, K_ESF, K_TP, K_EP, K_DP, K_DPA, K_RUNNER, K_MODE, K_V2MODE,
       K_DET, K_TBO, K_SBO, K_MODEL_PATH, K_QUANT, K_CPS, K_DISAGG, K_CGMBD, K_CGD, K_CGP,
       /* NAME=VALUE words */
       K_ARCH, K_NVFP4_META, K_IS_NPU, K_MORI_TOK, K_PPLX_TOK, K_NVFP4_ENV, K_NCCL_ENV };

static struct sg_tab sg_flags, sg_words, sg_vals[K_CGP + 1];

static inline void sg_init(void)
{
    static const struct { const char *s; int id; } fl[] = {
        { "--moe-a2a-backend", K_A2A }, { "--enable-waterfill", K_WATERFILL },
        { "--disable-shared-experts-fusion", K_DSF }, { "--enforce-shared-experts-fusion", K_ESF },
        { "--tp-size", K_TP }, { "--tensor-parallel-size", K_TP },
        { "--ep-size", K_EP }, { "--expert-parallel-size", K_EP }, { "--ep", K_EP },
        { "--dp-size", K_DP }, { "--data-parallel-size", K_DP },
        { "--enable-dp-attention", K_DPA }, { "--moe-runner-backend", K_RUNNER },
        { "--deepep-mode", K_MODE }, { "--deepep-v2-mode", K_V2MODE },
        { "--enable-deterministic-inference", K_DET }, { "--enable-two-batch-overlap", K_TBO },
        { "--enable-single-batch-overlap", K_SBO },
        { "--model-path", K_MODEL_PATH }, { "--model", K_MODEL_PATH },
        { "--quantization", K_QUANT }, { "--chunked-prefill-size", K_CPS },
        { "--disaggregation-mode", K_DISAGG },
        { "--cuda-graph-max-bs-decode", K_CGMBD }, { "--cuda-graph-max-bs", K_CGMBD },
        { "--cuda-graph-backend-decode", K_CGD },
        { "--cuda-graph-backend-prefill", K_CGP },
    };
    static const struct { const char *s; int id; } wd[] = {
        { "model_architecture", K_ARCH }, { "model_nvfp4_moe_meta", K_NVFP4_META },
        { "is_npu", K_IS_NPU },
        { "SGLANG_MORI_NUM_MAX_DISPATCH_TOKENS_PER_RANK", K_MORI_TOK },
        { "SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK", K_PPLX_TOK },
        { "SGLANG_MOE_NVFP4_DISPATCH", K_NVFP4_ENV }, { "NCCL_CUMEM_ENABLE", K_NCCL_ENV },
    };
    for (size_t i = 0; i < sizeof fl / sizeof fl[0]; i++)
        sg_tab_add(&sg_flags, fl[i].s, fl[i].id);
    for (size_t i = 0; i < sizeof wd / sizeof wd[0]; i++)
        sg_tab_add(&sg_words, wd[i].s, wd[i].id);
#define ADDV(k, names) \
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) sg_tab_add(&sg_vals[k], names[i], (int)i)
    ADDV(K_A2A, sg_a2a_names);
    ADDV(K_RUNNER, sg_runner_names);
    ADDV(K_MODE, sg_mode_names);
    ADDV(K_V2MODE, sg_v2mode_names);
    ADDV(K_QUANT, sg_quant_names);
    ADDV(K_DISAGG, sg_disagg_names);
    ADDV(K_CGD, sg_cg_names);
    ADDV(K_CGP, sg_cg_names);
#undef ADDV
    sg_tab_add(&sg_vals[K_QUANT], "null", SG_NULL);
    sg_tab_add(&sg_vals[K_DISAGG], "null", SG_NULL);
}

static inline bool sg_int(const char *s, size_t n, int64_t *out)
{
    size_t i = 0;
    bool neg = false;
    uint64_t v = 0;
    if (n && s[0] == '-')
        neg = true, i = 1;
    if (i == n)
        return false;
    for (; i < n; i++) {
        if (s[i] < '0' || s[i] > '9' || v > (UINT64_MAX - 9) / 10)
            return false;
        v = v * 10 + (uint64_t)(s[i] - '0');
    }
    if (v > (uint64_t)INT64_MAX + neg)
        return false;
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return true;
}

/* Word iterator over one line: words split on blanks, quotes and backslashes
 * removed.  A word without quotes or backslashes points into the line (no
 * copy); one with them is unquoted into `scratch` (at least the line's
 * length).  Words are not NUL-terminated. */
struct sg_words { const char *p, *end; char *scratch; };

/* byte classes: 1 blank, 2 quote or backslash */
static const unsigned char sg_cls[256] = {
    [' '] = 1, ['\t'] = 1, ['\r'] = 1, ['\''] = 2, ['"'] = 2, ['\\'] = 2,
};

static inline bool sg_next(struct sg_words *it, const char **w, size_t *wn)
{
    const char *p = it->p, *end = it->end;
    while (p < end && sg_cls[(unsigned char)*p] == 1)
        p++;
    if (p >= end) {
        it->p = p;
        return false;
    }
    const char *start = p;
    while (p < end && !sg_cls[(unsigned char)*p])
        p++;
    if (p == end || sg_cls[(unsigned char)*p] == 1) {   /* plain word */
        *w = start;
        *wn = (size_t)(p - start);
        it->p = p;
        return true;
    }
    /* slow path: unquote into scratch */
    char *o = it->scratch, *o0 = o;
    memcpy(o, start, (size_t)(p - start));
    o += p - start;
    while (p < end && sg_cls[(unsigned char)*p] != 1) {
        char c = *p++;
        if (c == '\'') {
            while (p < end && *p != '\'')
                *o++ = *p++;
            p++;
        } else if (c == '"') {
            while (p < end && *p != '"') {
                if (*p == '\\' && p + 1 < end &&
                    (p[1] == '"' || p[1] == '\\' || p[1] == '$' || p[1] == '`'))
                    p++;
                *o++ = *p++;
            }
            p++;
        } else if (c == '\\' && p < end)
            *o++ = *p++;
        else
            *o++ = c;
    }
    it->scratch = o;
    *w = o0;
    *wn = (size_t)(o - o0);
    it->p = p;
    return true;
}

/* Reads one config line into *c.  Returns 0, or -1 if the config is invalid. */
static inline int sg_parse(const char *line, size_t len, struct sg_cfg *c, char *scratch)
{
    struct sg_words it = { line, line + len, scratch };
    const char *s;
    size_t n;
    sg_defaults(c);
    while (sg_next(&it, &s, &n)) {
        const char *v = NULL;
        size_t vn = 0;
        int k;
        if (n > 2 && s[0] == '-' && s[1] == '-') {
            const char *eq = memchr(s, '=', n);
            if (eq) {
                v = eq + 1;
                vn = n - (size_t)(v - s);
                n = (size_t)(eq - s);
            }
            k = sg_tab_find(&sg_flags, s, n);
            if (k < 0)
                return -1;
            switch (k) {
            case K_WATERFILL: case K_DSF: case K_ESF: case K_DPA: case K_DET: case K_TBO: case K_SBO:
                if (v)
                    return -1;   /* not generated */
                switch (k) {
                case K_WATERFILL: c->waterfill = true; break;
                case K_DSF: c->dsf = true; break;
                case K_ESF: c->esf = true; break;
                case K_DPA: c->dpa = true; break;
                case K_DET: c->det = true; break;
                case K_TBO: c->tbo = true; break;
                default: c->sbo = true; break;
                }
                continue;
            }
            if (!v && !sg_next(&it, &v, &vn))
                return -1;              /* missing argument */
            int64_t x;
            int e;
            switch (k) {
            case K_TP: case K_EP: case K_DP: case K_CPS: case K_CGMBD:
                if (!sg_int(v, vn, &x))
                    return -1;
                if (k == K_TP) c->tp = x;
                else if (k == K_EP) c->ep = x;
                else if (k == K_DP) c->dp = x;
                else if (k == K_CPS) c->cps = x;
                else c->cgmbd = x, c->cgmbd_null = false;
                break;
            case K_MODEL_PATH:
                c->model_path.s = v;
                c->model_path.n = vn;
                c->model_path.null = false;
                break;
            default:
                e = sg_tab_find(&sg_vals[k], v, vn);
                if (e == -1 && !(vn == 4 && !memcmp(v, "null", 4) && (k == K_QUANT || k == K_DISAGG)))
                    return -1;
                switch (k) {
                case K_A2A: c->a2a = e; break;
                case K_RUNNER: c->runner = e; break;
                case K_MODE: c->mode = e; break;
                case K_V2MODE: c->v2mode = e; break;
                case K_QUANT: c->quant = e; break;
                case K_DISAGG: c->disagg = e; break;
                case K_CGD: c->cgd = e; break;
                default: c->cgp = e; break;
                }
            }
            continue;
        }
        const char *eq = memchr(s, '=', n);
        if (!eq)
            return -1;   /* not generated */
        k = sg_tab_find(&sg_words, s, (size_t)(eq - s));
        if (k < 0)
            return -1;
        v = eq + 1;
        vn = n - (size_t)(v - s);
        switch (k) {
        case K_ARCH:      c->arch = (struct sg_str){ v, vn, false }; break;
        case K_NVFP4_ENV: c->nvfp4_env = (struct sg_str){ v, vn, false }; break;
        case K_NCCL_ENV:  c->nccl_env = (struct sg_str){ v, vn, false }; break;
        case K_NVFP4_META: case K_IS_NPU: {
            bool b;
            if (vn == 4 && !memcmp(v, "true", 4))
                b = true;
            else if (vn == 5 && !memcmp(v, "false", 5))
                b = false;
            else
                return -1;
            if (k == K_IS_NPU)
                c->is_npu = b;
            else
                c->nvfp4_meta = b;
            break;
        }
        default: {
            int64_t x;
            if (!sg_int(v, vn, &x))
                return -1;
            if (k == K_MORI_TOK)
                c->mori_tok = x;
            else
                c->pplx_tok = x;
        }
        }
    }
    return 0;
}

#endif
