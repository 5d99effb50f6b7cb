# test runs the rules' test blocks: a config after '--' is a mistake, and
# where configs go is said.
$ test -r moe.rules -- --moe-a2a-backend pplx
2> flagrule: test: takes no config: it runs the test blocks of the rules (to check a config: flagrule check -- FLAGS...)
2> Try 'flagrule test --help'.
? 2
