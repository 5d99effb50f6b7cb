# An unknown key is a usage error with a suggestion.
$ explain -r moe.rules dp_sise
2> flagrule: explain: unknown key 'dp_sise'; did you mean 'dp_size'?
? 2
