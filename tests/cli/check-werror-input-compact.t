# --werror, compact: a config whose only warning is an input warning (an env
# value of the wrong type) names it [input] in ERRORS, which no rule name can
# be; it used to fail as "error - -", naming nothing.
env FRT_MAX_TOKENS=lots
$ check -r misc.rules --werror --format compact
< --tp 4
< FRT_MAX_TOKENS=1 --tp 4
> error\t[input]\t-
> ok\t-\t-
? 1
