# A stream in text format: one record per line, in order, also for
# malformed lines; empty and CRLF lines; the last line has no newline.
$ check -r moe.rules
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
