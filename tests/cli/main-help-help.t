# 'flagrule help help' (the synopsis lists help as a command): the usage, as
# 'flagrule help'; it said "unknown command 'help'".
$ help help
> usage: flagrule COMMAND [OPTIONS] [-- FLAGS...]
>
> commands:
>   check    evaluate configs against the rules
>   resolve  print the resolved config
>   explain  why a key has its value, or why a rule did not fire
>   lint     compile the rules and run the static checks
>   test     run the test blocks of the rules
>   doc      generate the error documentation
>
> 'flagrule COMMAND --help' describes a command; see flagrule(1).
