# More than 1024 jobs is refused.
$ check -r moe.rules -j 1025
2> flagrule: check: invalid number of jobs '1025' for '-j': give a number from 1 to 1024, or 0 or 'auto' for one per usable CPU
? 2
