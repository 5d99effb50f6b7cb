# `--` with no words: the empty config (the defaults), not standard input.
$ check -r moe.rules --
< --moe-a2a-backend pplx
> ok
