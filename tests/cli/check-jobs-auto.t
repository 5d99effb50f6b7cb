# --jobs auto (one thread per online CPU) and -j 0 (the same); a last line
# without a newline.
env FLAGRULE_CHUNK_SIZE=16
$ check -r moe.rules --format compact --jobs auto -j 0
< --moe-a2a-backend pplx --enable-dp-attention --dp-size 2
<. --moe-a2a-backend pplx --deepep-mode normal
> ok	-	deepep_mode=low_latency
> error	pplx-normal-mode,pplx-needs-dp-attention	-
? 1
