# --input json: an integer past 64 bits is valid JSON; its key refuses it as
# out of range (as a command line's), not "not a JSON config"; the other
# members keep their integers, exact.  Invisible characters near a JSON
# error are echoed as a config's words are (\ufeff, \u202e).
$ check -v --no-env -r misc.rules --input json
< {"chunk": 99999999999999999999}
< {"chunk": -99999999999999999999}
< {"tp_size": 9223372036854775807, "chunk": 5, "model_path": "m", "quiet": false, "FRT_MAX_TOKENS": 99999999999999999999}
< {"tp_size": 3, "chunk": 9007199254740993}
< ﻿{"chunk": 2}
< {"chunk": ‮}
> line 1: invalid: chunk expects an integer, got 99999999999999999999 (out of the 64-bit range)
> line 2: invalid: chunk expects an integer, got -99999999999999999999 (out of the 64-bit range)
> line 3: invalid: FRT_MAX_TOKENS expects an integer, got 99999999999999999999 (out of the 64-bit range)
> line 4: error[chunk-div]: run-time error: division by zero in 'FRT_MAX_TOKENS / (tp_size - 3)'
>   --> misc.rules:18
>   declared: -
>   resolved: model_path=null tp_size=3 chunk=9007199254740993 mode=auto quiet=true FRT_MAX_TOKENS=4096 arch=null
> line 5: invalid: not a JSON config: invalid token near '\\ufeff' (column 1)
> line 6: invalid: not a JSON config: invalid token near '\\u202e' (column 11)
? 1
