# The same from the process environment: every config that does not give
# the key is invalid, the reason saying where the value came from; a config
# that gives it is read as usual (a text of the wrong type there falls back).
env FRT_MAX_TOKENS= 99999999999999999999 
$ check -r misc.rules
< --tp 4
< FRT_MAX_TOKENS=7 --tp 4
< FRT_MAX_TOKENS=lots --tp 4
> line 1: invalid: FRT_MAX_TOKENS expects an integer, got ' 99999999999999999999 ' (out of the 64-bit range) in the environment
> line 2: ok
> line 3: warning[input]: FRT_MAX_TOKENS expects an integer, got 'lots'; its default 4096 is used, as the program falls back to it
? 1
