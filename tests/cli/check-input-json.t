# --input json: one JSON object per line, keys by name, typed values; text
# for a non-string key reads as the same word on a command line ("4", "false");
# a blank line is the empty config; a key given twice is an invalid JSON config.
$ check -r misc.rules --input json
< {"tp_size": 4, "chunk": 4097}
< {"model_path": "instance://h/m", "mode": "auto round", "quiet": false, "arch": "Foo"}
< {"model_path": null}
< {"model_path": "null", "quiet": false}
<
<   {}  
< {"tp_size": "4", "quiet": "false"}
< {"tp_size": 2, "tp_size": 4}
< {"FRT_MAX_TOKENS": "lots"}
< {"FRT_MAX_TOKENS": 64, "tp_size": 4, "chunk": 8}
> line 1: error[tp-chunk]: --chunked-prefill-size 4097 is not a multiple of --tp-size 4
>   --> misc.rules:14
> line 2: info[instance-path]: model 'instance://h/m' comes from an instance
>   --> misc.rules:11
> line 2: warning[arch-known]: unknown architecture 'Foo'
>   --> misc.rules:21
> line 2: info[quiet-off]: quiet is false, mode 'auto round'
>   --> misc.rules:23
> line 3: ok
> line 4: info[quiet-off]: quiet is false, mode 'auto'
>   --> misc.rules:23
> line 5: ok
> line 6: ok
> line 7: info[quiet-off]: quiet is false, mode 'auto'
>   --> misc.rules:23
> line 8: invalid: not a JSON config: duplicate object key near '"tp_size"' (column 24)
> line 9: warning[input]: FRT_MAX_TOKENS expects an integer, got 'lots'; its default 4096 is used, as the program falls back to it
> line 10: warning[chunk-div]: tokens per rank 64 exceed the chunk 8
>   --> misc.rules:18
? 1
