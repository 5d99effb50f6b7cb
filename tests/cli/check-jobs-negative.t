# --jobs=-1 and too many jobs are refused like any other bad value.
$ check -r moe.rules --jobs=-1
2> flagrule: check: invalid number of jobs '-1' for '--jobs': give a number from 1 to 1024, or 0 or 'auto' for one per usable CPU
? 2
