# A switch is on when named (also by a prefix) and takes no =VALUE, as an
# argparse store_true option: the value is refused whatever it is, naming the
# switch when a prefix was written; given as NAME=VALUE, the hint writes the
# bare spelling, or says to leave it out for false.  A plain bool takes =false.
$ check --no-env --format text -r switch.rules
< --enable-dp-attention
< --enable-dp-attention --tp 2
< --enable-dp-attention=true
< --enable-dp-attention=false
< --enable-dp-att=1 --tp 2
< --enable-dp-att --tp 2
< enable_dp_attention=true
< enable_dp_attention=false
< --quiet=false --tp 2 --enable-dp-attention
> line 1: error[dp-needs-tp]: DP attention needs --tp-size 2 or more
>   --> switch.rules:6
> line 2: ok
> line 3: invalid: --enable-dp-attention takes no value (a switch: on when given), got 'true'
> line 4: invalid: --enable-dp-attention takes no value (a switch: on when given), got 'false'
> line 5: invalid: --enable-dp-att takes no value (--enable-dp-attention is a switch: on when given), got '1'
> line 6: ok
> line 7: invalid: 'enable_dp_attention' is a flag, not an env or fact key: write --enable-dp-attention
> line 8: invalid: 'enable_dp_attention' is a flag, not an env or fact key: leave it out (--enable-dp-attention is a switch, off unless given)
> line 9: ok
? 1
