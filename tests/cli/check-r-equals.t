# -r=PATH: the '=' is no part of the path; -r takes PATH as the next argument
# (or attached: -rPATH), in every command.
$ check -r=moe.rules
2> flagrule: check: option '-r' takes its value as the next argument: write '-r moe.rules'
2> Try 'flagrule check --help'.
? 2
