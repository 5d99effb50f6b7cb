# `explain --key NAME`: there is no --key option; --key is read as a flag
# spelling (the KEY), and NAME is then one argument too many: the message
# says so.
$ explain -r moe.rules --key moe_a2a_backend
2> flagrule: explain: unexpected argument 'moe_a2a_backend' after the KEY '--key' (read as a flag spelling: explain has no option '--key'); usage: flagrule explain KEY [-- FLAGS...]
? 2
