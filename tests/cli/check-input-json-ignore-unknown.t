# --input json --ignore-unknown: keys the rules do not declare are skipped,
# whatever their values (a whole server config can be checked).
$ check -r misc.rules --input json --ignore-unknown
< {"tp_size": 4, "served_model_name": "x", "chunk": 4097, "extra": {"a": [1.5]}}
< {"host": "0.0.0.0", "port": 30000}
> line 1: error[tp-chunk]: --chunked-prefill-size 4097 is not a multiple of --tp-size 4
>   --> misc.rules:14
> line 2: ok
? 1
