# A misspelt command: the nearest one is suggested, then the usage.
$ chek -- --moe-a2a-backend pplx
2> flagrule: unknown command 'chek'; did you mean 'check'?
2> usage: flagrule COMMAND [OPTIONS] [-- FLAGS...]
2>
2> commands:
2>   check    evaluate configs against the rules
2>   resolve  print the resolved config
2>   explain  why a key has its value, or why a rule did not fire
2>   lint     compile the rules and run the static checks
2>   test     run the test blocks of the rules
2>   doc      generate the error documentation
2>
2> 'flagrule COMMAND --help' describes a command; see flagrule(1).
? 2
