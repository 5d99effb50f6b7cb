# explain --input json: a JSON text over lines that does not parse is refused
# with its line and column.
$ explain -r misc.rules --input json chunk
< {
<   "tp_size": 2,
<   "chunk": 8,
< }
2> flagrule: invalid config: not a JSON config: string or '}' expected near '}' (line 4, column 1)
? 1
