# lint --dump-ir lists each spelling with the value it gives.
$ lint --dump-ir -r consts.rules
> # keys (5)
> 0: flag graph : enum { full, breakable, tc_piecewise, disabled } = breakable  cli --graph-backend, --enable-breakable-graph = breakable, --disable-piecewise-graph = disabled, --enforce-piecewise-graph = tc_piecewise  declarers 0, readers 1
> 1: flag fusion : bool = true  cli --fusion, --no-fusion = false, --fusion-off = false  declarers 0, readers 1
> 2: flag size : int? = null  cli --size, --small = 8, --auto-size = null  declarers 0, readers 1
> 3: flag name : string = "x"  cli --name, --default-name = "model"  declarers 0, readers 1
> 4: flag a2a : enum { none, deepep } = none  cli --a2a  declarers 0, readers 1
>
> # rules (4)
> 0: rule tc-needs-no-a2a (error) consts.rules:13
>     when graph = tc_piecewise & a2a != none
>     error "tc_piecewise graphs need no all-to-all backend"
>     reads graph, a2a
> 1: rule no-fusion (info) consts.rules:14
>     when !fusion
>     info "fusion off"
>     reads fusion
> 2: rule small (info) consts.rules:15
>     when size = 8
>     info "size 8"
>     reads size
> 3: rule model (info) consts.rules:16
>     when name = "model"
>     info "name model"
>     reads name
>
> # plan: 0 group(s) of declare rules, in evaluation order
> checks (4): tc-needs-no-a2a no-fusion small model
> max depth: 3
>
> # 15 nodes, 4 constants, 0 sets, 0 regexes, 13 cli spellings
