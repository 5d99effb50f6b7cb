/* sglang.c — the shipped SGLang rule set (rules.d/sglang/10-a2a-moe.rules,
 * SGLang's _handle_a2a_moe R1-R31) as straight-line, hand-written C: the
 * limit for an engine that evaluates rules one by one.
 *
 *   sglang-c < configs        one config per line (see sglang-config.h)
 *
 * Prints flagrule's compact line per config (`check --format compact`):
 * STATUS TAB ERRORS TAB DECLARED, with all errors in rule order and the
 * declared keys of the fixed point in key order.  The resolution below is
 * the fixed point of the rule file worked out by hand: moe_a2a_backend
 * depends only on inputs (R1, R19); every other declaration depends on the
 * resolved backend and on inputs; the checks read the resolved state.
 * Warnings and infos are not part of the compact line and are not computed.
 */
#include <stdio.h>
#include <stdlib.h>

#include "sglang-config.h"

static char obuf[1 << 16];
static size_t olen;

static void flush_out(void)
{
    if (olen && fwrite(obuf, 1, olen, stdout) != olen)
        exit(2);
    olen = 0;
}

static inline void put(const char *s, size_t n)
{
    if (olen + n > sizeof obuf)
        flush_out();
    memcpy(obuf + olen, s, n);
    olen += n;
}
#define PUTS(lit) put(lit, sizeof lit - 1)

static inline void put_cstr(const char *s)
{
    put(s, strlen(s));
}

static void put_i64(int64_t v)
{
    char b[24];
    int n = 0;
    uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    do
        b[23 - n++] = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0)
        b[23 - n++] = '-';
    put(b + 24 - n, (size_t)n);
}

/* the instance connector: re.match(r"(.+)://(.*)") has scheme "instance",
 * i.e. the path starts with "instance://" and no "://" follows */
static inline bool is_instance(const struct sg_str *p)
{
    if (p->null || p->n < 11 || memcmp(p->s, "instance://", 11))
        return false;
    for (size_t i = 11; i + 3 <= p->n; i++)
        if (p->s[i] == ':' && p->s[i + 1] == '/' && p->s[i + 2] == '/')
            return false;
    return true;
}

static inline bool arch_validated(const struct sg_str *a)
{
    if (a->null)
        return false;
    return (a->n == 21 && (!memcmp(a->s, "DeepseekV3ForCausalLM", 21) ||
                           !memcmp(a->s, "DeepseekV4ForCausalLM", 21))) ||
           (a->n == 19 && !memcmp(a->s, "Qwen3MoeForCausalLM", 19));
}

static void eval_line(const char *line, size_t len, char *scratch)
{
    struct sg_cfg c;
    if (sg_parse(line, len, &c, scratch) != 0) {
        PUTS("invalid\t-\t-\n");
        return;
    }

    /* ---- resolution -------------------------------------------------- */
    int a2a = c.a2a;
    bool d_a2a = false;
    if (c.waterfill && c.a2a != A2A_DEEPEP && c.a2a != A2A_MEGAMOE)         /* R1 */
        a2a = A2A_DEEPEP, d_a2a = true;
    else if (!c.waterfill && (c.a2a == A2A_ASCEND_TP || (c.a2a == A2A_NONE && c.is_npu)))
        a2a = A2A_NONE, d_a2a = true;                                       /* R19 */

    bool spanning = a2a != A2A_NONE && a2a != A2A_ASCEND_TP;                /* R2 */
    int64_t ep = spanning ? c.tp : c.ep;

    bool dsf = c.dsf, d_dsf = false;                                        /* R3-R5 */
    if ((a2a == A2A_DEEPEP || a2a == A2A_MEGAMOE) && c.waterfill && c.dsf)
        dsf = false, d_dsf = true;
    else if (a2a == A2A_FLASHINFER || a2a == A2A_DEEPEP_V2)
        dsf = true, d_dsf = true;

    bool esf = c.waterfill ? true : c.esf;                                  /* R6 */

    int runner = c.runner;                                                  /* R14, R30 */
    bool d_runner = (a2a == A2A_DEEPEP_V2 || a2a == A2A_PPLX) && c.runner == RUN_AUTO;
    if (d_runner)
        runner = RUN_DEEP_GEMM;

    int mode = c.mode;                                                      /* R7, R24, R27 */
    bool d_mode = false;
    if (c.mode == MODE_AUTO) {
        if (a2a == A2A_DEEPEP && runner == RUN_FLASHINFER_CUTEDSL)
            mode = MODE_LOW_LATENCY, d_mode = true;
        else if (a2a == A2A_MORI)
            mode = MODE_NORMAL, d_mode = true;
        else if (a2a == A2A_PPLX)
            mode = MODE_LOW_LATENCY, d_mode = true;
    }

    bool d_cgd = a2a == A2A_DEEPEP && c.mode == MODE_NORMAL;                /* R9 */
    bool d_cgp = d_cgd || a2a == A2A_DEEPEP_V2;                             /* R9, R18 */
    bool d_nccl = a2a == A2A_DEEPEP_V2 && c.nccl_env.null;                  /* R13 */
    bool d_nvfp4 = a2a == A2A_FLASHINFER && c.nvfp4_env.null &&             /* R22 */
                   (c.quant == Q_MODELOPT_FP4 || c.nvfp4_meta);

    /* ---- checks, in rule order ------------------------------------------- */
    const char *err[16];
    int ne = 0;
    if (a2a == A2A_DEEPEP && runner == RUN_FLASHINFER_CUTEDSL && mode == MODE_NORMAL)
        err[ne++] = "deepep-cutedsl-normal-mode";
    if (a2a == A2A_DEEPEP_V2) {
        bool inst = is_instance(&c.model_path);
        if (inst)
            err[ne++] = "deepep-v2-instance-connector";
        if (!inst && !arch_validated(&c.arch))
            err[ne++] = "deepep-v2-architecture";
        if (c.det)
            err[ne++] = "deepep-v2-deterministic";
        if (runner != RUN_DEEP_GEMM)
            err[ne++] = "deepep-v2-runner";
        if (c.tbo || c.sbo)
            err[ne++] = "deepep-v2-overlap";
        if (esf)
            err[ne++] = "deepep-v2-shared-experts-fusion";
    }
    if (a2a == A2A_FLASHINFER) {
        if (!(c.dpa && c.dp == c.tp))
            err[ne++] = "flashinfer-dp-attention";
        if (runner != RUN_FLASHINFER_CUTLASS && runner != RUN_FLASHINFER_CUTEDSL &&
            runner != RUN_FLASHINFER_TRTLLM_ROUTED)
            err[ne++] = "flashinfer-runner";
    }
    if (a2a == A2A_MORI && c.cps > 0 && c.disagg != DIS_DECODE && !(c.cps <= c.mori_tok))
        err[ne++] = "mori-dispatch-budget";
    if (a2a == A2A_PPLX) {
        if (mode == MODE_NORMAL)
            err[ne++] = "pplx-normal-mode";
        if (!(c.dpa && c.dp >= 2))
            err[ne++] = "pplx-dp-attention";
        if (c.runner != RUN_DEEP_GEMM && c.runner != RUN_AUTO)
            err[ne++] = "pplx-runner";
        if (c.cps > 0 && c.disagg != DIS_DECODE &&
            !(c.cps <= c.pplx_tok && (c.cgmbd_null || c.cgmbd <= c.pplx_tok)))
            err[ne++] = "pplx-dispatch-budget";
    }

    /* ---- the compact line --------------------------------------------------- */
    if (ne) {
        PUTS("error\t");
        for (int i = 0; i < ne; i++) {
            if (i)
                PUTS(",");
            put_cstr(err[i]);
        }
    } else
        PUTS("ok\t-");
    PUTS("\t");
    size_t mark = olen;
    bool any = false;
#define SEP() do { if (any) PUTS(" "); any = true; } while (0)
    if (d_a2a) { SEP(); PUTS("moe_a2a_backend="); put_cstr(sg_a2a_names[a2a]); }
    if (d_dsf) { SEP(); if (dsf) PUTS("disable_shared_experts_fusion=true"); else PUTS("disable_shared_experts_fusion=false"); }
    if (c.waterfill) { SEP(); PUTS("enforce_shared_experts_fusion=true"); }
    if (spanning) { SEP(); PUTS("ep_size="); put_i64(ep); }
    if (d_runner) { SEP(); PUTS("moe_runner_backend=deep_gemm"); }
    if (d_mode) { SEP(); PUTS("deepep_mode="); put_cstr(sg_mode_names[mode]); }
    if (d_cgd) { SEP(); PUTS("cuda_graph_decode_backend=disabled"); }
    if (d_cgp) { SEP(); PUTS("cuda_graph_prefill_backend=disabled"); }
    if (d_nvfp4) { SEP(); PUTS("SGLANG_MOE_NVFP4_DISPATCH=True"); }
    if (d_nccl) { SEP(); PUTS("NCCL_CUMEM_ENABLE=1"); }
#undef SEP
    (void)mark;
    if (!any)
        PUTS("-");
    PUTS("\n");
}

int main(void)
{
    sg_init();
    size_t cap = 1 << 20, len = 0;
    char *buf = malloc(cap), *scratch = malloc(cap + 1);
    if (!buf || !scratch)
        return 2;
    for (;;) {
        size_t n = fread(buf + len, 1, cap - len, stdin);
        len += n;
        char *s = buf, *e = buf + len, *nl;
        while ((nl = memchr(s, '\n', (size_t)(e - s)))) {
            eval_line(s, (size_t)(nl - s), scratch);
            s = nl + 1;
        }
        len = (size_t)(e - s);
        memmove(buf, s, len);
        if (n == 0) {
            if (len)
                eval_line(buf, len, scratch);
            break;
        }
        if (len == cap) {
            cap *= 2;
            if (!(buf = realloc(buf, cap)) || !(scratch = realloc(scratch, cap + 1)))
                return 2;
        }
    }
    flush_out();
    return fflush(stdout) ? 2 : 0;
}
