# A unique prefix of a flag is that flag, as with Python's argparse
# (`--tp 8` in a launch line means --tp-size 8).
$ check -r moe.rules --format compact -- python -m sglang.launch_server --dp 2 --moe-a2a pplx --enable-dp
> ok	-	deepep_mode=low_latency
? 0
