# resolve --input json --format kv: every key.
$ resolve -r misc.rules --input json --format kv
< {"tp_size": 8, "mode": "normal"}
> model_path=null
> tp_size=8
> chunk=2048
> mode=normal
> quiet=true
> FRT_MAX_TOKENS=4096
> arch=null
2> error[big-tp]: conflict: rule 'big-tp' (misc.rules:25) declares chunk=4096 but rule 'normal-tp' (misc.rules:26) declares chunk=2048
2>   --> misc.rules:25
? 1
