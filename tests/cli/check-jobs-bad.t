# A -j value that is not a number of jobs: the accepted forms are named.
$ check -r moe.rules -j two
2> flagrule: check: invalid number of jobs 'two' for '-j': give a number from 1 to 1024, or 0 or 'auto' for one per usable CPU
? 2
