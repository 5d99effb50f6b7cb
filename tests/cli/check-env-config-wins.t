# A NAME=VALUE word of the config wins over the environment.
env FRT_MAX_TOKENS=100000
$ check -r misc.rules -- FRT_MAX_TOKENS=8 --tp 4 --chunked-prefill-size 16
> ok
