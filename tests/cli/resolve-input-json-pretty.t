# resolve --input json: standard input is one JSON text, so a pretty-printed
# object (jq's output) spanning lines is the one config.
$ resolve -r misc.rules --input json --format kv
< {
<   "tp_size": 8,
<   "mode": "normal",
<   "quiet": false
< }
> model_path=null
> tp_size=8
> chunk=2048
> mode=normal
> quiet=false
> FRT_MAX_TOKENS=4096
> arch=null
2> info[quiet-off]: quiet is false, mode 'normal'
2>   --> misc.rules:23
2> error[big-tp]: conflict: rule 'big-tp' (misc.rules:25) declares chunk=4096 but rule 'normal-tp' (misc.rules:26) declares chunk=2048
2>   --> misc.rules:25
? 1
