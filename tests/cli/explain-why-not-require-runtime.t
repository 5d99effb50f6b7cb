# A require rule whose condition fails (division by zero) and whose requirement
# holds did not fire, as check says (ok): explain says the condition could not
# be evaluated, not that it is false.
$ explain --no-env -r requirert.rules --why-not viareq
> rule 'viareq' (requirert.rules:4) did not fire: its condition could not be evaluated
>   (division by zero in '10 / c'), but the requirement holds, and that decides it: a require rule is
>   'COND & !(C)', false when either side is false even if the other fails (no error)
>   when: 10 / c > 1
>     10 / c > 1  -> division by zero
>   requires: ok
>     ok  -> true
>   reading
>     c = 0  (the default)
>     ok = True  (the default)
