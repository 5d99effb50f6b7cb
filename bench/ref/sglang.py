#!/usr/bin/env python3
"""sglang.py -- the SGLang MoE all-to-all validation in SGLang's own style.

The status quo that flagrule replaces: a ``ServerArgs`` dataclass filled by
argparse, a declaration stash read through a live "resolving view", three
override passes, and ``_handle_a2a_moe`` written the way SGLang writes it
(sgl-project/sglang ``python/sglang/srt/server_args.py`` @001067ff and
``arg_groups/overrides.py``; rules R1-R31 of
/work/shared/sglang/a2a-moe-rules.md).

Two deliberate differences from SGLang, so that the output can be compared
byte for byte with ``flagrule check --format compact``:

* every error is recorded (``self._fail``) and the method goes on, where
  SGLang raises (or asserts) at the first one; the error names are
  flagrule's rule names (rules.d/sglang/10-a2a-moe.rules), in rule order;
* the inputs that SGLang computes in earlier handlers or probes from the
  model and the machine are read from the config line, as flagrule reads
  them (rules.d/sglang/00-flags.rules): ``NAME=VALUE`` words for the env
  variables and for the facts ``model_architecture``,
  ``model_nvfp4_moe_meta`` and ``is_npu``.

Usage: sglang.py < configs    (one shell-style config per line; one compact
line out per config: STATUS TAB ERRORS TAB DECLARED)
"""

import argparse
import dataclasses
import logging
import re
import shlex
import sys
from typing import Dict, List, Optional, Tuple

logger = logging.getLogger("sglang.srt.server_args")
logger.setLevel(logging.CRITICAL)   # SGLang logs W*/I* here; the benchmark does not print them

MOE_A2A_BACKEND_CHOICES = [
    "none", "deepep", "mooncake", "nixl", "mori", "ascend_fuseep", "flashinfer",
    "megamoe", "deepep_v2", "pplx", "ascend_tp",
]
MOE_RUNNER_BACKEND_CHOICES = [
    "auto", "deep_gemm", "triton", "triton_kernel", "flashinfer_trtllm",
    "experimental_sgl_trtllm", "flashinfer_trtllm_routed", "flashinfer_cutlass",
    "flashinfer_mxfp4", "flashinfer_cutedsl", "cutlass", "aiter", "marlin", "humming",
    "experimental_sgl_marlin", "hpc_ops", "megamoe",
]
QUANTIZATION_CHOICES = [
    "awq", "fp8", "mxfp8", "gptq", "marlin", "gptq_marlin", "awq_marlin", "bitsandbytes",
    "gguf", "modelopt", "modelopt_fp8", "modelopt_fp4", "nvfp4_online", "modelopt_mixed",
    "petit_nvfp4", "w8a8_int8", "w8a8_fp8", "moe_wna16", "w4afp8", "mxfp4", "auto-round",
    "auto-round-int8", "compressed-tensors", "modelslim", "mxfp_w4a8", "quark",
    "quark_int4fp8_moe", "quark_mxfp4", "mlx_q4", "mlx_q8", "unquant", "humming",
]
CUDA_GRAPH_BACKEND_CHOICES = ["full", "breakable", "tc_piecewise", "disabled"]

_A2A_EP_SPANNING_BACKENDS = (
    "megamoe", "deepep", "deepep_v2", "mooncake", "nixl", "ascend_fuseep",
    "flashinfer", "mori", "pplx",
)
_DEEPEP_V2_VALIDATED_ARCHITECTURES = frozenset(
    {"DeepseekV3ForCausalLM", "DeepseekV4ForCausalLM", "Qwen3MoeForCausalLM"}
)


class Backend:
    FULL = "full"
    BREAKABLE = "breakable"
    TC_PIECEWISE = "tc_piecewise"
    DISABLED = "disabled"


class ConnectorType:
    INSTANCE = "instance"


def parse_connector_type(url: Optional[str]) -> Optional[str]:
    if url is None:
        return None
    m = re.match(r"(.+)://(.*)", url)
    if m is None:
        return None
    return m.group(1)


# ---------------------------------------------------------------------------
# environ.py: EnvField over a per-config environment
# ---------------------------------------------------------------------------

class EnvField:
    def __init__(self, name: str, default, kind):
        self.name = name
        self.default = default
        self.kind = kind
        self.environ: Dict[str, str] = {}

    def is_set(self) -> bool:
        return self.name in self.environ

    def get(self):
        value = self.environ.get(self.name)
        if value is None:
            return self.default
        try:
            return self.kind(value)
        except ValueError:
            return self.default

    def set(self, value) -> None:
        self.environ[self.name] = str(value)


class Envs:
    def __init__(self):
        self.environ: Dict[str, str] = {}
        self.SGLANG_MORI_NUM_MAX_DISPATCH_TOKENS_PER_RANK = EnvField(
            "SGLANG_MORI_NUM_MAX_DISPATCH_TOKENS_PER_RANK", 4096, int)
        self.SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK = EnvField(
            "SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK", 128, int)
        self.SGLANG_MOE_NVFP4_DISPATCH = EnvField("SGLANG_MOE_NVFP4_DISPATCH", False, bool)

    def bind(self, environ: Dict[str, str]) -> None:
        self.environ = environ
        for field in (self.SGLANG_MORI_NUM_MAX_DISPATCH_TOKENS_PER_RANK,
                      self.SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK,
                      self.SGLANG_MOE_NVFP4_DISPATCH):
            field.environ = environ


envs = Envs()
ENV_NAMES = ("SGLANG_MORI_NUM_MAX_DISPATCH_TOKENS_PER_RANK",
             "SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK",
             "SGLANG_MOE_NVFP4_DISPATCH", "NCCL_CUMEM_ENABLE")


# ---------------------------------------------------------------------------
# model_override_base.py: the declaration stash and its views
# ---------------------------------------------------------------------------

class ResolvingConfig:
    """Live view: every read walks the stash, newest first."""

    def __init__(self, args: "ServerArgs"):
        object.__setattr__(self, "_args", args)

    def __getattr__(self, name):
        args = object.__getattribute__(self, "_args")
        for _source, fields in reversed(args._resolved_overrides):
            if name in fields:
                return fields[name]
        return getattr(args, name)


class ResolvedView:
    """Snapshot view: the stash merged at call time, last writer wins."""

    def __init__(self, args: "ServerArgs"):
        merged = {}
        for _source, fields in args._resolved_overrides:
            merged.update(fields)
        object.__setattr__(self, "_merged", merged)
        object.__setattr__(self, "_args", args)

    def __getattr__(self, name):
        merged = object.__getattribute__(self, "_merged")
        if name in merged:
            return merged[name]
        return getattr(object.__getattribute__(self, "_args"), name)


def resolving_view(args: "ServerArgs") -> ResolvingConfig:
    return ResolvingConfig(args)


def resolved_view(args: "ServerArgs") -> ResolvedView:
    return ResolvedView(args)


def declare_resolution(args: "ServerArgs", source: str, **fields) -> None:
    for name in fields:
        if name not in ServerArgs._field_names:
            raise AttributeError(f"{name} is not a ServerArgs field")
    args._resolved_overrides.append((source, dict(fields)))


def run_post_process_pass(args: "ServerArgs", fn) -> None:
    result = fn(ResolvedView(args))
    if result:
        args._resolved_overrides.append((fn.__qualname__, result))


# ---------------------------------------------------------------------------
# overrides.py: the passes _handle_a2a_moe runs first (R1-R5)
# ---------------------------------------------------------------------------

def _a2a_backend_overrides(view) -> dict:
    if view.enable_waterfill and view.moe_a2a_backend not in ("deepep", "megamoe"):
        logger.warning(
            "moe_a2a_backend is overridden to 'deepep' because Waterfill "
            "requires the DeepEP or MegaMOE backend."
        )
        return {"moe_a2a_backend": "deepep"}
    return {}


def _a2a_ep_size(view) -> dict:
    if view.moe_a2a_backend in _A2A_EP_SPANNING_BACKENDS:
        if view.ep_size != view.tp_size:
            logger.info(
                f"{view.moe_a2a_backend} MoE is enabled. The expert parallel size is "
                f"adjusted from {view.ep_size} to the tensor parallel size [{view.tp_size}]."
            )
        return {"ep_size": view.tp_size}
    return {}


def _a2a_fusion_adjustments(view) -> dict:
    if view.moe_a2a_backend in ("deepep", "megamoe") and view.enable_waterfill:
        if view.disable_shared_experts_fusion:
            logger.warning(
                "disable_shared_experts_fusion is overridden to False because "
                "Waterfill requires shared expert fusion."
            )
            return {"disable_shared_experts_fusion": False}
        return {}
    elif view.moe_a2a_backend == "flashinfer":
        logger.warning(
            "Flashinfer MoE A2A is enabled. --disable-shared-experts-fusion "
            "is automatically set."
        )
        return {"disable_shared_experts_fusion": True}
    elif view.moe_a2a_backend == "deepep_v2":
        return {"disable_shared_experts_fusion": True}
    return {}


# ---------------------------------------------------------------------------
# server_args.py
# ---------------------------------------------------------------------------

class ConfigError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise ConfigError(message)


@dataclasses.dataclass
class ServerArgs:
    # Model and tokenizer
    model_path: Optional[str] = None
    # Quantization
    quantization: Optional[str] = None
    # Runtime options
    chunked_prefill_size: int = 8192
    cuda_graph_max_bs_decode: Optional[int] = None
    cuda_graph_decode_backend: str = Backend.FULL
    cuda_graph_prefill_backend: str = Backend.BREAKABLE
    enable_two_batch_overlap: bool = False
    enable_single_batch_overlap: bool = False
    enable_deterministic_inference: bool = False
    # Parallelism
    tp_size: int = 1
    ep_size: int = 1
    dp_size: int = 1
    enable_dp_attention: bool = False
    # Expert parallelism
    moe_a2a_backend: str = "none"
    moe_runner_backend: str = "auto"
    deepep_mode: str = "auto"
    deepep_v2_mode: str = "direct"
    enable_waterfill: bool = False
    disable_shared_experts_fusion: bool = False
    enforce_shared_experts_fusion: bool = False
    # PD disaggregation
    disaggregation_mode: Optional[str] = None
    # Probes of the model and the machine (facts)
    model_architecture: Optional[str] = None
    model_nvfp4_moe_meta: bool = False
    is_npu: bool = False

    def __post_init__(self):
        self._resolved_overrides: List[Tuple[str, dict]] = []
        self._errors: List[str] = []

    @staticmethod
    def add_cli_args(parser: argparse.ArgumentParser):
        parser.add_argument("--model-path", "--model", type=str, dest="model_path",
                            default=ServerArgs.model_path,
                            help="The path of the model weights.")
        parser.add_argument("--quantization", type=str, choices=QUANTIZATION_CHOICES,
                            default=ServerArgs.quantization, help="The quantization method.")
        parser.add_argument("--chunked-prefill-size", type=int,
                            default=ServerArgs.chunked_prefill_size,
                            help="The maximum number of tokens in a chunk for the chunked prefill.")
        parser.add_argument("--cuda-graph-max-bs-decode", "--cuda-graph-max-bs", type=int,
                            dest="cuda_graph_max_bs_decode",
                            default=ServerArgs.cuda_graph_max_bs_decode,
                            help="Maximum batch size captured for the decode cuda graph.")
        parser.add_argument("--cuda-graph-backend-decode",
                            dest="cuda_graph_decode_backend", choices=CUDA_GRAPH_BACKEND_CHOICES,
                            default=ServerArgs.cuda_graph_decode_backend)
        parser.add_argument("--cuda-graph-backend-prefill",
                            dest="cuda_graph_prefill_backend", choices=CUDA_GRAPH_BACKEND_CHOICES,
                            default=ServerArgs.cuda_graph_prefill_backend)
        parser.add_argument("--enable-two-batch-overlap", action="store_true",
                            help="Enabling two micro batches to overlap.")
        parser.add_argument("--enable-single-batch-overlap", action="store_true",
                            help="Let computation and communication overlap within one micro batch.")
        parser.add_argument("--enable-deterministic-inference", action="store_true",
                            help="Enable deterministic inference mode with batch invariant ops.")
        parser.add_argument("--tp-size", "--tensor-parallel-size", type=int, dest="tp_size",
                            default=ServerArgs.tp_size, help="The tensor parallelism size.")
        parser.add_argument("--ep-size", "--expert-parallel-size", "--ep", type=int,
                            dest="ep_size", default=ServerArgs.ep_size,
                            help="The expert parallelism size.")
        parser.add_argument("--dp-size", "--data-parallel-size", type=int, dest="dp_size",
                            default=ServerArgs.dp_size, help="The data parallelism size.")
        parser.add_argument("--enable-dp-attention", action="store_true",
                            help="Enabling data parallelism for attention and tensor "
                                 "parallelism for FFN.")
        parser.add_argument("--moe-a2a-backend", type=str, choices=MOE_A2A_BACKEND_CHOICES,
                            default=ServerArgs.moe_a2a_backend,
                            help="Choose the backend for MoE A2A.")
        parser.add_argument("--moe-runner-backend", type=str, choices=MOE_RUNNER_BACKEND_CHOICES,
                            default=ServerArgs.moe_runner_backend,
                            help="Choose the runner backend for MoE.")
        parser.add_argument("--deepep-mode", type=str, choices=["normal", "low_latency", "auto"],
                            default=ServerArgs.deepep_mode,
                            help="Select the mode when enable DeepEP MoE.")
        parser.add_argument("--deepep-v2-mode", type=str, choices=["direct", "hybrid"],
                            default=ServerArgs.deepep_v2_mode)
        parser.add_argument("--enable-waterfill", action="store_true",
                            help="Enable Waterfill.")
        parser.add_argument("--disable-shared-experts-fusion", action="store_true",
                            help="Disable the built-in shared experts fusion optimization.")
        parser.add_argument("--enforce-shared-experts-fusion", action="store_true",
                            help="Enforce shared experts fusion.")
        parser.add_argument("--disaggregation-mode", type=str,
                            choices=["null", "prefill", "decode"], default="null",
                            help='Only used for PD disaggregation.')

    @classmethod
    def from_cli_args(cls, args: argparse.Namespace, facts: Dict[str, object]):
        attrs = {name: getattr(args, name) for name in cls._cli_names}
        if attrs["disaggregation_mode"] == "null":
            attrs["disaggregation_mode"] = None
        attrs.update(facts)
        return cls(**attrs)

    # -- resolution helpers ------------------------------------------------

    def _declare(self, source: str, **fields) -> None:
        declare_resolution(self, source, **fields)

    def _fail(self, rule: str, message: str) -> None:
        # SGLang: raise ValueError(message) / assert ..., message
        self._errors.append(rule)

    def _validate_deepep_v2_model_architecture(self) -> None:
        if parse_connector_type(resolved_view(self).model_path) == ConnectorType.INSTANCE:
            self._fail(
                "deepep-v2-instance-connector",
                "DeepEP v2 MoE cannot validate a model loaded through an instance "
                "connector. Load it from a model path or use --moe-a2a-backend deepep.",
            )
            return
        architecture = self.model_architecture
        if architecture not in _DEEPEP_V2_VALIDATED_ARCHITECTURES:
            self._fail(
                "deepep-v2-architecture",
                f"DeepEP v2 MoE is not validated for {architecture!r}; supported "
                f"architectures are {sorted(_DEEPEP_V2_VALIDATED_ARCHITECTURES)}. Other "
                "model workflows may require an all-reduce after A2A combine. Use "
                "--moe-a2a-backend deepep.",
            )

    def _required_mori_dispatch_tokens_per_rank(self) -> int:
        return resolving_view(self).chunked_prefill_size

    def _required_pplx_dispatch_tokens_per_rank(self) -> int:
        cfg = resolving_view(self)
        required = cfg.chunked_prefill_size
        if cfg.cuda_graph_max_bs_decode is not None:
            required = max(required, cfg.cuda_graph_max_bs_decode)
        return required

    def _handle_a2a_moe(self):
        run_post_process_pass(self, _a2a_backend_overrides)
        run_post_process_pass(self, _a2a_ep_size)
        run_post_process_pass(self, _a2a_fusion_adjustments)

        cfg = resolving_view(self)
        a2a_backend = resolved_view(self).moe_a2a_backend

        if cfg.enable_waterfill:
            self._declare("_handle_a2a_moe", enforce_shared_experts_fusion=True)
            logger.info(f"Waterfill is enabled with moe_a2a_backend='{a2a_backend}'.")

        if a2a_backend == "deepep":
            if cfg.moe_runner_backend == "flashinfer_cutedsl" and cfg.deepep_mode == "auto":
                self._declare("_handle_a2a_moe", deepep_mode="low_latency")
                logger.warning(
                    "Forcing --deepep-mode low_latency: flashinfer_cutedsl FP4 MoE has no "
                    "DeepEP normal-dispatch handler, so deepep auto mode would crash during "
                    "prefill. low_latency covers both prefill and decode."
                )
            if cfg.moe_runner_backend == "flashinfer_cutedsl" and cfg.deepep_mode == "normal":
                self._fail(
                    "deepep-cutedsl-normal-mode",
                    "flashinfer_cutedsl FP4 MoE only supports DeepEP low_latency dispatch "
                    "(masked layout). DeepEP normal (prefill) dispatch has no CuteDSL FP4 "
                    "handler. Pass --deepep-mode low_latency or auto.",
                )
            if cfg.deepep_mode == "normal":
                logger.warning("Cuda graph is disabled because deepep_mode=`normal`")
                self._declare("_handle_a2a_moe", cuda_graph_decode_backend=Backend.DISABLED)
                self._declare("_handle_a2a_moe", cuda_graph_prefill_backend=Backend.DISABLED)

        if a2a_backend == "deepep_v2":
            self._validate_deepep_v2_model_architecture()
            if resolved_view(self).enable_deterministic_inference:
                self._fail(
                    "deepep-v2-deterministic",
                    "DeepEP v2 does not forward deterministic=True to ElasticBuffer, so "
                    "deterministic sorting remains disabled. Disable "
                    "--enable-deterministic-inference or use --moe-a2a-backend deepep.",
                )
            envs.environ.setdefault("NCCL_CUMEM_ENABLE", "1")
            resolved_runner = resolved_view(self).moe_runner_backend
            if resolved_runner == "auto":
                self._declare("_handle_a2a_moe", moe_runner_backend="deep_gemm")
                logger.warning("DeepEP v2 MoE: resolved --moe-runner-backend auto -> deep_gemm.")
            elif resolved_runner != "deep_gemm":
                self._fail(
                    "deepep-v2-runner",
                    "DeepEP v2 MoE currently supports only --moe-runner-backend deep_gemm. "
                    f"Got {resolved_runner!r}. Add a runner adapter before enabling DeepEP "
                    "v2 with other MoE runners.",
                )
            if cfg.enable_two_batch_overlap or cfg.enable_single_batch_overlap:
                self._fail(
                    "deepep-v2-overlap",
                    "DeepEP v2 MoE has not implemented the TBO/SBO overlap hooks yet. "
                    "Disable --enable-two-batch-overlap and --enable-single-batch-overlap "
                    "when using --moe-a2a-backend deepep_v2.",
                )
            if cfg.enforce_shared_experts_fusion:
                self._fail(
                    "deepep-v2-shared-experts-fusion",
                    "DeepEP v2 MoE has not validated fused shared experts yet. Remove "
                    "--enforce-shared-experts-fusion when using --moe-a2a-backend deepep_v2.",
                )
            self._declare("_handle_a2a_moe", cuda_graph_prefill_backend=Backend.DISABLED)
            logger.warning(
                "DeepEP v2 MoE is enabled. The expert parallel size is adjusted to be the "
                f"same as the tensor parallel size[{cfg.tp_size}]."
            )
            logger.warning(
                "DeepEP v2 MoE is using deepep_v2_mode=%s. This controls ElasticBuffer "
                "direct/hybrid mode and is independent from --deepep-mode normal/low_latency.",
                cfg.deepep_v2_mode,
            )

        a2a_now = resolved_view(self).moe_a2a_backend
        if (a2a_now == "none" and self.is_npu) or a2a_now == "ascend_tp":
            self._declare("_handle_a2a_moe", moe_a2a_backend="none")

        if cfg.moe_a2a_backend == "flashinfer":
            if not (resolved_view(self).enable_dp_attention and cfg.dp_size == cfg.tp_size):
                self._fail(
                    "flashinfer-dp-attention",
                    "Flashinfer MoE A2A is only supported with dp_size == tp_size and "
                    "--enable-dp-attention",
                )
            if cfg.deepep_mode != "auto":
                logger.warning("--deepep-mode is ignored for Flashinfer MoE A2A")
            if not envs.SGLANG_MOE_NVFP4_DISPATCH.is_set() and (
                resolved_view(self).quantization == "modelopt_fp4"
                or self.model_nvfp4_moe_meta
            ):
                envs.SGLANG_MOE_NVFP4_DISPATCH.set(True)
                logger.warning("SGLANG_MOE_NVFP4_DISPATCH is set to True for Flashinfer MoE A2A")
            if resolved_view(self).moe_runner_backend not in [
                "flashinfer_cutlass", "flashinfer_cutedsl", "flashinfer_trtllm_routed",
            ]:
                self._fail(
                    "flashinfer-runner",
                    "Flashinfer MoE A2A is only supported with flashinfer_cutlass, "
                    "flashinfer_cutedsl or flashinfer_trtllm_routed moe runner backend",
                )

        if a2a_backend == "mori":
            if cfg.deepep_mode == "auto":
                self._declare("_handle_a2a_moe", deepep_mode="normal")
                logger.warning("auto set deepep_mode=`normal` for MORI EP")
            if cfg.chunked_prefill_size > 0 and cfg.disaggregation_mode != "decode":
                if not (self._required_mori_dispatch_tokens_per_rank()
                        <= envs.SGLANG_MORI_NUM_MAX_DISPATCH_TOKENS_PER_RANK.get()):
                    self._fail(
                        "mori-dispatch-budget",
                        "SGLANG_MORI_NUM_MAX_DISPATCH_TOKENS_PER_RANK (default 4096) must be "
                        ">= the per-rank MoRI dispatch tokens (chunked_prefill_size by default)",
                    )

        if a2a_backend == "pplx":
            if cfg.deepep_mode == "normal":
                self._fail(
                    "pplx-normal-mode",
                    "moe_a2a_backend='pplx' only supports low-latency mode; set "
                    "--deepep-mode to 'low_latency' or 'auto'.",
                )
            if cfg.deepep_mode == "auto":
                self._declare("_handle_a2a_moe", deepep_mode="low_latency")
                logger.warning("auto set deepep_mode=`low_latency` for PPLX EP")
            if not (resolved_view(self).enable_dp_attention and cfg.dp_size >= 2):
                self._fail(
                    "pplx-dp-attention",
                    "moe_a2a_backend='pplx' requires --enable-dp-attention with at least 2 "
                    "DP groups (--dp-size >= 2).",
                )
            if resolved_view(self).moe_runner_backend not in ("deep_gemm", "auto"):
                self._fail(
                    "pplx-runner",
                    "moe_a2a_backend='pplx' is only supported with --moe-runner-backend "
                    "deep_gemm (or auto).",
                )
            if cfg.moe_runner_backend == "auto":
                self._declare("_handle_a2a_moe", moe_runner_backend="deep_gemm")
                logger.warning("auto set moe_runner_backend=`deep_gemm` for PPLX EP")
            if cfg.chunked_prefill_size > 0 and cfg.disaggregation_mode != "decode":
                if not (self._required_pplx_dispatch_tokens_per_rank()
                        <= envs.SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK.get()):
                    self._fail(
                        "pplx-dispatch-budget",
                        "SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK (default 128) must be "
                        ">= the per-rank pplx dispatch tokens (chunked_prefill_size, or the "
                        "decode cuda-graph batch size)",
                    )


ServerArgs._field_names = frozenset(f.name for f in dataclasses.fields(ServerArgs))
ServerArgs._cli_names = tuple(
    f.name for f in dataclasses.fields(ServerArgs)
    if f.name not in ("model_architecture", "model_nvfp4_moe_meta", "is_npu")
)

# ---------------------------------------------------------------------------
# the benchmark driver: config lines in, compact lines out
# ---------------------------------------------------------------------------

# the declared keys, in flagrule's key order (rules.d/sglang/00-flags.rules)
DECLARED_ORDER = (
    "moe_a2a_backend", "disable_shared_experts_fusion", "enforce_shared_experts_fusion",
    "ep_size", "moe_runner_backend", "deepep_mode", "cuda_graph_decode_backend",
    "cuda_graph_prefill_backend",
)
FACT_BOOLS = ("model_nvfp4_moe_meta", "is_npu")
_WORD_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=")


def _text(value) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    return str(value)


def check_line(parser: argparse.ArgumentParser, line: str) -> str:
    try:
        words = shlex.split(line)
        flags, facts, environ = [], {}, {}
        for word in words:
            if not word.startswith("-") and _WORD_RE.match(word):
                name, _, value = word.partition("=")
                if name in ENV_NAMES:
                    if name.endswith("_PER_RANK"):
                        int(value)
                    environ[name] = value
                elif name == "model_architecture":
                    facts[name] = value
                elif name in FACT_BOOLS:
                    if value not in ("true", "false"):
                        raise ConfigError(f"bad bool {value!r}")
                    facts[name] = value == "true"
                else:
                    raise ConfigError(f"unknown key {name!r}")
            else:
                flags.append(word)
        args = parser.parse_args(flags)
    except (ConfigError, ValueError):
        return "invalid\t-\t-"

    envs.bind(environ)
    given_environ = dict(environ)
    server_args = ServerArgs.from_cli_args(args, facts)
    server_args._handle_a2a_moe()

    declared = {}
    for _source, fields in server_args._resolved_overrides:
        declared.update(fields)
    out = [f"{key}={_text(declared[key])}" for key in DECLARED_ORDER if key in declared]
    for name in ("SGLANG_MOE_NVFP4_DISPATCH", "NCCL_CUMEM_ENABLE"):
        if environ.get(name) != given_environ.get(name):
            out.append(f"{name}={environ[name]}")
    errors = server_args._errors
    return "%s\t%s\t%s" % ("error" if errors else "ok",
                           ",".join(errors) if errors else "-",
                           " ".join(out) if out else "-")


def main() -> int:
    parser = _Parser(prog="sglang.launch_server", allow_abbrev=False, add_help=False)
    ServerArgs.add_cli_args(parser)
    write = sys.stdout.write
    for line in sys.stdin:
        write(check_line(parser, line.rstrip("\n")))
        write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
