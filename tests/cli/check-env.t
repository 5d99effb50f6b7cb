# Env keys not in the config come from the process environment.
env FRT_MAX_TOKENS=100000
$ check -r misc.rules -- --tp 4 --chunked-prefill-size 16
> warning[chunk-div]: tokens per rank 100000 exceed the chunk 16
>   --> misc.rules:18
