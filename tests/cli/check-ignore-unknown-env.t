# --ignore-unknown: the values an unknown flag takes stop at NAME=VALUE of an
# env or fact key, which is read; any other word that does not start with '-'
# is a value of the unknown flag.
$ check -r misc.rules --no-env --ignore-unknown -v
< --cuda-graph-bs 1 2 FRT_MAX_TOKENS=100 --tp 4
< --cuda-graph-bs 1 2 tp_size=5 --tp 4
> line 1: ok
>   declared: -
>   resolved: model_path=null tp_size=4 chunk=8192 mode=auto quiet=true FRT_MAX_TOKENS=100 arch=null
> line 2: ok
>   declared: -
>   resolved: model_path=null tp_size=4 chunk=8192 mode=auto quiet=true FRT_MAX_TOKENS=4096 arch=null
