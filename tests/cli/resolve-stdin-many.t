# Two configs on standard input: resolve takes one.
$ resolve --no-env -r moe.rules
< --moe-a2a-backend pplx
< --moe-a2a-backend deepep
2> flagrule: resolve: standard input holds 2 configs; resolve takes one (give it after '--', or check them all with: flagrule check)
? 2
