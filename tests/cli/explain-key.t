# explain KEY: the declaring rule, its terms and what they read.
$ explain -r moe.rules deepep_mode -- --moe-a2a-backend pplx
> deepep_mode = 'low_latency'  (declared by rule 'pplx-auto-low-latency' (moe.rules:13))
>   rule 'pplx-auto-low-latency' (moe.rules:13) declares deepep_mode = 'low_latency' because
>     a2a = pplx  -> true
>     mode = auto  -> true
>   reading
>     moe_a2a_backend = 'pplx'  (given by the config)
>     given(deepep_mode) = 'auto'  (the default)
