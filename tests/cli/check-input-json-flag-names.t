# --input json takes the names of SGLang's config files too: a flag spelling
# without its dashes, a prefix of one as argparse takes it (ambiguous ones are
# refused with the candidates), underscores for dashes; env and fact keys by
# name only.  A key given under two names takes the later value.
$ check -r misc.rules --input json
< {"tp": 8, "model-path": "instance://m"}
< {"tp-size": 4, "chunked-prefill-size": 4097}
< {"tp_size": 2, "tp": 4, "chunk": 4098}
< {"chunked": 4098, "tp": 4}
< {"chunked_prefill": 4098, "tp": 4}
< {"mod": "normal"}
< {"FRT-MAX-TOKENS": 1}
< {"frt_max_tokens": 1}
< {"--model": "m"}
> line 1: info[instance-path]: model 'instance://m' comes from an instance
>   --> misc.rules:11
> line 2: error[tp-chunk]: --chunked-prefill-size 4097 is not a multiple of --tp-size 4
>   --> misc.rules:14
> line 3: error[tp-chunk]: --chunked-prefill-size 4098 is not a multiple of --tp-size 4
>   --> misc.rules:14
> line 4: error[tp-chunk]: --chunked-prefill-size 4098 is not a multiple of --tp-size 4
>   --> misc.rules:14
> line 5: error[tp-chunk]: --chunked-prefill-size 4098 is not a multiple of --tp-size 4
>   --> misc.rules:14
> line 6: invalid: ambiguous key 'mod' could match --model-path, --model, --mode
> line 7: invalid: unknown key 'FRT-MAX-TOKENS'; did you mean 'FRT_MAX_TOKENS'?
> line 8: invalid: unknown key 'frt_max_tokens'; did you mean 'FRT_MAX_TOKENS'?
> line 9: invalid: unknown key '--model': a JSON config names a flag without its dashes ('model') or its key ('model_path')
? 1
