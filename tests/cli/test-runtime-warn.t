# A run-time error of a warn rule is an error of the config: 'error R' and
# 'not error R' of a warn or info rule whose condition can fail at run time
# are expectations a test may write (not "gives warnings, never errors").
$ test -r rtwarn.rules
> rtwarn.rules:12:15: test "run-time errors of warn and info rules": expected not error per-rank, got error per-rank
> 3 passed, 1 failed
? 1
