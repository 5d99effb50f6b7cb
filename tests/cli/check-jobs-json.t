# check --jobs=3 with 7-byte chunks, JSON Lines: the records of check-stream-json.t.
env FLAGRULE_CHUNK_SIZE=7
$ check -r moe.rules --format json --jobs=3
< --moe-a2a-backend pplx --deepep-mode normal
< --moe-a2a-backend pplx --enable-dp-attention --dp-size 2
< --dp-size two
> {"line": 1, "status": "error", "errors": [{"rule": "pplx-normal-mode", "message": "moe_a2a_backend='pplx' only supports low-latency mode; set --deepep-mode to 'low_latency' or 'auto'.", "file": "moe.rules", "line": 8}, {"rule": "pplx-needs-dp-attention", "message": "moe_a2a_backend='pplx' requires --enable-dp-attention with at least 2 DP groups (--dp-size >= 2).", "file": "moe.rules", "line": 18}], "warnings": [], "infos": [], "resolved": {"moe_a2a_backend": "pplx", "deepep_mode": "normal", "dp_size": 1, "enable_dp_attention": false}, "declared": {}}
> {"line": 2, "status": "ok", "errors": [], "warnings": [{"rule": "pplx-auto-low-latency", "message": "auto set deepep_mode=`low_latency` for PPLX EP", "file": "moe.rules", "line": 13}], "infos": [], "resolved": {"moe_a2a_backend": "pplx", "deepep_mode": "low_latency", "dp_size": 2, "enable_dp_attention": true}, "declared": {"deepep_mode": "low_latency"}}
> {"line": 3, "status": "invalid", "errors": [{"rule": null, "message": "--dp-size expects an integer, got 'two'", "file": null, "line": null}], "warnings": [], "infos": [], "resolved": {}, "declared": {}}
? 1
