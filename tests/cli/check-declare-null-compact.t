# The same through the stream's path (compact, one thread and two).
$ check --no-env --format compact -r nulldecl.rules
< --on
< --on --limit 3 --e b --s q
< --limit 2
> error	copy,pick	n=null
> ok	-	size=4 f=b t=q n=3
> ok	-	-
? 1
