# explain under an oscillation: the declared value is the last round's,
# computed from the state before it, so no "because" for the condition of
# the state left (it read "declares b = True because a -> false").
$ explain -r cycle.rules b -- --go
> b = True  (declared by rule 'pong' (cycle.rules:8))
>   b oscillates: the rules declaring it never settle (error of rule 'ping'), so this
>   is only the state in which the oscillation was found; the rules involved:
>     rule 'ping' (cycle.rules:7)
>     rule 'pong' (cycle.rules:8)
>   rule 'pong' (cycle.rules:8) declares b = True from the state before the last round (the cycle never settles);
>   in the state left, which the next round changes:
>     go  -> true
>     a  -> false
>   reading
>     go = True  (given by the config)
>     a = False  (the default)
