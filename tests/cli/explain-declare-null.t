# explain: a declare rule that failed on a null value.
$ explain --no-env -r nulldecl.rules size -- --on
> size = 0  (the default)
>   rule 'copy' (nulldecl.rules:11) could declare it but failed: the value is null, and the key is not nullable
>     on  -> true
