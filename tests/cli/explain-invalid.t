# An invalid config: said so, exit 1.
$ explain -r moe.rules dp_size -- --dp-size x
2> flagrule: invalid config: --dp-size expects an integer, got 'x'
? 1
