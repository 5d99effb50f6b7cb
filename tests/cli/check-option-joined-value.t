# --OPTION-VALUE for an option that takes a value: the two words are suggested.
$ check -r moe.rules --input-json
2> flagrule: check: unknown option '--input-json'; did you mean '--input json'?
2> flagrule: the config goes after '--': flagrule check [OPTIONS] -- FLAGS...
2> Try 'flagrule check --help'.
? 2
