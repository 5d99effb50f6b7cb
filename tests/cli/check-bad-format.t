# An unknown format.
$ check -r moe.rules --format xml
2> flagrule: check: unknown format 'xml' (choose from text, json, compact)
? 2
