# --ignore-unknown, as for check and resolve: flags the rules do not declare are
# skipped with their values (without it the config is invalid).
$ explain --no-env -r moe.rules --ignore-unknown deepep_mode -- python -m sglang.launch_server --port 30000 --trust-remote-code --moe-a2a-backend pplx --cuda-graph-bs 1 2 4
> deepep_mode = 'low_latency'  (declared by rule 'pplx-auto-low-latency' (moe.rules:13))
>   rule 'pplx-auto-low-latency' (moe.rules:13) declares deepep_mode = 'low_latency' because
>     a2a = pplx  -> true
>     mode = auto  -> true
>   reading
>     moe_a2a_backend = 'pplx'  (given by the config)
>     given(deepep_mode) = 'auto'  (the default)
