# explain --input takes line or json too.
$ explain -r misc.rules --input=yaml chunk
2> flagrule: explain: unknown input 'yaml' (choose from line, json)
? 2
