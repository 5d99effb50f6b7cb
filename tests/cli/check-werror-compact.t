# --werror, compact: a config with warnings says error, and the rules of its
# warnings follow those of its errors; the exit status is 1.
$ check --werror --format compact --no-env -r moe.rules
< --moe-a2a-backend pplx --enable-dp-attention --dp-size 2
< --moe-a2a-backend deepep
< --moe-a2a-backend pplx
> error\tpplx-auto-low-latency\tdeepep_mode=low_latency
> ok\t-\t-
> error\tpplx-needs-dp-attention,pplx-auto-low-latency\tdeepep_mode=low_latency
? 1
