# An invalid config prints nothing on stdout.
$ resolve -r moe.rules -- --moe-a2a-backend pplxx
2> flagrule: invalid config: --moe-a2a-backend expects one of none, deepep, pplx, got 'pplxx'; did you mean 'pplx'?
? 1
