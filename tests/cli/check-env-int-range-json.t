# The same through --input json (the reader of typed values): a text value
# of an env int out of the 64-bit range is invalid, one int() refuses falls
# back with a warning.
$ check --no-env --input json -r misc.rules
< {"FRT_MAX_TOKENS": "9223372036854775808", "tp_size": 4}
< {"FRT_MAX_TOKENS": "12", "tp_size": 4}
< {"FRT_MAX_TOKENS": "lots", "tp_size": 4}
> line 1: invalid: FRT_MAX_TOKENS expects an integer, got '9223372036854775808' (out of the 64-bit range)
> line 2: ok
> line 3: warning[input]: FRT_MAX_TOKENS expects an integer, got 'lots'; its default 4096 is used, as the program falls back to it
? 1
