# check -j 4 with no input: no records, status 0.
$ check -r moe.rules -j 4
