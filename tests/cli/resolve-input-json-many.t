# resolve --input json: lines that are each a JSON object are several configs.
$ resolve -r misc.rules --input json
< {"tp_size": 2}
<
< {"tp_size": 3}
2> flagrule: resolve: standard input holds 2 configs; resolve takes one (give it after '--', or check them all with: flagrule check)
? 2
