# resolve reads one config from standard input: blank lines and comment lines
# ('#' first) are no configs.
$ resolve --no-env --format kv -r moe.rules
< # the config:
< --moe-a2a-backend deepep
<
<    # done
> moe_a2a_backend=deepep
> deepep_mode=auto
> dp_size=1
> enable_dp_attention=false
