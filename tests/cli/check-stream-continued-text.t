# The reason given for a continued line.
$ check --no-env -r moe.rules
< python -m sglang.launch_server \\
> line 1: invalid: the line ends with a lone '\\' (a shell line continuation): a config is one line; join it with the next
? 1
