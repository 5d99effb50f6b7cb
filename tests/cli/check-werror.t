# --werror: a warning fails the config.
$ check -r moe.rules --werror -- --moe-a2a-backend=pplx --enable-dp-attention --dp-size 2
> warning[pplx-auto-low-latency]: auto set deepep_mode=`low_latency` for PPLX EP
>   --> moe.rules:13
? 1
