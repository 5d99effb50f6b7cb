# --werror, JSON: a config with warnings has the status error (its warnings
# stay warnings).
$ check --werror --format json --no-env -r moe.rules -- --moe-a2a-backend pplx --enable-dp-attention --dp-size 2
> {"line": 1, "status": "error", "errors": [], "warnings": [{"rule": "pplx-auto-low-latency", "message": "auto set deepep_mode=`low_latency` for PPLX EP", "file": "moe.rules", "line": 13}], "infos": [], "resolved": {"moe_a2a_backend": "pplx", "deepep_mode": "low_latency", "dp_size": 2, "enable_dp_attention": true}, "declared": {"deepep_mode": "low_latency"}}
? 1
