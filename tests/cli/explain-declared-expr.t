# explain of a key declared from an expression: the expression, and the keys it
# reads with the condition's.
$ explain ep --no-env -r exprs.rules -- --spans --tp 4
> ep = 8  (declared by rule 'ep-follows-tp' (exprs.rules:5))
>   rule 'ep-follows-tp' (exprs.rules:5) declares ep = 8 (tp * 2) because
>     spans  -> true
>   reading
>     spans = True  (given by the config)
>     tp = 4  (given by the config)
