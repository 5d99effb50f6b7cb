# A compile-time diagnostic quotes the expression as parsed (its source line,
# shown under it, keeps the comment).
$ check --no-env -r typecomment.rules --
2> typecomment.rules:4:13: error: '&' needs conditions (bools), but '(n + 1)' is an int
2> rule Q: b & (n # c
2>             ^~~~~~
2> hint: compare it, e.g. '(n + 1) != 0'
2> flagrule: 1 error in the rules
? 2
