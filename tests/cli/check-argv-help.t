# --help after '--' is a word of the config, not a request for help: the
# reason says so (no "did you mean" a random flag).
$ check --no-env -r moe.rules -- --help
> invalid: '--help' is not a flag of the rules (it is read as a word of the config); for the command's help: flagrule check --help
? 1
