# --input json: a number with a fraction or an exponent is an int key's
# integer when it is one as written, decided on its digits, not on the
# double that JSON readers make of it (123456789012345678.0 and
# 9007199254740993.0 are exact; 1.00000000000000001 and
# 9007199254740991.4 read as integral doubles but are no integers; a refused
# number is shown as written).
$ check -v --no-env -r misc.rules --input json
< {"chunk": 123456789012345678.0}
< {"chunk": 9007199254740993.0}
< {"chunk": 0.00000000000000000000000000000000000000000000005e47}
< {"chunk": 1.00000000000000001}
< {"chunk": 9007199254740991.4}
< {"chunk": -9223372036854775809.0}
< {"chunk": 0.5e-400}
> line 1: ok
>   declared: -
>   resolved: model_path=null tp_size=1 chunk=123456789012345678 mode=auto quiet=true FRT_MAX_TOKENS=4096 arch=null
> line 2: ok
>   declared: -
>   resolved: model_path=null tp_size=1 chunk=9007199254740993 mode=auto quiet=true FRT_MAX_TOKENS=4096 arch=null
> line 3: ok
>   declared: -
>   resolved: model_path=null tp_size=1 chunk=5 mode=auto quiet=true FRT_MAX_TOKENS=4096 arch=null
> line 4: invalid: chunk expects an integer, got 1.00000000000000001
> line 5: invalid: chunk expects an integer, got 9007199254740991.4
> line 6: invalid: chunk expects an integer, got -9223372036854775809.0 (out of the 64-bit range)
> line 7: invalid: chunk expects an integer, got 0.5e-400
? 1
