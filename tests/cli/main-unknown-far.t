# A command near none of them: no suggestion.
$ frobnicate
2~ ^flagrule: unknown command 'frobnicate'$
? 2
