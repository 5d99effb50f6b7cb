# --input json with the compact output: one line per config, as for command lines.
$ check -r misc.rules --input json --format compact
< {"tp_size": 4, "chunk": 4097}
< {"quiet": false, "model_path": "null"}
< {"tp_sise": 8}
> error	tp-chunk	-
> ok	-	-
> invalid	-	-
? 1
