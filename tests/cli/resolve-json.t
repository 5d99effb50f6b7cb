# resolve --format json: one object.
$ resolve -r misc.rules --format json -- --tp 8 --model 'a b'
> {"model_path": "a b", "tp_size": 8, "chunk": 4096, "mode": "auto", "quiet": true, "FRT_MAX_TOKENS": 4096, "arch": null}
