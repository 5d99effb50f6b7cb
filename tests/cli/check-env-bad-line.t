# The same on the config line (NAME=VALUE words are the program's environment);
# the last value given counts.
$ check --no-env --format json -r misc.rules
< FRT_MAX_TOKENS=lots --tp 4
< FRT_MAX_TOKENS=lots FRT_MAX_TOKENS=7 --tp 4
> {"line": 1, "status": "ok", "errors": [], "warnings": [{"rule": null, "message": "FRT_MAX_TOKENS expects an integer, got 'lots'; its default 4096 is used, as the program falls back to it", "file": null, "line": null}], "infos": [], "resolved": {"model_path": null, "tp_size": 4, "chunk": 8192, "mode": "auto", "quiet": true, "FRT_MAX_TOKENS": 4096, "arch": null}, "declared": {}}
> {"line": 2, "status": "ok", "errors": [], "warnings": [], "infos": [], "resolved": {"model_path": null, "tp_size": 4, "chunk": 8192, "mode": "auto", "quiet": true, "FRT_MAX_TOKENS": 7, "arch": null}, "declared": {}}
