# --input json: JSON's null is null for any nullable key; a text is read as a
# word of a config line (a flag's null words, a fact's null and None), but a
# string key's text is kept as it is.
$ check --no-env --input json --format text -r nullwords.rules
< {"quant": "None"}
< {"quant": null, "max_bs": "none", "mode": "null", "FRT_NAME": "x"}
< {"label": "-", "arch": "None", "layers": "None", "FRT_NAME": "x"}
< {"max_bs": "null"}
< {"FRT_LIMIT": "None", "quant": "fp8", "FRT_NAME": "None"}
< {"mode": "None"}
< {"layers": null, "max_bs": null, "FRT_NAME": "x"}
> line 1: invalid: quant expects one of awq, fp8 (or null), got 'None'
> line 2: info[mode-null]: mode null
>   --> nullwords.rules:14
> line 2: info[quant-null]: quant null
>   --> nullwords.rules:15
> line 2: info[bs-null]: max_bs null
>   --> nullwords.rules:16
> line 2: info[label-null]: label null
>   --> nullwords.rules:18
> line 2: info[arch-null]: arch null
>   --> nullwords.rules:19
> line 2: info[limit-null]: FRT_LIMIT null
>   --> nullwords.rules:21
> line 3: info[mode-null]: mode null
>   --> nullwords.rules:14
> line 3: info[quant-null]: quant null
>   --> nullwords.rules:15
> line 3: info[layers-null]: layers null
>   --> nullwords.rules:20
> line 3: info[limit-null]: FRT_LIMIT null
>   --> nullwords.rules:21
> line 4: invalid: max_bs expects an integer (or null), got 'null'
> line 5: warning[input]: FRT_LIMIT expects an integer, got 'None'; its default null is used, as the program falls back to it
> line 5: info[mode-null]: mode null
>   --> nullwords.rules:14
> line 5: info[path-null]: path null
>   --> nullwords.rules:17
> line 5: info[label-null]: label null
>   --> nullwords.rules:18
> line 5: info[arch-null]: arch null
>   --> nullwords.rules:19
> line 5: info[limit-null]: FRT_LIMIT null
>   --> nullwords.rules:21
> line 6: invalid: mode expects one of prefill, decode (or null), got 'None'
> line 7: info[mode-null]: mode null
>   --> nullwords.rules:14
> line 7: info[quant-null]: quant null
>   --> nullwords.rules:15
> line 7: info[bs-null]: max_bs null
>   --> nullwords.rules:16
> line 7: info[label-null]: label null
>   --> nullwords.rules:18
> line 7: info[arch-null]: arch null
>   --> nullwords.rules:19
> line 7: info[layers-null]: layers null
>   --> nullwords.rules:20
> line 7: info[limit-null]: FRT_LIMIT null
>   --> nullwords.rules:21
? 1
