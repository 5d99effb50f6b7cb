# No input, no records.
$ check -r moe.rules --format json
