# Through --input json, which is no command line, a switch takes true and false.
$ check --no-env --input json --format compact -r switch.rules
< {"enable_dp_attention": true}
< {"enable-dp-attention": false, "tp": 2}
< {"enable_dp_attention": "true", "tp_size": 3}
> error\tdp-needs-tp\t-
> ok\t-\t-
> ok\t-\t-
? 1
