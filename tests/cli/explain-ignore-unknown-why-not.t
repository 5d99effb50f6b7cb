# --ignore-unknown with --why-not.
$ explain --no-env -r moe.rules --ignore-unknown --why-not pplx-normal-mode -- --host 0.0.0.0 --moe-a2a-backend pplx --deepep-mode normal
> rule 'pplx-normal-mode' (moe.rules:8) fired; its condition holds:
>   when: a2a = pplx & mode = normal
>     a2a = pplx  -> true
>     mode = normal  -> true
>   reading
>     moe_a2a_backend = 'pplx'  (given by the config)
>     deepep_mode = 'normal'  (given by the config)
