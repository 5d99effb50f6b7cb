# resolve: the flags that differ from their defaults, env and fact keys in
# front, quoted for sh (flagrule(1) EXAMPLES for the first case).
$ resolve -r misc.rules -- --model "it's a path" --tp 8 arch=LlamaForCausalLM --quiet=false FRT_MAX_TOKENS=5
> FRT_MAX_TOKENS=5 arch=LlamaForCausalLM --model-path 'it'\\''s a path' --tp-size 8 --chunked-prefill-size 4096 --quiet=false
2> info[quiet-off]: quiet is false, mode 'auto'
2>   --> misc.rules:23
