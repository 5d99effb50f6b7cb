# --ignore-unknown with --input json: a member naming no key is skipped.
$ explain --no-env -r moe.rules --input json --ignore-unknown deepep_mode -- '{"port": 30000, "moe_a2a_backend": "pplx"}'
> deepep_mode = 'low_latency'  (declared by rule 'pplx-auto-low-latency' (moe.rules:13))
>   rule 'pplx-auto-low-latency' (moe.rules:13) declares deepep_mode = 'low_latency' because
>     a2a = pplx  -> true
>     mode = auto  -> true
>   reading
>     moe_a2a_backend = 'pplx'  (given by the config)
>     given(deepep_mode) = 'auto'  (the default)
