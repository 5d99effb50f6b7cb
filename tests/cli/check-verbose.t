# -v: the declared and resolved values.
$ check -r moe.rules -v -- --moe-a2a-backend pplx --enable-dp-attention --dp-size 2
> warning[pplx-auto-low-latency]: auto set deepep_mode=`low_latency` for PPLX EP
>   --> moe.rules:13
>   declared: deepep_mode=low_latency
>   resolved: moe_a2a_backend=pplx deepep_mode=low_latency dp_size=2 enable_dp_attention=true
