# Two configs on standard input: explain takes one.
$ explain deepep_mode --no-env -r moe.rules
< --moe-a2a-backend pplx
< --deepep-mode normal
2> flagrule: explain: standard input holds 2 configs; explain takes one (give it after '--', or check them all with: flagrule check)
? 2
