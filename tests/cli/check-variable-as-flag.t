# An env or fact key written as a flag (dashes for underscores, or as it is),
# with the NAME=VALUE to write: the value after '=', the next word, or none.
$ check --no-env -r misc.rules
< --arch Llama
< --tp 2 --FRT-MAX-TOKENS=8192
< --FRT_MAX_TOKENS --tp 2
> line 1: invalid: unknown flag '--arch': arch is a fact, not a flag: write arch=Llama
> line 2: invalid: unknown flag '--FRT-MAX-TOKENS': FRT_MAX_TOKENS is an environment variable, not a flag: write FRT_MAX_TOKENS=8192
> line 3: invalid: unknown flag '--FRT_MAX_TOKENS': FRT_MAX_TOKENS is an environment variable, not a flag: write FRT_MAX_TOKENS=VALUE
? 1
