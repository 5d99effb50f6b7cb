# --input json over MoE rules: the keys of a server_args dict (dest names),
# or the flag names of an SGLang config file (moe-a2a-backend).
$ check -r moe.rules --input json
< {"moe_a2a_backend": "pplx", "deepep_mode": "normal"}
< {"moe_a2a_backend": "pplx", "enable_dp_attention": true, "dp_size": 2}
< {"moe-a2a-backend": "pplx"}
> line 1: error[pplx-normal-mode]: moe_a2a_backend='pplx' only supports low-latency mode; set --deepep-mode to 'low_latency' or 'auto'.
>   --> moe.rules:8
> line 1: error[pplx-needs-dp-attention]: moe_a2a_backend='pplx' requires --enable-dp-attention with at least 2 DP groups (--dp-size >= 2).
>   --> moe.rules:18
> line 2: warning[pplx-auto-low-latency]: auto set deepep_mode=`low_latency` for PPLX EP
>   --> moe.rules:13
> line 3: warning[pplx-auto-low-latency]: auto set deepep_mode=`low_latency` for PPLX EP
>   --> moe.rules:13
> line 3: error[pplx-needs-dp-attention]: moe_a2a_backend='pplx' requires --enable-dp-attention with at least 2 DP groups (--dp-size >= 2).
>   --> moe.rules:18
? 1
