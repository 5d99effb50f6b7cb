# resolve --format flags writes each key with its first spelling, which
# takes a value, whichever spelling gave it.
$ resolve --no-env -r consts.rules --format flags -- --no-fusion --small --enforce-piecewise-graph --default-name
> --graph-backend tc_piecewise --fusion=false --size 8 --name model
2> info[no-fusion]: fusion off
2>   --> consts.rules:14
2> info[small]: size 8
2>   --> consts.rules:15
2> info[model]: name model
2>   --> consts.rules:16
