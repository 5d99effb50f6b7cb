# --ignore-unknown with a real SGLang launch line: --pp-size is close to
# --dp-size but is a flag of the program, skipped like any undeclared flag.
$ check --no-env -r moe.rules --ignore-unknown -- python -m sglang.launch_server --pp-size 2 --moe-a2a-backend pplx
> warning[pplx-auto-low-latency]: auto set deepep_mode=`low_latency` for PPLX EP
>   --> moe.rules:13
> error[pplx-needs-dp-attention]: moe_a2a_backend='pplx' requires --enable-dp-attention with at least 2 DP groups (--dp-size >= 2).
>   --> moe.rules:18
? 1
