# --ignore-unknown: flags the rules do not declare are skipped with their
# values, so a whole launch line can be checked.  A flag close to a declared
# one is skipped too (the program rejects its own typos): --moe-a2a-backnd is
# not caught.  An unknown flag takes every value-looking word after it
# (--cuda-graph-bs 1 2 -4, as argparse's nargs='+'), none after '='.
$ check -r moe.rules --ignore-unknown --format compact
< python -m sglang.launch_server --port 30000 --trust-remote-code --moe-a2a-backend pplx --deepep-mode normal --offset -3
< --host 0.0.0.0 --moe-a2a-backnd pplx
< python -m sglang.launch_server --pp-size 2 --moe-a2a-backend pplx --enable-nan-detection --deepep-config /cfg.json --cuda-graph-bs 1 2 4 --dp-size 2 --enable-dp-attention
< --cuda-graph-bs 1 2 -4 pplx --moe-a2a-backend pplx
< --deepep-config=x pplx --moe-a2a-backend pplx
> error	pplx-normal-mode,pplx-needs-dp-attention	-
> ok	-	-
> ok	-	deepep_mode=low_latency
> error	pplx-needs-dp-attention	deepep_mode=low_latency
> invalid	-	-
? 1
