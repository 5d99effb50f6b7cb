# An unknown option is a usage error with a suggestion.
$ check -r moe.rules --formt compact
2> flagrule: check: unknown option '--formt'; did you mean '--format'?
2> flagrule: the config goes after '--': flagrule check [OPTIONS] -- FLAGS...
2> Try 'flagrule check --help'.
? 2
