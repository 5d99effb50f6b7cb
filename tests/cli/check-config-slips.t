# Words that are slips in writing a config: an empty flag name (no "did you
# mean"), and --help or -h, which ask for the command's help, not a flag.
$ check --no-env -r moe.rules
< --=5
< --dp-size 2 -=4
< ---
< --help
< -h
< --dp-size 2 -h
> line 1: invalid: empty flag name in '--=5'
> line 2: invalid: empty flag name in '-=4'
> line 3: invalid: empty flag name in '---'
> line 4: invalid: '--help' is not a flag of the rules (it is read as a word of the config); for the command's help: flagrule check --help
> line 5: invalid: '-h' is not a flag of the rules (it is read as a word of the config); for the command's help: flagrule check --help
> line 6: invalid: '-h' is not a flag of the rules (it is read as a word of the config); for the command's help: flagrule check --help
? 1
