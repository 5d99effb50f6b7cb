# --input json with JSON Lines output; a string key holds the text "null",
# which is not null.
$ check -r misc.rules --input json --format json
< {"tp_size": 4, "chunk": 4097}
< {"quiet": false, "model_path": "null"}
< {"tp_sise": 8}
> {"line": 1, "status": "error", "errors": [{"rule": "tp-chunk", "message": "--chunked-prefill-size 4097 is not a multiple of --tp-size 4", "file": "misc.rules", "line": 14}], "warnings": [], "infos": [], "resolved": {"model_path": null, "tp_size": 4, "chunk": 4097, "mode": "auto", "quiet": true, "FRT_MAX_TOKENS": 4096, "arch": null}, "declared": {}}
> {"line": 2, "status": "ok", "errors": [], "warnings": [], "infos": [{"rule": "quiet-off", "message": "quiet is false, mode 'auto'", "file": "misc.rules", "line": 23}], "resolved": {"model_path": "null", "tp_size": 1, "chunk": 8192, "mode": "auto", "quiet": false, "FRT_MAX_TOKENS": 4096, "arch": null}, "declared": {}}
> {"line": 3, "status": "invalid", "errors": [{"rule": null, "message": "unknown key 'tp_sise'; did you mean 'tp_size'?", "file": null, "line": null}], "warnings": [], "infos": [], "resolved": {}, "declared": {}}
? 1
