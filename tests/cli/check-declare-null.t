# A declare rule whose value is null for a key that is not nullable fails
# with a run-time error (the key keeps its value); given values, it declares.
$ check --no-env -r nulldecl.rules
< --on
< --on --limit 3 --e b --s q
< --limit 2
> line 1: error[copy]: run-time error: 'limit + 1' is null, and 'size' is not nullable
>   --> nulldecl.rules:11
> line 1: error[pick]: run-time error: 'e' is null, and 'f' is not nullable
>   --> nulldecl.rules:12
> line 1: info[sane]: size is 0
>   --> nulldecl.rules:15
> line 2: info[sane]: size is 4
>   --> nulldecl.rules:15
> line 3: info[sane]: size is 0
>   --> nulldecl.rules:15
? 1
