# A spelling that gives a constant sets its key as the key's own spelling
# would; the last of them on a line wins.  It takes no value: =VALUE is
# refused, naming the spelling when a prefix was written, and a word after
# it is no value of it.  A prefix names a spelling when it starts no other
# one, as in argparse: a prefix that starts two of them, or one of them and
# the key's own spelling, is ambiguous.
$ check --no-env --format text -r consts.rules
< --enforce-piecewise-graph --a2a deepep
< --a2a deepep --enforce-piecewise-graph --graph-backend full
< --a2a deepep --graph-backend full --enforce-piecewise-graph
< --a2a deepep --enforce-piecewise-graph --disable-piecewise-graph
< --a2a deepep --enforce-p
< --enforce-piecewise-graph=1
< --enforce-p=tc_piecewise
< --enforce-piecewise-graph tc_piecewise
< --enable-breakable-graph --disable-piecewise-graph --a2a deepep
< --no-fusion --small --default-name
< --no-fusion=false
< --no --small
< --size 8 --auto-size
< --graph --a2a deepep
< --enforce-piecewise-graph= --a2a deepep
< --disable-piecewise-graf
< --en
< --fus
< --fusion-off --fusion=true
> line 1: error[tc-needs-no-a2a]: tc_piecewise graphs need no all-to-all backend
>   --> consts.rules:13
> line 2: ok
> line 3: error[tc-needs-no-a2a]: tc_piecewise graphs need no all-to-all backend
>   --> consts.rules:13
> line 4: ok
> line 5: error[tc-needs-no-a2a]: tc_piecewise graphs need no all-to-all backend
>   --> consts.rules:13
> line 6: invalid: --enforce-piecewise-graph takes no value (gives graph = tc_piecewise), got '1'
> line 7: invalid: --enforce-p takes no value (--enforce-piecewise-graph gives graph = tc_piecewise), got 'tc_piecewise'
> line 8: invalid: unexpected argument 'tc_piecewise'
> line 9: ok
> line 10: info[no-fusion]: fusion off
>   --> consts.rules:14
> line 10: info[small]: size 8
>   --> consts.rules:15
> line 10: info[model]: name model
>   --> consts.rules:16
> line 11: invalid: --no-fusion takes no value (gives fusion = false), got 'false'
> line 12: info[no-fusion]: fusion off
>   --> consts.rules:14
> line 12: info[small]: size 8
>   --> consts.rules:15
> line 13: ok
> line 14: invalid: missing value for --graph
> line 15: invalid: --enforce-piecewise-graph takes no value (gives graph = tc_piecewise), got ''
> line 16: invalid: unknown flag '--disable-piecewise-graf'; did you mean '--disable-piecewise-graph'?
> line 17: invalid: ambiguous flag '--en' could match --enable-breakable-graph, --enforce-piecewise-graph
> line 18: invalid: ambiguous flag '--fus' could match --fusion, --fusion-off
> line 19: ok
? 1
