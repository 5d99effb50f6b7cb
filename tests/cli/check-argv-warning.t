# A launch line with program words; a warning alone passes (exit 0).
$ check -r moe.rules -- python -m sglang.launch_server --moe-a2a-backend=pplx --enable-dp-attention --dp-size 2
> warning[pplx-auto-low-latency]: auto set deepep_mode=`low_latency` for PPLX EP
>   --> moe.rules:13
? 0
