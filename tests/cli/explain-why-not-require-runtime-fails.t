# The same require rule when the requirement does not hold: the error stands.
$ explain --no-env -r requirert.rules --why-not viareq -- --ok=false
> rule 'viareq' (requirert.rules:4) failed: division by zero in '10 / c'
>   when: 10 / c > 1
>     10 / c > 1  -> division by zero
>   requires: ok
>     ok  -> false
>   reading
>     c = 0  (the default)
>     ok = False  (given by the config)
