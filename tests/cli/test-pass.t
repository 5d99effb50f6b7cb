# flagrule test (flagrule(1) EXAMPLES).
$ test -r moe.rules
> 2 passed, 0 failed
