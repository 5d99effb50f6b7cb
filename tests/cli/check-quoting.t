# Shell quoting, comments and -v values (C-escaped when needed).
$ check -r misc.rules -v
< --model-path 'a b\\c' --tp "2" --mode 'auto round' # --tp 3
< --model \$'x' --tp=2 --tp\\ 3
> line 1: ok
>   declared: -
>   resolved: model_path="a b\\\\c" tp_size=2 chunk=8192 mode="auto round" quiet=true FRT_MAX_TOKENS=4096 arch=null
> line 2: invalid: unknown flag '--tp 3'; did you mean '--tp'?
? 1
