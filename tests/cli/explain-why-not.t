# explain --why-not RULE.
$ explain -r moe.rules --why-not pplx-normal-mode -- --moe-a2a-backend pplx
> rule 'pplx-normal-mode' (moe.rules:8) did not fire: its condition is false
>   when: a2a = pplx & mode = normal
>     a2a = pplx  -> true
>     mode = normal  -> false
>   reading
>     moe_a2a_backend = 'pplx'  (given by the config)
>     deepep_mode = 'low_latency'  (declared by rule 'pplx-auto-low-latency' (moe.rules:13))
