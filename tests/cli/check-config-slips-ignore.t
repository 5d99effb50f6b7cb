# --ignore-unknown skips undeclared flags, but not the slips: an empty flag
# name, --help, -h.
$ check --no-env -r moe.rules --ignore-unknown
< --dp-size 2 --=5
< python -m x --help
< --dp-size 2 -h
> line 1: invalid: empty flag name in '--=5'
> line 2: invalid: '--help' is not a flag of the rules (it is read as a word of the config); for the command's help: flagrule check --help
> line 3: invalid: '-h' is not a flag of the rules (it is read as a word of the config); for the command's help: flagrule check --help
? 1
