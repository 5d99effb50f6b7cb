# NAME=VALUE where NAME is a flag key or an alias of one: invalid, before the
# first flag (it is no unrelated environment) and after it, with the flag's
# first spelling and the value (a bool flag's with '=').
$ check --no-env -r moe.rules
< dp_size=50
< --enable-dp-attention dp_size=50
< a2a=pplx python -m sglang.launch_server
< --dp-size 2 enable_dp_attention=true
< python x.py deepep_mode='low latency'
> line 1: invalid: 'dp_size' is a flag, not an env or fact key: write --dp-size 50
> line 2: invalid: 'dp_size' is a flag, not an env or fact key: write --dp-size 50
> line 3: invalid: 'a2a' names the flag moe_a2a_backend, not an env or fact key: write --moe-a2a-backend pplx
> line 4: invalid: 'enable_dp_attention' is a flag, not an env or fact key: write --enable-dp-attention=true
> line 5: invalid: 'deepep_mode' is a flag, not an env or fact key: write --deepep-mode 'low latency'
? 1
