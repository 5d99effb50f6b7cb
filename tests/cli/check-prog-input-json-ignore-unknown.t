# --input json: a member naming one of the program's other flags (by its
# spelling without dashes, a prefix of it, underscores for dashes) is
# skipped whatever its value; an ambiguous prefix is refused, with
# --ignore-unknown too (argparse refuses it whatever).
$ check -r prog.rules --input json --ignore-unknown
< {"enable-dp": true}
< {"mem-fraction-statc": 0.8, "tp": 2}
> line 1: invalid: ambiguous key 'enable-dp' could match --enable-dp-attention, --enable-dp-lm-head
> line 2: ok
? 1
