# explain: an env value of the wrong type is shown with its warning, and
# the value is the default's.
$ explain -r misc.rules FRT_MAX_TOKENS -- FRT_MAX_TOKENS=lots
> FRT_MAX_TOKENS = 4096  (the default)
>   warning[input]: FRT_MAX_TOKENS expects an integer, got 'lots'; its default 4096 is used, as the program falls back to it
