# A flag's null words, read where its value is (`--size none`, `--mode=null`,
# quoted or not, among other words), and the words that are none of them; a
# word after a spelling that gives a constant is no value of it, not even a
# null word.  (The fast reader takes the null words itself: these lines
# check that it reads them as the general reader does.)
$ check --no-env --format text -r nullconst.rules
< --small none
< --prefill null
< --size none --mode null
< --size=auto --mode=null --on=unset
< --small=none
< --size 7 --size none
< --mode null --mode prefill
< --size nonE
< --mode nul
< --on unset
< FRT_N=2 --size none --mode null --on=unset --size auto --mode=null --size=none --mode decode
< --size -- none
< --size=null
< --size "none" --mode 'null'
> line 1: invalid: unexpected argument 'none'
> line 2: invalid: unexpected argument 'null'
> line 3: info[size-null]: size null
>   --> nullconst.rules:8
> line 3: info[mode-null]: mode null
>   --> nullconst.rules:9
> line 4: info[size-null]: size null
>   --> nullconst.rules:8
> line 4: info[mode-null]: mode null
>   --> nullconst.rules:9
> line 4: info[on-null]: on null
>   --> nullconst.rules:10
> line 5: invalid: --small takes no value (gives size = 8), got 'none'
> line 6: info[size-null]: size null
>   --> nullconst.rules:8
> line 7: info[pre]: prefill
>   --> nullconst.rules:12
> line 8: invalid: --size expects an integer (or null: 'none', 'auto'), got 'nonE'; did you mean 'none'?
> line 9: invalid: --mode expects one of prefill, decode (or null: 'null'), got 'nul'; did you mean 'null'?
> line 10: invalid: unexpected argument 'unset'
> line 11: info[size-null]: size null
>   --> nullconst.rules:8
> line 11: info[on-null]: on null
>   --> nullconst.rules:10
> line 12: invalid: missing value for --size
> line 13: invalid: --size expects an integer (or null: 'none', 'auto'), got 'null'
> line 14: info[size-null]: size null
>   --> nullconst.rules:8
> line 14: info[mode-null]: mode null
>   --> nullconst.rules:9
? 1
