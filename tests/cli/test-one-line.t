# Each failing case is located by line and column (of the expectation, or of
# the config when it is invalid): cases written on one line are told apart.
$ test -r oneline.rules
> oneline.rules:4:29: test "one line": expected ok, got error (pos)
> oneline.rules:4:42: test "one line": expected error pos, got errors: none
> oneline.rules:4:76: test "one line": expected ok, got error (pos)
> 1 passed, 3 failed
? 1
