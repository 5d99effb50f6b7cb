# A condition 'a & b' with a failing term and a false one is false, as check
# says (ok): explain says why, under a term shown failing.
$ explain --no-env -r requirert.rules --why-not viaerr
> rule 'viaerr' (requirert.rules:5) did not fire: its condition is false: a term below could not
>   be evaluated, but '&' is false when either side is false, even if the other fails (no error)
>   when: 10 / c > 1 & !ok
>     10 / c > 1  -> division by zero
>     !ok  -> false
>   reading
>     c = 0  (the default)
>     ok = True  (the default)
