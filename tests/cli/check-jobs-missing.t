# -j needs a value.
$ check -r moe.rules -j
2> flagrule: check: option '-j' needs a value: a number of jobs (1 or more), or 0 or 'auto' for one per usable CPU
? 2
