# --input json: what is not a JSON object of known keys and fitting values is
# an invalid config, with the reason and (for a near name or a flag spelling)
# the key meant; every line keeps its record.  No key takes a fraction; an
# integral number (1e3) is an int key's integer.
$ check -r misc.rules --input json
< {"tp_sise": 2}
< {"tp": 8}
< {"--tp-size": 2}
< {"chunked_prefill_size": 8}
< [1, 2]
< "tp_size"
< {"chunk": 1.5}
< {"chunk": 1e3}
< {"chunk": 1e300}
< {"model_path": 1.5}
< {"model_path": 3}
< {"tp_size": null}
< {"tp_size": true}
< {"quiet": 1}
< {"quiet": 1.0}
< {"mode": "bogus"}
< {"mode": {"a": 1}}
< {"model_path": ["a"]}
< {"model_path": "a\\u0000b"}
< {"tp_size": 4
< {"tp_size": 99999999999999999999}
< {"tp_size": 4} {"chunk": 2}
< tp_size=4
< --tp 4
> line 1: invalid: unknown key 'tp_sise'; did you mean 'tp_size'?
> line 2: ok
> line 3: invalid: unknown key '--tp-size': a JSON config names a flag without its dashes ('tp-size') or its key ('tp_size')
> line 4: ok
> line 5: invalid: a JSON config is an object, {"KEY": VALUE, ...}, not an array
> line 6: invalid: a JSON config is an object, {"KEY": VALUE, ...}, not a single value
> line 7: invalid: chunk expects an integer, got 1.5
> line 8: ok
> line 9: invalid: chunk expects an integer, got 1e300 (out of the 64-bit range)
> line 10: invalid: model_path expects a string (or null), got 1.5
> line 11: invalid: model_path expects a string (or null), got 3
> line 12: invalid: tp_size expects an integer, got null
> line 13: invalid: tp_size expects an integer, got true
> line 14: invalid: quiet expects true or false, got 1
> line 15: invalid: quiet expects true or false, got 1.0
> line 16: invalid: mode expects one of auto, normal, low_latency, auto round, got 'bogus'
> line 17: invalid: mode: an object is not a value (a value is true, false, an integer, a string or null)
> line 18: invalid: model_path: an array is not a value (a value is true, false, an integer, a string or null)
> line 19: invalid: a string holds \\u0000 (column 25): no value may hold a NUL byte
> line 20: invalid: not a JSON config: '}' expected near end of file (column 13); a config is one line of JSON (jq -c writes them so)
> line 21: invalid: tp_size expects an integer, got 99999999999999999999 (out of the 64-bit range)
> line 22: invalid: not a JSON config: end of file expected near '{' (column 16)
> line 23: invalid: not a JSON config: invalid token near 'tp' (column 2); a command line is read with --input line
> line 24: invalid: not a JSON config: invalid token near '-' (column 1); a command line is read with --input line
? 1
