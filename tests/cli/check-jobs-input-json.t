# check --input json --jobs=3 with 7-byte chunks: the records of one thread, in order.
env FLAGRULE_CHUNK_SIZE=7
$ check -r misc.rules --input json --jobs=3
< {"tp_size": 4, "chunk": 4097}
< {"model_path": "instance://h/m", "mode": "auto round", "quiet": false, "arch": "Foo"}
< {"tp": 8}
<
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
> line 4: ok
> line 5: warning[input]: FRT_MAX_TOKENS expects an integer, got 'lots'; its default 4096 is used, as the program falls back to it
> line 6: warning[chunk-div]: tokens per rank 64 exceed the chunk 8
>   --> misc.rules:18
? 1
