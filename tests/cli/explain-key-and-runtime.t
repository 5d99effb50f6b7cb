# A declare rule whose condition is false, one of its terms failing: explain KEY
# says why the condition is false (as check: no error).
$ explain --no-env -r rtdecl.rules m
> m = 0  (the default)
>   rule 'D' (rtdecl.rules:6) could declare it, but its condition is false (a term could not be
>   evaluated, but '&' is false when either side is false, even if the other fails):
>     10 / i > 1  -> division by zero
>     b  -> false
