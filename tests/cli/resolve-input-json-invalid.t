# resolve --input json with a config that is not JSON: exit 1, the reason on stderr.
$ resolve -r misc.rules --input json -- '{"tp_size": 8,}'
2> flagrule: invalid config: not a JSON config: string or '}' expected near '}' (column 15)
? 1
