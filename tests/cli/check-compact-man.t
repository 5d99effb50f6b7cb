# The compact example of flagrule(1).
$ check -r moe.rules --format compact
< --moe-a2a-backend deepep
< --moe-a2a-backend pplx
< --dp-sise 2
> ok	-	-
> error	pplx-needs-dp-attention	deepep_mode=low_latency
> invalid	-	-
? 1
