# check -j4 (default chunks), compact: the records of check-stream-compact.t.
$ check -r moe.rules --format compact -j4
< --moe-a2a-backend deepep
< --moe-a2a-backend pplx --deepep-mode normal --enable-dp-attention --dp-size 2
< --moe-a2a-backend 'pplx
<
< --moe-a2a-backend pplx --enable-dp-attention --dp-size 2\r
< \r
< --bogus
<. --dp-size 3
> ok	-	-
> error	pplx-normal-mode	-
> invalid	-	-
> ok	-	-
> ok	-	deepep_mode=low_latency
> ok	-	-
> invalid	-	-
> ok	-	-
? 1
