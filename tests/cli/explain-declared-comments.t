# A declared value's expression as parsed: comments dropped, on one line.
$ explain --no-env -r comments.rules m -- --b
> m = 2  (declared by rule 'D' (comments.rules:9))
>   rule 'D' (comments.rules:9) declares m = 2 (2 * (n + 1)) because
>     b  -> true
>   reading
>     b = True  (given by the config)
>     n = 0  (the default)
