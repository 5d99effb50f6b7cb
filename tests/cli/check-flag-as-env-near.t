# NAME=VALUE whose NAME is within two edits of a flag's key name or alias
# (one edit for a name under six bytes): invalid, before the first flag and
# after it, with the flag and its spelling; a word further away before the
# first flag is unrelated environment and stays ignored (TZ=UTC is two edits
# from the alias a2a, which is too short for two).
$ check --no-env -r moe.rules
< moe_a2a_backnd=pplx --deepep-mode normal
< --dp-size 2 dp_sise=2
< a2b=pplx
< enable_dp_atention=false
< enable_dp_atention=1 --dp-size 2
< TZ=UTC DP_SIZE=3 --dp-size 2
> line 1: invalid: unknown variable 'moe_a2a_backnd'; did you mean the flag moe_a2a_backend? write --moe-a2a-backend pplx
> line 2: invalid: unknown variable 'dp_sise'; did you mean the flag dp_size? write --dp-size 2
> line 3: invalid: unknown variable 'a2b'; did you mean the flag a2a? write --moe-a2a-backend pplx
> line 4: invalid: unknown variable 'enable_dp_atention'; did you mean the flag enable_dp_attention? write --enable-dp-attention=false
> line 5: invalid: unknown variable 'enable_dp_atention'; did you mean the flag enable_dp_attention? write --enable-dp-attention=1
> line 6: ok
? 1
