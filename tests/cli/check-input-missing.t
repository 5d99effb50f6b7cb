# --input with no value.
$ check -r misc.rules --input
2> flagrule: check: option '--input' needs a value: line or json
? 2
