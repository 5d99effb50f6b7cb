# --input json: a raw NUL byte in a line is said to be one (jansson stops
# reading there; it was blamed on the line's length).
$ check -r misc.rules --input json
< {"tp": 8}\0
> line 1: invalid: NUL byte in the config (column 10)
? 1
