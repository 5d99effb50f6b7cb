# A config line gives a flag null by leaving it out or by one of its null words
# (cli null "WORD"), and by no other word: null and None are refused as argparse
# refuses them (for an enum, an int), or are text (a string flag).  A fact reads
# null and None as null; an env variable is null only when unset (its text is text,
# and a non-int falls back to the default).
$ check --no-env --format text -r nullwords.rules
< --mode null --quant awq --max-bs 4 --label x
< arch=None layers=null --mode=decode --max-bs None --label=-
< --max-bs none --label - --path null
< --quant None
< --quant null
< --max-bs null
< --mode None
< --mode nul
< FRT_LIMIT=None FRT_NAME=null --quant fp8 --path None
< arch=none layers=None --label=None
> line 1: info[mode-null]: mode null
>   --> nullwords.rules:14
> line 1: info[arch-null]: arch null
>   --> nullwords.rules:19
> line 1: info[limit-null]: FRT_LIMIT null
>   --> nullwords.rules:21
> line 1: info[name-null]: FRT_NAME null
>   --> nullwords.rules:22
> line 2: info[quant-null]: quant null
>   --> nullwords.rules:15
> line 2: info[bs-null]: max_bs null
>   --> nullwords.rules:16
> line 2: info[label-null]: label null
>   --> nullwords.rules:18
> line 2: info[arch-null]: arch null
>   --> nullwords.rules:19
> line 2: info[layers-null]: layers null
>   --> nullwords.rules:20
> line 2: info[limit-null]: FRT_LIMIT null
>   --> nullwords.rules:21
> line 2: info[name-null]: FRT_NAME null
>   --> nullwords.rules:22
> line 3: info[mode-null]: mode null
>   --> nullwords.rules:14
> line 3: info[quant-null]: quant null
>   --> nullwords.rules:15
> line 3: info[bs-null]: max_bs null
>   --> nullwords.rules:16
> line 3: info[label-null]: label null
>   --> nullwords.rules:18
> line 3: info[arch-null]: arch null
>   --> nullwords.rules:19
> line 3: info[limit-null]: FRT_LIMIT null
>   --> nullwords.rules:21
> line 3: info[name-null]: FRT_NAME null
>   --> nullwords.rules:22
> line 4: invalid: --quant expects one of awq, fp8, got 'None'; for null, leave the flag out
> line 5: invalid: --quant expects one of awq, fp8, got 'null'; for null, leave the flag out
> line 6: invalid: --max-bs expects an integer (or null: 'none', 'None'), got 'null'
> line 7: invalid: --mode expects one of prefill, decode (or null: 'null'), got 'None'
> line 8: invalid: --mode expects one of prefill, decode (or null: 'null'), got 'nul'; did you mean 'null'?
> line 9: warning[input]: FRT_LIMIT expects an integer, got 'None'; its default null is used, as the program falls back to it
> line 9: info[mode-null]: mode null
>   --> nullwords.rules:14
> line 9: info[path-null]: path null
>   --> nullwords.rules:17
> line 9: info[label-null]: label null
>   --> nullwords.rules:18
> line 9: info[arch-null]: arch null
>   --> nullwords.rules:19
> line 9: info[limit-null]: FRT_LIMIT null
>   --> nullwords.rules:21
> line 10: info[mode-null]: mode null
>   --> nullwords.rules:14
> line 10: info[quant-null]: quant null
>   --> nullwords.rules:15
> line 10: info[layers-null]: layers null
>   --> nullwords.rules:20
> line 10: info[limit-null]: FRT_LIMIT null
>   --> nullwords.rules:21
> line 10: info[name-null]: FRT_NAME null
>   --> nullwords.rules:22
? 1
