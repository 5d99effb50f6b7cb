# help with a misspelt command: the nearest one, then the usage.
$ help chekc
2~ ^flagrule: help: unknown command 'chekc'; did you mean 'check'\?$
? 2
