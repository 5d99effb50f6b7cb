# The condition as parsed: comments dropped, on one line.
$ explain --no-env -r comments.rules --why-not X -- --b
> rule 'X' (comments.rules:7) fired; its condition holds:
>   when: n = 0 & b
>     n = 0  -> true
>     b  -> true
>   reading
>     n = 0  (the default)
>     b = True  (given by the config)
