# --why-not on a rule caught in an oscillation says so, rather than that it did
# not fire (its state is one of a cycle that never settles).
$ explain --no-env -r cycle.rules --why-not ping -- --go
> rule 'ping' (cycle.rules:7) is caught in an oscillation (an error of the config, reported at rule 'ping'):
>   it is enabled in some rounds and not in others, so no state of its keys holds; in the state where
>   the oscillation was found its condition is false:
>   when: go & !b
>     go  -> true
>     !b  -> false
>   reading
>     go = True  (given by the config)
>     b = True  (declared by rule 'pong' (cycle.rules:8))
