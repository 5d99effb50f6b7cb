# `--` with no words: the empty config (the defaults), not standard input;
# a note says that the configs waiting there are not read.
$ check -r moe.rules --
< --moe-a2a-backend pplx
> ok
2> flagrule: note: '--' with no flags after it is the empty config; standard input (23 bytes waiting) is not read: to check the configs there, leave out '--'
