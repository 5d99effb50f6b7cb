# Text output escapes the C1 controls (an 8-bit CSI, NEL) and the line and
# paragraph separators, as Python's repr() writes them, in the messages and
# in the values of -v, which quote a string with a control or a separator
# (escaped so), or one that starts with '"'.
$ check -v --no-env -r misc.rules
< --model "echo:a\0302\0233[31mX\0342\0200\0250y\0302\0205z"
< --model '"q"'
> line 1: info[path-echo]: path echo:a\\x9b[31mX\\u2028y\\x85z
>   --> misc.rules:27
>   declared: -
>   resolved: model_path="echo:a\\x9b[31mX\\u2028y\\x85z" tp_size=1 chunk=8192 mode=auto quiet=true FRT_MAX_TOKENS=4096 arch=null
> line 2: ok
>   declared: -
>   resolved: model_path="\\"q\\"" tp_size=1 chunk=8192 mode=auto quiet=true FRT_MAX_TOKENS=4096 arch=null
