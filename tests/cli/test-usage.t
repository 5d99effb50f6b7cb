$ test -r moe.rules --verbos
2> flagrule: test: unknown option '--verbos'; did you mean '--verbose'?
2> Try 'flagrule test --help'.
? 2
