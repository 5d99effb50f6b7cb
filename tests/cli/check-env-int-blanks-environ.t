# The same for the process environment.
env FRT_MAX_TOKENS= 300
$ resolve --format kv -r misc.rules -- --tp 2
> model_path=null
> tp_size=2
> chunk=8192
> mode=auto
> quiet=true
> FRT_MAX_TOKENS=300
> arch=null
