# No '--': the config is standard input's line.
$ explain deepep_mode --no-env -r moe.rules
< --moe-a2a-backend pplx --deepep-mode auto
> deepep_mode = 'low_latency'  (declared by rule 'pplx-auto-low-latency' (moe.rules:13))
>   input: 'auto'  (given by the config)
>   rule 'pplx-auto-low-latency' (moe.rules:13) declares deepep_mode = 'low_latency' because
>     a2a = pplx  -> true
>     mode = auto  -> true
>   reading
>     moe_a2a_backend = 'pplx'  (given by the config)
>     given(deepep_mode) = 'auto'  (given by the config)
