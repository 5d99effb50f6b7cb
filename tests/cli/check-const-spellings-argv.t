# The same spellings as argv words (the general reader takes them there
# too), one by a prefix.
$ check --no-env -r consts.rules -- --a2a deepep --enforce-piecewise-graph --no-f
> error[tc-needs-no-a2a]: tc_piecewise graphs need no all-to-all backend
>   --> consts.rules:13
> info[no-fusion]: fusion off
>   --> consts.rules:14
? 1
