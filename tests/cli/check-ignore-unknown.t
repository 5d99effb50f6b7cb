# --ignore-unknown: flags the rules do not declare are skipped with their
# values, so a whole launch line can be checked; a near miss of a declared
# flag is still a typo.
$ check -r moe.rules --ignore-unknown --format compact
< python -m sglang.launch_server --port 30000 --trust-remote-code --moe-a2a-backend pplx --deepep-mode normal --offset -3
< --host 0.0.0.0 --moe-a2a-backnd pplx
> error	pplx-normal-mode,pplx-needs-dp-attention	-
> invalid	-	-
? 1
