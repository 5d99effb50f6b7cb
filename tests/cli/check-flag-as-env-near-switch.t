# A NAME=VALUE near a switch's key name: turned off, the word is to be left
# out; turned on, the spelling alone (as check-flag-as-env.t for the exact name).
$ check --no-env -r switch.rules
< enable_dp_atention=false
< enable_dp_atention=1
> line 1: invalid: unknown variable 'enable_dp_atention'; did you mean the flag enable_dp_attention? leave it out (--enable-dp-attention is a switch, off unless given)
> line 2: invalid: unknown variable 'enable_dp_atention'; did you mean the flag enable_dp_attention? write --enable-dp-attention
? 1
