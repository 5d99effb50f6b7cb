# One of check's options written after '--' is an unknown flag of the
# config; a hint on standard error says to give it before '--'.
$ check -r moe.rules -- --dp-size 2 --format json
> invalid: unknown flag '--format'
2> flagrule: hint: '--format' is an option of flagrule check: give it before '--' (flagrule check [OPTIONS] -- FLAGS...)
? 1
