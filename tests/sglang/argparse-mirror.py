#!/usr/bin/env python3
"""Property: flagrule reads an SGLang launch line as SGLang's argparse does.

A mirror of SGLang's server parser (ServerArgs.add_cli_args in
sgl-project/sglang python/sglang/srt/server_args.py @001067ff) is built
with this Python's argparse: the options of the keys of
rules.d/sglang/00-flags.rules as SGLang declares them (type, choices,
default, dest, aliases, and the hand-registered options that write those
dests), and all of SGLang's other option strings, taken from
05-program-flags.rules with the nargs of their kind.  About 15,000 command
lines (hand-picked ones, every prefix of the keys' spellings, the prefixes
where argparse's abbreviation rule flips for the other spellings, each
other spelling in ten shapes, and random lines from a fixed seed: mangled
spellings and values of every shape) go through the mirror and through
`flagrule check --no-env --format json`, one shell-quoted config per
stdin line (every other line behind `python -m sglang.launch_server`).
Lines that cannot be one stdin line, and a sample of the others, are also
given as `check -- ARGV`, and a sampled line must give the same record
both ways.  Both sides must accept a line or both must refuse it.  When
both accept, each key that the rules did not declare must have the value
that SGLang's parse gives it.

Only the differences that flagrule makes on purpose are allowed.  Each is
matched by a narrow predicate below (refusal_allowed, skipped_words,
error_allowed, value_allowed):
  * NAME=VALUE words of env and fact keys, and the program words before
    the first `--` word (but not a flag written with one dash or with an
    em or en dash, and not a word that hides a command line);
  * ints beyond 64 bits;
  * argparse's `--flag=--` quirk, in the Pythons that have it (before
    3.13, which reads the value `--` as flagrule does).
The mirror does not require --model-path, and -h/--help is a refusal on
both sides.  These differences are tallied and printed.  Checked with
Python 3.10 to 3.13.

Exit status: 0 all agree; 1 a disagreement (the shortest line of each
kind printed, 20 at most) or too few lines compared; 77 no flagrule
binary, or a Python without CPython's int digit limit; 99 harness error
(flagrule crashed or wrote unexpected output).
"""
import argparse
import bisect
import json
import os
import random
import re
import shlex
import subprocess
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
TOP_SRC = os.environ.get("top_srcdir") or os.path.join(HERE, "..", "..")
TOP_BUILD = os.environ.get("top_builddir") or TOP_SRC
FLAGRULE = os.environ.get("FLAGRULE") or os.path.join(TOP_BUILD, "src", "flagrule")
RULES = os.path.join(TOP_SRC, "rules.d", "sglang")

SEED = 1
RANDOM_CASES = 8000
ARGV_SAMPLE = 40          # one process each: keep it small (ASan runs, 2-core CI)
MIN_COMPARED = 10000      # fewer means the case generation broke
MAX_SHOWN = 20


class HarnessError(Exception):
    pass


# ---------------------------------------------------------------------------
# SGLang's options (server_args.py @001067ff)
# ---------------------------------------------------------------------------

QUANTIZATION_CHOICES = [
    "awq", "fp8", "mxfp8", "gptq", "marlin", "gptq_marlin", "awq_marlin",
    "bitsandbytes", "gguf", "modelopt", "modelopt_fp8", "modelopt_fp4",
    "nvfp4_online", "modelopt_mixed", "petit_nvfp4", "w8a8_int8", "w8a8_fp8",
    "moe_wna16", "w4afp8", "mxfp4", "auto-round", "auto-round-int8",
    "compressed-tensors", "modelslim", "mxfp_w4a8", "quark",
    "quark_int4fp8_moe", "quark_mxfp4", "mlx_q4", "mlx_q8", "unquant", "humming",
]
MOE_RUNNER_BACKEND_CHOICES = [
    "auto", "deep_gemm", "triton", "triton_kernel", "flashinfer_trtllm",
    "experimental_sgl_trtllm", "flashinfer_trtllm_routed", "flashinfer_cutlass",
    "flashinfer_mxfp4", "flashinfer_cutedsl", "cutlass", "aiter", "marlin",
    "humming", "experimental_sgl_marlin", "hpc_ops", "megamoe",
]
MOE_A2A_BACKEND_CHOICES = [
    "none", "deepep", "mooncake", "nixl", "mori", "ascend_fuseep", "flashinfer",
    "megamoe", "deepep_v2", "pplx", "ascend_tp",
]
CUDA_GRAPH_BACKENDS = ["full", "breakable", "tc_piecewise", "disabled"]

# The keys of 00-flags.rules and SGLang's spellings of each.
KEY_SPELLINGS = {
    "moe_a2a_backend": ["--moe-a2a-backend"],
    "enable_waterfill": ["--enable-waterfill"],
    "disable_shared_experts_fusion": ["--disable-shared-experts-fusion"],
    "enforce_shared_experts_fusion": ["--enforce-shared-experts-fusion"],
    "tp_size": ["--tp-size", "--tensor-parallel-size"],
    "ep_size": ["--ep-size", "--expert-parallel-size", "--ep"],
    "dp_size": ["--dp-size", "--data-parallel-size"],
    "enable_dp_attention": ["--enable-dp-attention"],
    "moe_runner_backend": ["--moe-runner-backend"],
    "deepep_mode": ["--deepep-mode"],
    "deepep_v2_mode": ["--deepep-v2-mode"],
    "enable_deterministic_inference": ["--enable-deterministic-inference"],
    "enable_two_batch_overlap": ["--enable-two-batch-overlap"],
    "enable_single_batch_overlap": ["--enable-single-batch-overlap"],
    "model_path": ["--model-path", "--model"],
    "quantization": ["--quantization"],
    "chunked_prefill_size": ["--chunked-prefill-size"],
    "disaggregation_mode": ["--disaggregation-mode"],
    "cuda_graph_max_bs_decode": ["--cuda-graph-max-bs-decode", "--cuda-graph-max-bs"],
    "cuda_graph_decode_backend": ["--cuda-graph-backend-decode"],
    "cuda_graph_prefill_backend": ["--cuda-graph-backend-prefill"],
}
# SGLang's dest where it is not the key's name
KEY_DEST = {"cuda_graph_decode_backend": "cuda_graph_backend_decode",
            "cuda_graph_prefill_backend": "cuda_graph_backend_prefill"}
# The key names turned into flags, which are not SGLang's (flagrule took
# them once): argparse refuses them and their prefixes.
NOT_SGLANG_SPELLINGS = ["--cuda-graph-decode-backend", "--cuda-graph-prefill-backend"]

BOOL_KEYS = {k for k in KEY_SPELLINGS if k.startswith(("enable_", "disable_", "enforce_"))}
INT_KEYS = {"tp_size", "ep_size", "dp_size", "chunked_prefill_size", "cuda_graph_max_bs_decode"}
ENUM_KEYS = {
    "moe_a2a_backend": MOE_A2A_BACKEND_CHOICES,
    "moe_runner_backend": MOE_RUNNER_BACKEND_CHOICES,
    "deepep_mode": ["auto", "normal", "low_latency"],
    "deepep_v2_mode": ["direct", "hybrid"],
    "quantization": QUANTIZATION_CHOICES,
    "disaggregation_mode": ["null", "prefill", "decode"],
    "cuda_graph_decode_backend": CUDA_GRAPH_BACKENDS,
    "cuda_graph_prefill_backend": CUDA_GRAPH_BACKENDS,
}
# SGLang's DeprecatedStoreConstAction switches: each stores its constant
# into cuda_graph_backend_prefill.  00-flags.rules gives them to
# cuda_graph_prefill_backend as spellings that take no value
# (`"--old" = VALUE`); each is an argparse action of its own.
PREFILL_SWITCHES = {
    "--enable-breakable-cuda-graph": "breakable",
    "--disable-piecewise-cuda-graph": "disabled",
    "--enforce-piecewise-cuda-graph": "tc_piecewise",
}
# registered by SGLang only to refuse it (DeprecatedAction); not in 05
REFUSED_OPTION = "--enable-expert-distribution-metrics"
REFUSED_MESSAGE = ("--enable-expert-distribution-metrics is no longer supported. Use "
                   "--expert-balancedness-report-mode with one of: off, server_log, "
                   "prometheus, both.")


def rules_text(name):
    with open(os.path.join(RULES, name), encoding="utf-8") as f:
        return re.sub(r"#[^\n]*", "", f.read())


def read_program_flags():
    """05-program-flags.rules: spelling -> kind (bool, value, optional, list, any)."""
    flags = {}
    text = rules_text("05-program-flags.rules")
    for m in re.finditer(r"\bcli\s+(bool|value|optional|list|any)\s+(.*?);", text, re.S):
        for spelling in re.findall(r'"([^"]+)"', m.group(2)):
            flags[spelling] = m.group(1)
    return flags


PROGRAM_FLAGS = read_program_flags()
# the env and fact keys, which NAME=VALUE words set
ASSIGNABLE_KEYS = set(re.findall(r"^\s*(?:env|fact)\s+(\w+)", rules_text("00-flags.rules"), re.M))

KEY_OF_SPELLING = {s: k for k, spellings in KEY_SPELLINGS.items() for s in spellings}
# every spelling flagrule knows -> the flag it names: a key, or a program flag
FLAG_OF = dict(KEY_OF_SPELLING)
FLAG_OF.update((s, s) for s in PROGRAM_FLAGS)
FLAG_OF.update((s, s) for s in PREFILL_SWITCHES)
SORTED_SPELLINGS = sorted(FLAG_OF)


def flags_starting(prefix):
    """The flags that have a spelling starting with prefix."""
    i = bisect.bisect_left(SORTED_SPELLINGS, prefix)
    found = set()
    while i < len(SORTED_SPELLINGS) and SORTED_SPELLINGS[i].startswith(prefix):
        found.add(FLAG_OF[SORTED_SPELLINGS[i]])
        i += 1
    return found


# ---------------------------------------------------------------------------
# the mirror
# ---------------------------------------------------------------------------

class ArgparseRefused(Exception):
    """parser.error(): SGLang prints the message and exits."""


class HelpRequested(Exception):
    """-h/--help: SGLang prints its help and exits without running.  The
    mirror counts that as refusing the line, which is what flagrule does
    on purpose ('-h' is not a flag of the rules)."""


class MirrorParser(argparse.ArgumentParser):
    def error(self, message):
        raise ArgparseRefused(message)

    def print_help(self, file=None):
        raise HelpRequested()


class RefusedAction(argparse.Action):
    """SGLang's DeprecatedAction: any use is an error."""

    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None):
        parser.error(REFUSED_MESSAGE)


OTHER_NARGS = {"value": None, "optional": "?", "list": "+", "any": "*"}


def build_mirror():
    """SGLang's parser (prog, allow_abbrev, add_help and prefix_chars as
    argparse.ArgumentParser(prog="sglang serve") leaves them)."""
    p = MirrorParser(prog="sglang serve")
    # SGLang's model_path is required (a field without a default).  flagrule
    # reads a line without it on purpose (model_path is null then), so the
    # mirror does not require it.
    p.add_argument("--model-path", "--model", dest="model_path")
    p.add_argument("--quantization", choices=QUANTIZATION_CHOICES)
    p.add_argument("--chunked-prefill-size", type=int)
    p.add_argument("--tp-size", "--tensor-parallel-size", type=int, default=1, dest="tp_size")
    p.add_argument("--dp-size", "--data-parallel-size", type=int, default=1, dest="dp_size")
    p.add_argument("--enable-dp-attention", action="store_true")
    p.add_argument("--cuda-graph-backend-decode", choices=CUDA_GRAPH_BACKENDS)
    p.add_argument("--cuda-graph-backend-prefill", choices=CUDA_GRAPH_BACKENDS)
    p.add_argument("--cuda-graph-max-bs-decode", type=int)
    p.add_argument("--ep-size", "--expert-parallel-size", "--ep", type=int, default=1, dest="ep_size")
    p.add_argument("--moe-a2a-backend", choices=MOE_A2A_BACKEND_CHOICES, default="none")
    p.add_argument("--deepep-v2-mode", choices=["direct", "hybrid"], default="direct")
    p.add_argument("--moe-runner-backend", choices=MOE_RUNNER_BACKEND_CHOICES, default="auto")
    p.add_argument("--deepep-mode", choices=["auto", "normal", "low_latency"], default="auto")
    p.add_argument("--enable-waterfill", action="store_true")
    p.add_argument("--disable-shared-experts-fusion", action="store_true")
    p.add_argument("--enforce-shared-experts-fusion", action="store_true")
    p.add_argument("--enable-two-batch-overlap", action="store_true")
    p.add_argument("--enable-single-batch-overlap", action="store_true")
    p.add_argument("--disaggregation-mode", choices=["null", "prefill", "decode"], default="null")
    p.add_argument("--enable-deterministic-inference", action="store_true")
    # registered by hand after the fields: a deprecated alias that stores
    # into the field's dest, and an option that only refuses
    p.add_argument("--cuda-graph-max-bs", type=int, dest="cuda_graph_max_bs_decode")
    p.add_argument(REFUSED_OPTION, action=RefusedAction)
    for spelling, const in PREFILL_SWITCHES.items():
        p.add_argument(spelling, action="store_const", const=const, dest="cuda_graph_backend_prefill")
    for i, (spelling, kind) in enumerate(PROGRAM_FLAGS.items()):
        dest = "other_%d" % i
        if kind == "bool":
            p.add_argument(spelling, action="store_true", dest=dest)
        else:
            p.add_argument(spelling, nargs=OTHER_NARGS[kind], dest=dest)
    return p


MIRROR = build_mirror()


def argparse_keeps_dashdash_value():
    """Whether `--flag=--` gives the flag '--' (Python 3.13 on) rather than
    [] (before: argparse drops the '--' as if it ended the options)."""
    p = argparse.ArgumentParser(add_help=False)
    p.add_argument("--x")
    return p.parse_args(["--x=--"]).x == "--"


DASHDASH_QUIRK = not argparse_keeps_dashdash_value()


@dataclass
class Outcome:
    """What SGLang's parser makes of a command line."""
    values: dict = None       # the keys' values, when it parsed the line
    unrecognized: list = field(default_factory=list)   # words it left over (it refuses those)
    error: str = ""           # its message, when it refused the line while parsing


def sglang_values(ns):
    """The keys' values after SGLang's parse, as flagrule models them."""
    v = {key: getattr(ns, KEY_DEST.get(key, key)) for key in KEY_SPELLINGS}
    # an unset phase backend resolves to SGLang's CUDA default
    if v["cuda_graph_decode_backend"] is None:
        v["cuda_graph_decode_backend"] = "full"
    if v["cuda_graph_prefill_backend"] is None:
        v["cuda_graph_prefill_backend"] = "breakable"
    # unset, SGLang derives it from the GPU memory; 00-flags.rules stands in 8192
    if v["chunked_prefill_size"] is None:
        v["chunked_prefill_size"] = 8192
    # SGLang's choice "null" is flagrule's null
    if v["disaggregation_mode"] == "null":
        v["disaggregation_mode"] = None
    return v


def sglang_parse(argv, parser=MIRROR):
    try:
        ns, unrecognized = parser.parse_known_args(argv)
    except ArgparseRefused as e:
        return Outcome(error=str(e))
    except HelpRequested:
        return Outcome(error="(prints its help and exits)")
    return Outcome(values=sglang_values(ns), unrecognized=unrecognized)


# ---------------------------------------------------------------------------
# the allowed differences
# ---------------------------------------------------------------------------

ASSIGNMENT = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)=.*", re.S)
# a flag written with one dash, or with an em or en dash for the two
ONE_DASH = re.compile(r"(?:-(?!-)|\u2014|\u2013)([^=]*)(?:=.*)?", re.S)
# a blank then `--` inside a word: a whole command line given as one word
HIDES_FLAGS = re.compile(r"[ \t\n]--")

SKIPPED = "program words, NAME=VALUE of env/fact keys"
BEYOND_64_BITS = "int beyond 64 bits"
DASHDASH = "argparse's --flag=-- quirk"


def names_flag_with_one_dash(word):
    """`-tp 8`, `—tp 8`: its two-dash form is a spelling, or (from two
    letters on, so not python's -m, -u, -c) the prefix of one flag's
    spellings only.  flagrule refuses it (so does argparse) also among the
    program words, where it would otherwise be skipped silently."""
    m = ONE_DASH.fullmatch(word)
    if not m or " " in word:
        return False
    name = "--" + m.group(1)
    return name in FLAG_OF or (len(m.group(1)) >= 2 and len(flags_starting(name)) == 1)


def skipped_words(argv):
    """The words that flagrule takes out of a line on purpose, which argparse
    leaves over as unrecognized: NAME=VALUE words of env and fact keys
    (SGLang takes those from its environment and the model, not from its
    command line), and the program words before
    the first `--` word (`python -m sglang.launch_server`), except those
    that flagrule refuses there: a flag with one dash or an em/en dash, and
    a word that hides a command line."""
    first_flag = next((i for i, w in enumerate(argv) if w.startswith("--")), len(argv))
    skipped = Counter()
    for i, w in enumerate(argv):
        m = ASSIGNMENT.fullmatch(w)
        if (m and m.group(1) in ASSIGNABLE_KEYS) or (
                i < first_flag and not names_flag_with_one_dash(w) and not HIDES_FLAGS.search(w)):
            skipped[w] += 1
    return skipped


def refusal_allowed(ap):
    """Why argparse may refuse a line that flagrule accepts, or None."""
    # (none left: flagrule refuses =VALUE on a switch, and null and None on
    # a nullable flag but for --disaggregation-mode's choice "null", as
    # argparse does)
    del ap
    return None


def beyond_64_bits(text):
    try:
        v = int(text)
    except ValueError:
        return False
    return not -2 ** 63 <= v < 2 ** 63


def error_allowed(message, argv, ap):
    """Why flagrule may refuse (with this message) a line that argparse
    accepts, or None."""
    # Python's ints have no limit; flagrule's are 64-bit (documented)
    if message.endswith("(out of the 64-bit range)") and any(
            beyond_64_bits(w) or beyond_64_bits(w.partition("=")[2]) for w in argv):
        return BEYOND_64_BITS
    # argparse before 3.13 stores [] for `--flag=--`, where flagrule (and
    # argparse 3.13) reads the value '--', which the flag's type refuses
    if DASHDASH_QUIRK and message.endswith("got '--'") and [] in ap.values.values():
        return DASHDASH
    return None


def value_allowed(key, sglang, flagrule, argv):
    """Why flagrule's value of key may differ from SGLang's, or None."""
    # see error_allowed
    if DASHDASH_QUIRK and sglang == [] and flagrule == "--":
        return DASHDASH
    return None


# ---------------------------------------------------------------------------
# comparing
# ---------------------------------------------------------------------------

@dataclass
class Disagreement:
    argv: list
    argparse: str
    flagrule: str
    kind: str        # what the report groups on


def pattern(text):
    """text without its particulars: what the report groups lines by."""
    text = re.sub(r"\(choose from .*?\)", "(choose from …)", text)
    text = re.sub(r"'[^']*'", "'…'", text)
    text = re.sub(r"--[A-Za-z0-9_-]+", "--F", text)
    return re.sub(r"\d+", "N", text)[:100]


def clip(text, n):
    """At most n characters of text, and its length if it is longer."""
    return text if len(text) <= n else text[:n] + "…(%d chars)" % len(text)


def on_one_line(text):
    return text.replace("\n", "\\n").replace("\r", "\\r")


def fr_said(fr):
    if fr["status"] == "invalid":
        return "invalid: " + "; ".join(e["message"] for e in fr["errors"])
    return fr["status"]


def values_text(values, keys):
    return " ".join("%s=%s" % (k, json.dumps(values[k], ensure_ascii=False)) for k in keys)


def judge(argv, ap, fr):
    """(None, the allowed differences met) when flagrule reads argv as
    SGLang's parser does, up to allowed differences; else (a Disagreement,
    None)."""
    reasons = set()
    fr_accepts = fr["status"] != "invalid"
    ap_accepts = ap.values is not None
    ap_said = ap.error or "accepts"
    if ap_accepts and ap.unrecognized:
        # argparse refuses the line; when flagrule accepted it, taking out
        # only words that it skips on purpose, the values are compared
        ap_said = "unrecognized arguments: " + " ".join(ap.unrecognized)
        if fr_accepts and not Counter(ap.unrecognized) - skipped_words(argv):
            reasons.add(SKIPPED)
        else:
            ap_accepts = False
    if ap_accepts and fr_accepts:
        wrong = []
        for key, value in ap.values.items():
            got = fr["resolved"][key]
            if key in fr["declared"] or got == value:
                continue
            reason = value_allowed(key, value, got, argv)
            if reason is None:
                wrong.append(key)
            else:
                reasons.add(reason)
        if wrong:
            return Disagreement(argv, values_text(ap.values, wrong), values_text(fr["resolved"], wrong),
                                "values of " + ", ".join(wrong)), None
    elif ap_accepts:
        why = {e["message"]: error_allowed(e["message"], argv, ap) for e in fr["errors"]}
        unexplained = [m for m, reason in why.items() if reason is None]
        if unexplained or not why:   # (an invalid record without a message is wrong too)
            first = unexplained[0] if unexplained else "(no message)"
            return Disagreement(argv, ap_said, fr_said(fr), "flagrule refuses: " + pattern(first)), None
        reasons.update(why.values())
    elif fr_accepts:
        reason = refusal_allowed(ap)
        if reason is None:
            return Disagreement(argv, ap_said, fr_said(fr), "argparse refuses: " + pattern(ap_said)), None
        reasons.add(reason)
    return None, reasons


# ---------------------------------------------------------------------------
# running flagrule
# ---------------------------------------------------------------------------

SANITIZER = re.compile(r"AddressSanitizer|LeakSanitizer|runtime error:")
LAUNCH = ["python", "-m", "sglang.launch_server"]


def flagrule(args, stdin=""):
    """`flagrule check` with the SGLang rules only: its records."""
    cmd = [FLAGRULE, "check", "--no-env", "--format", "json", "-r", RULES] + args
    env = {k: v for k, v in os.environ.items() if k != "FLAGRULE_PATH"}  # (it adds rules)
    p = subprocess.run(cmd, input=stdin, capture_output=True, encoding="utf-8", env=env)
    if p.returncode not in (0, 1) or SANITIZER.search(p.stderr):
        raise HarnessError("%s exited %d:\n%s" % (shlex.join(cmd)[:300], p.returncode, p.stderr[-3000:]))
    try:
        return [json.loads(line) for line in p.stdout.split("\n") if line]
    except ValueError as e:
        raise HarnessError("%s: output is not JSON lines (%s)" % (shlex.join(cmd)[:300], e))


def without_line(record):
    return {k: v for k, v in record.items() if k != "line"}


# ---------------------------------------------------------------------------
# command lines
# ---------------------------------------------------------------------------

INT_FORMS = ["8", "08", "0", "-1", "-0", "+4", " 8", "8 ", "\t8", "1_000", "1__0", "_1", "1_",
             "0x10", "0o7", "0b1", "1e3", "8.0", "", "٨", "８", "\u00a08", "\u20038", "\u200b8",
             "\x1c8", "\x0b8", "\x0c8", "\x858", "\u20288", "99999999999999999999",
             "9223372036854775807", "9223372036854775808", "-9223372036854775808",
             "-9223372036854775809", "null", "None", "-1e3", "-.5", "-5", "- 5", "+-4", "0_8",
             "00", "+0", "1" * 4300, "1" * 4301, "0" * 4301 + "1", "-" + "1" * 4300,
             "1_" * 2200 + "1", "𝟖", "৮", "፰", "ⅷ", "²"]
STR_FORMS = ["X", "meta-llama/Llama-3.1-8B", "-x", "--x", "-1e3", "-.5", "-5", "--", "-", "a b",
             "-a b", "", "null", "None", "モデル", "tp_size=8", "A=B", "is_npu=true",
             "SGLANG_MOE_NVFP4_DISPATCH=1", "instance://x", "#x", "x#y", "-1_000", "-1.", "-0x1",
             "--tp", "-h", "--help", "=", "-=x"]
BOOL_SUFFIXES = ["", "=true", "=false", "=0", "=1", "=yes", "=", "=True", "=FALSE", "=no", "=on",
                 "= 1", "=2"]
# words that hold a blank, or are negative numbers in other scripts' digits
ODD_VALUES = ["--x y", "--enable-dp a", "--tp=8 x", "--zzz=a b", "- x", "-x y", "-1 x", "-h x",
              "-hx y", "---x y", "--disaggregation-m=null ", "-٨", "-１", "-𝟖", "-.٨", "-8\n", "-٨٨"]
STRAY_WORDS = ["--", "-", "x", "8", "-h", "--help", "-tp", "--=5", "", "--tp=", "=x",
               "SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK=64", "is_npu=true", "A=B", "--x",
               "-1", "-5", "-m", "\u2014tp", "-en"]
OTHER_FLAGS = [
    "--enable-dp-lm-head", "--enable-dp-attention-local-control-broadcast",
    "--ep-num-redundant-experts", "--ep-dispatch-algorithm", "--model-impl", "--model-checksum",
    "--model-config-parser", "--cuda-graph-bs", "--cuda-graph-max-bs-prefill",
    "--cuda-graph-bs-decode", "--deepep-config", "--quantization-param-path",
    "--quantize-and-serve", "--disaggregation-transfer-backend", "--lora-paths",
    "--uvicorn-access-log-exclude-prefixes", "--custom-weight-loader", "--lora-target-modules",
    "--enable-breakable-cuda-graph", "--disable-piecewise-cuda-graph",
    "--enforce-piecewise-cuda-graph", REFUSED_OPTION, "--trust-remote-code",
    "--mem-fraction-static", "--host", "--port", "--dtype", "--enable-weights-cpu-backup",
    "--dcp-replicate-q-proj", "--no-dcp-replicate-q-proj", "--dllm-fdfo", "--no-dllm-fdfo",
    "--stream-output", "--disable-cuda-graph", "--config", "--speculative-draft-model",
    "--speculative-draft-model-path", "--nccl-init-addr",
]


def value_forms(key, rng):
    if key in INT_KEYS:
        return INT_FORMS
    if key in ENUM_KEYS:
        c = rng.choice(ENUM_KEYS[key])
        return ENUM_KEYS[key] + [c.upper(), c.capitalize(), c[:max(1, len(c) - 2)], " " + c,
                                 c + " ", "", "null", "None", "none", "NULL", c + "x", "-" + c,
                                 c.replace("_", "-"), c.replace("-", "_")]
    return STR_FORMS


def hand_cases():
    c = []
    add = c.append
    # real launch lines (after `python -m sglang.launch_server`)
    for line in [
            "--model-path deepseek-ai/DeepSeek-V3 --tp 8 --trust-remote-code --moe-a2a-backend deepep "
            "--deepep-mode low_latency --enable-dp-attention --dp 8",
            "--model Qwen/Qwen3-30B-A3B --tensor-parallel-size 4 --ep 4 --moe-runner-backend triton "
            "--cuda-graph-max-bs 128",
            "--model-path X --tp-size 2 --dp-size 2 --enable-dp-attention --moe-a2a-backend pplx "
            "--chunked-prefill-size 4096 --host 0.0.0.0 --port 30000",
            "--model-path X --disaggregation-mode prefill --disaggregation-transfer-backend nixl --tp 8",
            "--model-path X --quantization fp8 --kv-cache-dtype fp8_e4m3 --mem-fraction-static 0.85 "
            "--cuda-graph-bs 1 2 4 8 --tp 2",
            "--model-path X --enable-two-batch-overlap --enable-single-batch-overlap "
            "--enable-deterministic-inference"]:
        add(line.split())
    # abbreviations, with a space and with '='
    for s in ["--tp", "--t", "--tp-s", "--tens", "--ep", "--ep-", "--ep-s", "--exp", "--expert-p",
              "--dp", "--d", "--data", "--moe", "--moe-a", "--moe-r", "--deepep", "--deepep-m",
              "--deepep-v", "--quant", "--quantiz", "--chunk", "--disagg", "--disaggregation-m",
              "--cuda-graph-max", "--cuda-graph-max-bs", "--cuda-graph-max-bs-",
              "--cuda-graph-max-bs-d", "--cuda-graph-b", "--cuda-graph-backend-d",
              "--cuda-graph-backend-p", "--cuda-graph-de", "--cuda-graph-d", "--cuda-graph-p",
              "--cuda-graph-decode-backend", "--cuda-graph-prefill-backend", "--mod", "--model",
              "--model-", "--model-p", "--m", "--he", "--h", "--hel"]:
        add([s, "2"])
        add([s + "=2"])
    for s in ["--enable-dp", "--enable-dp-a", "--enable-dp-attention-", "--enable-w",
              "--enable-wa", "--enable-two", "--enable-t", "--enable-si", "--enable-s",
              "--enable-det", "--enable-d", "--enforce-s", "--enforce", "--disable-shared",
              "--disable-s", "--enable-dp-attention="]:
        add([s])
    # values that start with '-', as a separate word and after '='
    for v in ["-1", "-x", "--", "-1e3", "-.5", "-5", "-", "- 1", "-1_000", "-0", "--x", "-1.",
              "-e", "-inf", "-nan"]:
        add(["--model-path", v])
        add(["--model-path=" + v])
        add(["--chunked-prefill-size", v])
        add(["--chunked-prefill-size=" + v])
        add(["--cuda-graph-bs", v, "--tp", "2"])
        add(["--model-checksum", v])
    # '--' alone
    for line in ["--tp 2 --", "-- --tp 2", "--tp 2 -- x", "--model-path -- x",
                 "--model-path -- --tp 2", "--tp -- 2", "--cuda-graph-bs 1 -- 2",
                 "--model-checksum -- x", "--lora-paths --", "--tp 2 -- --ep 2"]:
        add(line.split())
    # a key given twice; the deprecated switches and the refused option
    for line in ["--tp 2 --tp 4", "--tp-size 2 --tensor-parallel-size 4",
                 "--ep 2 --ep-size 3 --expert-parallel-size 5",
                 "--cuda-graph-max-bs 4 --cuda-graph-max-bs-decode 8",
                 "--cuda-graph-max-bs-decode 8 --cuda-graph-max-bs 4",
                 "--enable-dp-attention --enable-dp-attention",
                 "--moe-a2a-backend pplx --moe-a2a-backend none", "--model a --model-path b",
                 "--disaggregation-mode prefill --disaggregation-mode null",
                 "--cuda-graph-backend-prefill full --enable-breakable-cuda-graph",
                 "--enable-breakable-cuda-graph --cuda-graph-backend-prefill full",
                 "--disable-piecewise-cuda-graph", "--enforce-piecewise-cuda-graph",
                 "--enable-breakable-cuda-graph", "--enable-expert-distribution-metrics",
                 "--prefill-round-robin-balance --collect-tokens-histogram"]:
        add(line.split())
    # a bool flag given a value
    for suffix in BOOL_SUFFIXES:
        add(["--enable-dp-attention" + suffix])
        add(["--trust-remote-code" + suffix])
        add(["--dllm-fdfo" + suffix])
    add(["--enable-dp-attention", "true"])
    add(["--enable-dp-attention", "false"])
    # the deprecated prefill switches: a value, a prefix (each is its own
    # action: a prefix that also starts --cuda-graph-backend-prefill or
    # another switch is ambiguous), the last of several winning
    for sw in PREFILL_SWITCHES:
        for suffix in BOOL_SUFFIXES + ["=full", "=", "=tc_piecewise"]:
            add([sw + suffix])
        for n in range(3, len(sw)):
            add([sw[:n], "--tp", "2"])
            add([sw[:n] + "=1"])
        add([sw, "full"])
        add([sw, "--cuda-graph-backend-prefill", "full", sw])
    for line in ["--enforce-piecewise-cuda-graph --disable-piecewise-cuda-graph",
                 "--disable-piecewise-cuda-graph --enforce-piecewise-cuda-graph --moe-a2a-backend deepep",
                 "--enable-breakable-cuda-graph --cuda-graph-backend-decode disabled --tp 2",
                 "--enforce-piecewise-cuda-graph --enable-breakable-cuda-graph --cuda-graph-backend-prefill disabled",
                 "--disable-piecewise --enforce-piecewise", "--cuda-graph-backend-p full --enforce-p",
                 "-enforce-piecewise-cuda-graph", "--Enforce-piecewise-cuda-graph"]:
        add(line.split())
    # a missing value
    for s in ["--tp", "--model-path", "--moe-a2a-backend", "--cuda-graph-bs", "--lora-paths",
              "--model-checksum", "--uvicorn-access-log-exclude-prefixes",
              "--custom-weight-loader", "--lora-target-modules", "--host"]:
        add([s])
        add([s, "--enable-dp-attention"])
        add(["--tp", "2", s])
    # choices: letter case, prefixes, null
    for v in ["PPLX", "Pplx", "ppl", "pplx ", " pplx", "deep-ep", "deepep_v2", "deepep-v2",
              "none", "None", "null", "NONE", ""]:
        add(["--moe-a2a-backend", v])
    for v in ["null", "None", "none", "NULL", "Null", "", "prefill", "PREFILL", "pre", "decode"]:
        for s in ["--disaggregation-mode", "--quantization", "--cuda-graph-max-bs-decode",
                  "--model-path", "--cuda-graph-backend-decode"]:
            add([s, v])
    for v in ["fp8", "FP8", "auto-round", "auto_round", "compressed-tensors",
              "compressed_tensors", "fp"]:
        add(["--quantization", v])
    for v in ["low_latency", "low-latency", "LOW_LATENCY", "low"]:
        add(["--deepep-mode", v])
    # ints in every form
    for v in INT_FORMS:
        add(["--tp", v])
        add(["--tp=" + v])
    # empty words
    for line in [["--model-path", ""], ["--model-path="], ["--tp="], ["--tp", ""], [""],
                 ["--tp", "2", ""], ["--moe-a2a-backend="], ["--host="], ["--host", ""]]:
        add(line)
    # nargs '+' and '*', followed by more flags or words
    for line in ["--cuda-graph-bs 1 2 4 --tp 2", "--cuda-graph-bs --tp 2", "--lora-paths --tp 2",
                 "--lora-paths a b --tp 2", "--lora-paths a=b c --ep 2",
                 "--cuda-graph-bs 1 -2 --tp 2", "--uvicorn-access-log-exclude-prefixes --tp 2",
                 "--custom-weight-loader --tp 2", "--lora-target-modules --tp 2",
                 "--cuda-graph-bs=1 2 --tp 2", "--lora-paths=a b", "--model-checksum --tp 2",
                 "--model-checksum x --tp 2", "--model-checksum=x y",
                 "--cuda-graph-bs 1 SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK=64",
                 "--lora-paths a is_npu=true"]:
        add(line.split())
    # unknown options, stray words
    for line in ["--tp 2 --bogus", "--tp 2 --bogus 3", "--moe-a2a-backnd pplx", "--=5",
                 "--tp=2=3", "--tp 2 extra", "--enable-dp-attention extra", "--tp 2 3"]:
        add(line.split())
    # program words: plain, one-dash and em/en-dash flags, a whole command line
    for line in [["x", "--tp", "2"], ["8", "--tp", "2"], ["-m", "x", "--tp", "2"],
                 ["-en", "--tp", "2"], ["-mo", "x", "--tp", "2"], ["-tp", "8", "--ep", "2"],
                 ["-tp=8", "--ep", "2"], ["-disable-shared-experts-fusion"],
                 ["-cuda-graph-backend-decode", "full"], ["\u2014tp", "8"], ["\u2013tp", "8"],
                 ["\u2014en", "--tp", "2"], ["python -m sglang.launch_server --tp 2"],
                 ["a\t--tp", "--ep", "2"], ["A=B", "--tp", "2"], ["is_npu=true", "--tp", "2"],
                 ["tp_size=3"], ["--tp", "2", "A=B"], ["--tp", "2", "is_npu=1"],
                 ["--tp", "2", "SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK=64"]]:
        add(line)
    # one dash after the flags
    for s in ["-tp", "-ep", "-dp", "-h", "-hx", "-t", "-tp=2", "-model-path", "-x"]:
        add(["--ep", "2", s, "8"])
        add(["--ep", "2", s])
    # Unicode
    for line in [["--model-path", "モデル"], ["--moe-a2a-backend", "ｐｐｌｘ"], ["--tp", "٨"],
                 ["--tp-sizé", "8"], ["--tp", "8\u200b"], ["--mödel", "x"],
                 ["--model-path", "a\u2028b"]]:
        add(line)
    # values that look like NAME=VALUE
    for s, v in [("--model-path", "tp_size=8"), ("--model-path", "is_npu=true"),
                 ("--model-path", "A=B"), ("--host", "tp_size=8"),
                 ("--model-path", "SGLANG_MOE_NVFP4_DISPATCH=1"), ("--host", "is_npu=1"),
                 ("--cuda-graph-bs", "tp_size=1"), ("--model-checksum", "is_npu=true"),
                 ("--model-checksum", "A=B"), ("--lora-paths", "name=path"),
                 ("--lora-paths", "tp_size=path")]:
        add([s, v])
    add(["--model-path=tp_size=8"])
    # help
    for line in [["--help"], ["-h"], ["--tp", "2", "-h"]]:
        add(line)
    # shell quoting and comments, control characters
    for v in ["#x", "x#y", "a\\b", "'", "a\tb", " ", "a\rb"]:
        add(["--model-path", v])
    for line in [["--tp", "2", "#", "--ep", "3"], ["--tp", "8\r"], ["--tp", "\x1c8"],
                 ["--tp", "8\x1f"]]:
        add(line)
    # words that hold a blank, negative numbers in other scripts' digits
    for s in ["--model-path", "--tp", "--host", "--cuda-graph-bs", "--model-checksum",
              "--lora-paths"]:
        for v in ODD_VALUES:
            add([s, v])
            add([s, v, "--ep", "2"])
    return c


PROGRAM_FLAG_SHAPES = [
    lambda s: [s], lambda s: [s, "--ep", "2"], lambda s: [s, "x"],
    lambda s: [s, "x", "--ep", "2"], lambda s: [s, "x", "y", "--ep", "2"],
    lambda s: [s + "=x"], lambda s: [s + "=x", "y"], lambda s: ["--ep", "2", s],
    lambda s: [s, "-5", "--ep", "2"], lambda s: [s, "-x"],
]


def spelling_cases():
    """Every prefix of the keys' spellings (and of the two that are not
    SGLang's); for every other spelling, the longest prefix that other
    flags share and the one a letter longer (where argparse's abbreviation
    rule flips), and the spelling in ten shapes."""
    c = []
    for s in list(KEY_OF_SPELLING) + NOT_SGLANG_SPELLINGS:
        key = KEY_OF_SPELLING.get(s, "cuda_graph_decode_backend")
        value = ENUM_KEYS[key][-1] if key in ENUM_KEYS else "2"
        for n in range(3, len(s) + 1):
            p = s[:n]
            if key in BOOL_KEYS:
                c += [[p], [p, "--ep", "2"]]
            else:
                c += [[p, value], [p + "=" + value]]
    for s, kind in PROGRAM_FLAGS.items():
        n = len(s) - 1
        while n > 3 and len(flags_starting(s[:n])) < 2:
            n -= 1
        for p in (s[:n], s[:n + 1]):
            c.append([p, "--ep", "2"] if kind == "bool" else [p, "x", "--ep", "2"])
        c += [shape(s) for shape in PROGRAM_FLAG_SHAPES]
    return c


def mangle(rng, s):
    """s, or a near miss of it."""
    r = rng.random()
    if r < 0.45:
        return s
    if r < 0.70:
        return s[:rng.randint(3, len(s))]
    if r < 0.76:
        return "-" + s[2:rng.randint(4, len(s))]
    if r < 0.79:
        return rng.choice("\u2014\u2013") + s[2:rng.randint(4, len(s))]
    if r < 0.83:
        return s.upper()
    if r < 0.87:
        return "--" + s[2:].replace("-", "_")
    if r < 0.93:
        i = rng.randint(2, len(s) - 1)
        return s[:i] + s[i + 1:]
    return "---" + s[2:]


def random_words(rng):
    r = rng.random()
    if r < 0.75:
        s = rng.choice(list(KEY_OF_SPELLING) + NOT_SGLANG_SPELLINGS)
        key = KEY_OF_SPELLING.get(s, "cuda_graph_decode_backend")
        flag = mangle(rng, s)
        if key in BOOL_KEYS:
            return [flag + (rng.choice(BOOL_SUFFIXES) if rng.random() < 0.35 else "")]
        v = rng.choice(value_forms(key, rng))
        form = rng.random()
        if form < 0.55:
            return [flag, v]
        if form < 0.85:
            return [flag + "=" + v]
        return [flag]
    if r < 0.92:
        s = rng.choice(OTHER_FLAGS + rng.sample(list(PROGRAM_FLAGS), 2))
        flag = mangle(rng, s)
        kind = PROGRAM_FLAGS.get(s, "value")
        if kind == "bool":
            return [flag + (rng.choice(BOOL_SUFFIXES) if rng.random() < 0.2 else "")]
        n = {"value": 1, "optional": rng.randint(0, 1), "list": rng.randint(0, 3),
             "any": rng.randint(0, 3)}[kind]
        values = [rng.choice(["1", "2", "x", "-1", "-x", "a b", "-.5", "-1e3", "{}", "A=B"])
                  for _ in range(n)]
        if n == 1 and rng.random() < 0.3:
            return [flag + "=" + values[0]]
        return [flag] + values
    return [rng.choice(STRAY_WORDS)]


def random_cases(rng, n):
    return [[w for _ in range(rng.randint(1, 6)) for w in random_words(rng)] for _ in range(n)]


# ---------------------------------------------------------------------------

def main():
    if not os.access(FLAGRULE, os.X_OK):
        print("SKIP: no flagrule binary at %s" % FLAGRULE)
        return 77
    if not hasattr(sys, "set_int_max_str_digits"):
        print("SKIP: this Python has no int digit limit (CPython 3.10.7 on; SGLang's has)")
        return 77
    # CPython's default, which PYTHONINTMAXSTRDIGITS may have changed here
    sys.set_int_max_str_digits(4300)

    rng = random.Random(SEED)
    argvs = list({tuple(a): a for a in hand_cases() + spelling_cases()
                  + random_cases(rng, RANDOM_CASES)}.values())
    # a line of stdin holds no line break: those go through argv only
    one_line, argv_only = [], []
    for a in argvs:
        (argv_only if any("\n" in w or "\r" in w for w in a) else one_line).append(a)
    stdin = "".join(shlex.join(LAUNCH + a if i % 2 else a) + "\n" for i, a in enumerate(one_line))
    records = flagrule([], stdin)
    if [r["line"] for r in records] != list(range(1, len(one_line) + 1)):
        raise HarnessError("%d records for %d stdin lines" % (len(records), len(one_line)))

    stdin_record = {tuple(a): r for a, r in zip(one_line, records)}
    checked = list(zip(one_line, records))
    disagreements = []
    for a in argv_only + rng.sample(one_line, ARGV_SAMPLE):
        recs = flagrule(["--"] + a)
        if len(recs) != 1:
            raise HarnessError("`check -- ARGV` gave %d records for %r" % (len(recs), a))
        line_rec = stdin_record.get(tuple(a))
        if line_rec is not None and without_line(line_rec) != without_line(recs[0]):
            disagreements.append(Disagreement(a, "(not asked)", "stdin line %s, argv %s" % (
                fr_said(line_rec), fr_said(recs[0])), "stdin and argv records differ"))
        checked.append((a, recs[0]))

    allowed = Counter()
    for a, rec in checked:
        d, reasons = judge(a, sglang_parse(a), rec)
        if d:
            disagreements.append(d)
        else:
            allowed.update(reasons)

    python = "Python %d.%d.%d" % sys.version_info[:3]
    print("%d command lines compared (%d through `check -- ARGV`) with SGLang's argparse (%s)"
          % (len(checked), len(checked) - len(one_line), python))
    print("allowed differences: " + ", ".join("%s %d" % kv for kv in sorted(allowed.items())))
    if disagreements:
        kinds = defaultdict(list)
        for d in disagreements:
            kinds[d.kind].append(d)
        print("FAIL: %d lines read otherwise by flagrule, %d kinds; the shortest of each:"
              % (len(disagreements), len(kinds)))
        for ds in sorted(kinds.values(), key=len, reverse=True)[:MAX_SHOWN]:
            d = min(ds, key=lambda d: (len(d.argv), sum(map(len, d.argv))))
            print("  (%d) %r\n      argparse: %s\n      flagrule: %s"
                  % (len(ds), [clip(w, 40) for w in d.argv], clip(on_one_line(d.argparse), 200),
                     clip(on_one_line(d.flagrule), 200)))
        return 1
    if len(checked) < MIN_COMPARED:
        print("FAIL: only %d lines compared (at least %d expected)" % (len(checked), MIN_COMPARED))
        return 1
    print("ok: flagrule reads every line as SGLang's parser does, but for the allowed differences")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except HarnessError as e:
        print("argparse-mirror.py: harness error: %s" % e, file=sys.stderr)
        sys.exit(99)
