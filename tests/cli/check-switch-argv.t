# The same on the command line (the general reader).
$ check --no-env -r switch.rules -- --tp 2 --enable-dp-attention=1
> invalid: --enable-dp-attention takes no value (a switch: on when given), got '1'
? 1
