# resolve --input json: the one JSON config of standard input, printed as the
# command line of what differs from the defaults (env keys first).
$ resolve -r misc.rules --input json
< {"tp_size": 8, "model_path": "/models/m 1", "arch": null, "FRT_MAX_TOKENS": "512"}
> FRT_MAX_TOKENS=512 --model-path '/models/m 1' --tp-size 8 --chunked-prefill-size 4096
