# lint (getopt_long): --werror=yes.
$ lint --werror=yes -r moe.rules
2> flagrule: lint: option '--werror' takes no value, got '--werror=yes'
2> Try 'flagrule lint --help'.
? 2
