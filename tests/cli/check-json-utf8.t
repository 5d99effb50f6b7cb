# Invalid UTF-8 in values and messages is replaced (U+FFFD): valid JSON.
$ check -r misc.rules --format json
< --model-path 'instance://\0377bad' --tp 2 --chunked-prefill-size 3
> {"line": 1, "status": "error", "errors": [{"rule": "tp-chunk", "message": "--chunked-prefill-size 3 is not a multiple of --tp-size 2", "file": "misc.rules", "line": 14}], "warnings": [], "infos": [{"rule": "instance-path", "message": "model 'instance://\\\\udcffbad' comes from an instance", "file": "misc.rules", "line": 11}], "resolved": {"model_path": "instance://\0357\0277\0275bad", "tp_size": 2, "chunk": 3, "mode": "auto", "quiet": true, "FRT_MAX_TOKENS": 4096, "arch": null}, "declared": {}}
? 1
