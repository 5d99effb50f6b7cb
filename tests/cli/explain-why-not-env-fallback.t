# explain --why-not: a key read whose env value was of the wrong type shows
# the default and the warning[input] line, as explain KEY does
# (explain-env-fallback.t); it said "given by the config" and no warning.
$ explain -r misc.rules --why-not chunk-div -- FRT_MAX_TOKENS=lots --tp-size 2
> rule 'chunk-div' (misc.rules:18) did not fire: its condition is false
>   when: chunk > 0 & FRT_MAX_TOKENS / (tp_size - 3) > chunk
>     chunk > 0  -> true
>     FRT_MAX_TOKENS / (tp_size - 3) > chunk  -> false
>   reading
>     chunk = 8192  (the default)
>     FRT_MAX_TOKENS = 4096  (the default)
>       warning[input]: FRT_MAX_TOKENS expects an integer, got 'lots'; its default 4096 is used, as the program falls back to it
>     tp_size = 2  (given by the config)
