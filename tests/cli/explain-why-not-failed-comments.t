# A failed rule's run-time error names the expression as parsed.
$ explain --no-env -r comments.rules --why-not R
> rule 'R' (comments.rules:13) failed: division by zero in '10 / (n - 0)'
>   when: 10 / (n - 0) > 1 & !b
>     10 / (n - 0) > 1  -> division by zero
>     !b  -> true
>   reading
>     n = 0  (the default)
>     b = False  (the default)
