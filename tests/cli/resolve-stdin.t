# No '--': the config is standard input's line (blank lines aside), as with
# check; messages to stderr, exit 1 for the error.
$ resolve --no-env -r moe.rules
<
< --moe-a2a-backend pplx
<
> --moe-a2a-backend pplx --deepep-mode low_latency
2> warning[pplx-auto-low-latency]: auto set deepep_mode=`low_latency` for PPLX EP
2>   --> moe.rules:13
2> error[pplx-needs-dp-attention]: moe_a2a_backend='pplx' requires --enable-dp-attention with at least 2 DP groups (--dp-size >= 2).
2>   --> moe.rules:18
? 1
