# A rule's name where a key is expected: the hint says it is a rule, and that
# --why-not is the option.
$ explain -r moe.rules pplx-normal-mode
2> flagrule: explain: unknown key 'pplx-normal-mode': it is the rule 'pplx-normal-mode'; to tell why a rule fired or did not, use --why-not: flagrule explain --why-not pplx-normal-mode
? 2
