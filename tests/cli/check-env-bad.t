# A bad value in the environment makes the config invalid, naming it.
env FRT_MAX_TOKENS=lots
$ check -r misc.rules --format compact
< --tp 4
< FRT_MAX_TOKENS=1 --tp 4
> invalid	-	-
> ok	-	-
? 1
