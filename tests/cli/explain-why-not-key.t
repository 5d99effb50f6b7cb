# A key given to --why-not: the hint says it is a key (a flag spelling or an
# alias names its key).
$ explain -r moe.rules --why-not --deepep-mode
2> flagrule: explain: unknown rule '--deepep-mode': it is the key 'deepep_mode'; to tell why a key has its value, leave out --why-not: flagrule explain deepep_mode
? 2
