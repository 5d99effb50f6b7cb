# lint --dump-ir writes a regex with its flags.
$ lint --dump-ir -r refl.rules
> # keys (2)
> 0: flag s : string? = null  cli --s  declarers 0, readers 3
> 1: flag b : bool = true  cli --b  declarers 0, readers 1
>
> # rules (3)
> 0: rule r (error) refl.rules:4
>     when s ~ /^ab c$/ix
>     error "m"
>     reads s
> 1: rule r2 (error) refl.rules:5
>     when s ~ /^s3:\\/\\//i
>     error "m2"
>     reads s
> 2: rule q (error) refl.rules:7
>     when (s ~ /^a$/i) = b
>     error "m3"
>     reads s, b
>
> # plan: 0 group(s) of declare rules, in evaluation order
> checks (3): r r2 q
> max depth: 3
>
> # 8 nodes, 0 constants, 0 sets, 3 regexes, 2 cli spellings
