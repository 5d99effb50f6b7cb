# --input takes line or json; a near miss gets a did-you-mean.
$ check -r misc.rules --input jsno
2> flagrule: check: unknown input 'jsno' (choose from line, json); did you mean 'json'?
? 2
