# An env int is read as Python's int() reads it: blanks around it are dropped
# (here on the config line).
$ resolve --no-env --format kv -r misc.rules -- "FRT_MAX_TOKENS= 200 "
> model_path=null
> tp_size=1
> chunk=8192
> mode=auto
> quiet=true
> FRT_MAX_TOKENS=200
> arch=null
