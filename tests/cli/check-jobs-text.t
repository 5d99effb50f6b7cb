# check -j 2 with one-byte chunks (FLAGRULE_CHUNK_SIZE, HACKING.md): a
# chunk boundary after every line; the records of check-stream-text.t.
env FLAGRULE_CHUNK_SIZE=1
$ check -r moe.rules -j 2
< --moe-a2a-backend deepep
< --moe-a2a-backend pplx --deepep-mode normal --enable-dp-attention --dp-size 2
< --moe-a2a-backend 'pplx
<
< --moe-a2a-backend pplx --enable-dp-attention --dp-size 2\r
< --bogus
<. --dp-size 3
> line 1: ok
> line 2: error[pplx-normal-mode]: moe_a2a_backend='pplx' only supports low-latency mode; set --deepep-mode to 'low_latency' or 'auto'.
>   --> moe.rules:8
> line 3: invalid: unterminated single quote
> line 4: ok
> line 5: warning[pplx-auto-low-latency]: auto set deepep_mode=`low_latency` for PPLX EP
>   --> moe.rules:13
> line 6: invalid: unknown flag '--bogus'
> line 7: ok
? 1
