# explain KEY: an unknown flag spelling, with the spelling meant.
$ explain --no-env -r misc.rules --tp-sise --
2> flagrule: explain: unknown flag '--tp-sise'; did you mean '--tp-size'?
? 2
