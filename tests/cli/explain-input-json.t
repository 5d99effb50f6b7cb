# explain --input json: why chunk has its value in a JSON config.
$ explain -r misc.rules --input json chunk
< {"tp_size": 8}
> chunk = 4096  (declared by rule 'big-tp' (misc.rules:25))
>   rule 'big-tp' (misc.rules:25) declares chunk = 4096 because
>     tp_size >= 8  -> true
>   reading
>     tp_size = 8  (given by the config)
