# A run-time error (division by zero) is an error of the config, naming
# the rule; the other messages are still reported.
$ check -r misc.rules -- --tp 3
> error[tp-chunk]: --chunked-prefill-size 8192 is not a multiple of --tp-size 3
>   --> misc.rules:14
> error[chunk-div]: run-time error: division by zero in 'FRT_MAX_TOKENS / (tp_size - 3)'
>   --> misc.rules:18
? 1
