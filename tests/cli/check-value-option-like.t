# A value word that argparse reads as an option: the flag has no value (as
# SGLang's argparse would say); a negative number, a lone '-', a word with a
# blank and --flag=-x are values.
$ check --no-env -r misc.rules
< --model-path -x
< --chunked-prefill-size -1x
< --model-path -
< --model-path=-x
< --model-path "-a b"
< --tp-size -2 --chunked-prefill-size -.5
> line 1: invalid: missing value for --model-path: '-x' is read as an option (to give it as the value: --model-path=-x)
> line 2: invalid: missing value for --chunked-prefill-size: '-1x' is read as an option (to give it as the value: --chunked-prefill-size=-1x)
> line 3: ok
> line 4: ok
> line 5: ok
> line 6: invalid: --chunked-prefill-size expects an integer, got '-.5'
? 1
