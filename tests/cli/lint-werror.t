# lint --werror: the rules' warnings fail (exit status 2), after they are printed.
$ lint --werror --no-color -r cycle.rules
2~ ^flagrule: lint: [0-9]+ warnings?, failing \(--werror\)$
? 2
