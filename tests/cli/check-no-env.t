# --no-env: the defaults.
env FRT_MAX_TOKENS=100000
$ check -r misc.rules --no-env -- --tp 4 --chunked-prefill-size 16
> warning[chunk-div]: tokens per rank 4096 exceed the chunk 16
>   --> misc.rules:18
