# check --input json reads JSON Lines: a pretty-printed object is refused line
# by line, the first with a hint to write one config per line.
$ check -r misc.rules --input json
< {
<   "tp_size": 2
< }
> line 1: invalid: not a JSON config: string or '}' expected near end of file (column 1); a config is one line of JSON (jq -c writes them so)
> line 2: invalid: not a JSON config: end of file expected near ':' (column 12)
> line 3: invalid: not a JSON config: unexpected token near '}' (column 1)
? 1
