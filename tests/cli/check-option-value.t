# An option that takes no value, given =VALUE: said so (it was "unknown
# option '--no-env'; did you mean '--no-env'?").
$ check --no-env=1 -r moe.rules -- --tp 1
2> flagrule: check: option '--no-env' takes no value, got '--no-env=1'
2> Try 'flagrule check --help'.
? 2
