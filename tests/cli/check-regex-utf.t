# A u regex on a value that is not UTF-8: a run-time error that says so.
$ check --no-env --format compact -r utf.rules
< --s \0303\0251
< --s \0377
< --s ab
> ok\t-\t-
> error\tone-char\t-
> error\tone-char\t-
? 1
