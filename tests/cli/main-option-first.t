# An option before the command (as `git -C DIR status` would have it): the
# command named later is the one to put first.
$ --no-env check -- --moe-a2a-backend pplx
2> flagrule: option '--no-env' before the command; options follow it: flagrule check --no-env ...
? 2
# No command anywhere: an unknown command, as before.
$ --no-env --format compact
2~ ^flagrule: unknown command '--no-env'$
? 2
# A command name after `--` is a flag word, not the command.
$ --no-env -- check
2~ ^flagrule: unknown command '--no-env'$
? 2
