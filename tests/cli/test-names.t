# A test's name is written escaped (oddnames.rules: newlines, ESC, a C1 control,
# quotes): every line of the report is one the runner wrote.  (Backslashes
# doubled: the harness reads expected lines through printf %b.)
$ test -v -r oddnames.rules
> oddnames.rules:5:68: test "t\\n0 passed, 0 failed\\nfake\\x1b[2J \\u{9b}x \\"q\\"": expected ok, got error (r)
> oddnames.rules:5:81: test "t\\n0 passed, 0 failed\\nfake\\x1b[2J \\u{9b}x \\"q\\"": expected error r, got errors: none
> oddnames.rules:5:90: test "t\\n0 passed, 0 failed\\nfake\\x1b[2J \\u{9b}x \\"q\\"": ok
> 1 passed, 2 failed
? 1
