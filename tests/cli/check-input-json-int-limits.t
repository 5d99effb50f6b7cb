# --input json: an integral number written with a fraction or an exponent
# is an int key's integer over the whole 64-bit range (-2^63 too); 2^63 and
# beyond are refused.
$ check -v --no-env -r misc.rules --input json
< {"tp_size": -9223372036854775808.0, "chunk": 9.2e18}
< {"chunk": -9.223372036854775808e18}
< {"chunk": 9223372036854775808.0}
> line 1: error[chunk-div]: run-time error: integer overflow in '(tp_size - 3)'
>   --> misc.rules:18
>   declared: -
>   resolved: model_path=null tp_size=-9223372036854775808 chunk=9200000000000000000 mode=auto quiet=true FRT_MAX_TOKENS=4096 arch=null
> line 2: ok
>   declared: -
>   resolved: model_path=null tp_size=1 chunk=-9223372036854775808 mode=auto quiet=true FRT_MAX_TOKENS=4096 arch=null
> line 3: invalid: chunk expects an integer, got 9223372036854775808.0 (out of the 64-bit range)
? 1
