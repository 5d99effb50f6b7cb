# -j with a config after '--': that one config (standard input is not read).
$ check -r moe.rules -j 4 -- --moe-a2a-backend pplx --deepep-mode normal
< --dp-size 2
> error[pplx-normal-mode]: moe_a2a_backend='pplx' only supports low-latency mode; set --deepep-mode to 'low_latency' or 'auto'.
>   --> moe.rules:8
> error[pplx-needs-dp-attention]: moe_a2a_backend='pplx' requires --enable-dp-attention with at least 2 DP groups (--dp-size >= 2).
>   --> moe.rules:18
? 1
