# A misspelt lint option: the nearest one, and where the help is.
$ lint --werorr -r cycle.rules
2> flagrule: lint: unknown option '--werorr'; did you mean '--werror'?
2> Try 'flagrule lint --help'.
? 2
