# Through --input json a member gives a key's value.  A member named by a
# spelling that takes no value (exactly, with '_' for '-', or by a prefix)
# is refused, with the member that gives what it would.
$ check --no-env --input json --format text -r consts.rules
< {"graph": "tc_piecewise", "a2a": "deepep"}
< {"enforce-piecewise-graph": true, "a2a": "deepep"}
< {"enforce_piecewise_graph": true}
< {"enforce-p": 1}
< {"auto-size": true}
< {"default-name": 1}
< {"graph-backend": "disabled", "no-fusion": false}
> line 1: error[tc-needs-no-a2a]: tc_piecewise graphs need no all-to-all backend
>   --> consts.rules:13
> line 2: invalid: key 'enforce-piecewise-graph' names --enforce-piecewise-graph, which takes no value: for what it gives, write "graph": "tc_piecewise"
> line 3: invalid: key 'enforce_piecewise_graph' names --enforce-piecewise-graph, which takes no value: for what it gives, write "graph": "tc_piecewise"
> line 4: invalid: key 'enforce-p' names --enforce-piecewise-graph, which takes no value: for what it gives, write "graph": "tc_piecewise"
> line 5: invalid: key 'auto-size' names --auto-size, which takes no value: for what it gives, write "size": null
> line 6: invalid: key 'default-name' names --default-name, which takes no value: for what it gives, write "name": "model"
> line 7: invalid: key 'no-fusion' names --no-fusion, which takes no value: for what it gives, write "fusion": false
? 1
