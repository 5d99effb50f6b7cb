# flagrule test is hermetic: an env key that a case does not give has its
# default, whatever the process environment holds.
env FRT_TOKENS=64
$ test -v -r envtest.rules
> envtest.rules:4:5: test "the environment is not read": ok
> envtest.rules:5:5: test "the environment is not read": ok
> 2 passed, 0 failed
