# A stream where every config passes: exit 0; `-` reads standard input.
$ check -r moe.rules --format compact -
< --moe-a2a-backend deepep
< python -m sglang.launch_server --moe-a2a-backend pplx --enable-dp-attention --dp-size 2
> ok	-	-
> ok	-	deepep_mode=low_latency
