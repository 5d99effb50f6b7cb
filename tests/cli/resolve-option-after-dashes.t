# resolve: the same hint for one of its options written after '--'.
$ resolve -r moe.rules -- --dp-size 2 --no-env
2> flagrule: invalid config: unknown flag '--no-env'
2> flagrule: hint: '--no-env' is an option of flagrule resolve: give it before '--' (flagrule resolve [OPTIONS] -- FLAGS...)
? 1
