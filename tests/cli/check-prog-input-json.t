# --input json: a member naming one of the program's other flags (by its
# spelling without dashes, a prefix of it, underscores for dashes) is
# skipped whatever its value; an ambiguous prefix is refused, with
# --ignore-unknown too (argparse refuses it whatever).
$ check -r prog.rules --input json
< {"tp": 2, "mem-fraction-static": 0.8, "cuda_graph_bs": [1, 2], "trust": true}
< {"moe-a2a-backend": "pplx", "lora-paths": null}
< {"enable-dp": true}
< {"mem-fraction-statc": 0.8}
> line 1: ok
> line 2: error[a2a-needs-dp-attention]: pplx needs --enable-dp-attention
>   --> prog.rules:7
> line 3: invalid: ambiguous key 'enable-dp' could match --enable-dp-attention, --enable-dp-lm-head
> line 4: invalid: unknown key 'mem-fraction-statc'; did you mean 'mem-fraction-static'?
? 1
