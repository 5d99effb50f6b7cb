# The resolve example of flagrule(1).
$ resolve -r moe.rules -- --moe-a2a-backend pplx --enable-dp-attention --dp-size 2
> --moe-a2a-backend pplx --deepep-mode low_latency --dp-size 2 --enable-dp-attention
2> warning[pplx-auto-low-latency]: auto set deepep_mode=`low_latency` for PPLX EP
2>   --> moe.rules:13
