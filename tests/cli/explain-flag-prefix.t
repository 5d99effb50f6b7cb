# explain KEY: a flag spelling's prefix names its key, as on a config line;
# an ambiguous one lists the spellings, an unknown one gets a "did you mean".
$ explain --no-env -r misc.rules --chunked --
> chunk = 8192  (the default)
>   rule 'big-tp' (misc.rules:25) could declare it, but its condition is false:
>     tp_size >= 8  -> false
>   rule 'normal-tp' (misc.rules:26) could declare it, but its condition is false:
>     mode = normal  -> false
