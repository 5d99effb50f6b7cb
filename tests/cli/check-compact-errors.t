# Compact: every error rule in report order (an oscillation, a conflict).
$ check -r cycle.rules --format compact -- --x --y --go
> error	ping,one	b=true n=1
? 1
