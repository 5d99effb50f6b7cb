# test: an option given =VALUE, one that takes none and one that takes it
# as the next argument.
$ test -v=1 -r moe.rules
2> flagrule: test: option '-v' takes no value, got '-v=1'
2> Try 'flagrule test --help'.
? 2
