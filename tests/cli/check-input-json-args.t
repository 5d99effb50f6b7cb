# check --input json -- JSON: the words after -- are joined into one JSON text.
$ check -r misc.rules --input json -- '{"tp_size": 4,' '"chunk": 4097}'
> error[tp-chunk]: --chunked-prefill-size 4097 is not a multiple of --tp-size 4
>   --> misc.rules:14
? 1
