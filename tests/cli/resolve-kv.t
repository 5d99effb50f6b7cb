# resolve --format kv: every key.
$ resolve -r misc.rules --format kv -- --tp 8 --model 'a b'
> model_path="a b"
> tp_size=8
> chunk=4096
> mode=auto
> quiet=true
> FRT_MAX_TOKENS=4096
> arch=null
