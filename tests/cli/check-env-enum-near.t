# An env value that is no member of its enum: the warning says where the
# value came from before its "did you mean" (which was mid-sentence).
env FRT_MODE=fsat
$ check -r envenum.rules --
> warning[input]: FRT_MODE expects one of fast, slow, got 'fsat' in the environment (did you mean 'fast'?); its default fast is used, as the program falls back to it
