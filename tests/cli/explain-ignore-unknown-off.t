# Without --ignore-unknown an undeclared flag makes the config invalid.
$ explain --no-env -r moe.rules deepep_mode -- --port 30000 --moe-a2a-backend pplx
2> flagrule: invalid config: unknown flag '--port'
? 1
