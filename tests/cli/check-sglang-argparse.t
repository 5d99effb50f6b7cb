# Command lines read as SGLang's argparse reads them (a differential run
# against an argparse mirror of SGLang's parser found these):
# - a value word that starts with '-' and holds a space is a value unless it
#   names an option: before its '=', a spelling (`--tp=8 x`) or a prefix of
#   spellings (an ambiguous one is refused), or -h with an argument;
# - a negative number is a value in any script's digits;
# - nargs='*' flags of SGLang's take no value word too (--lora-target-modules);
# - --cuda-graph-decode-backend is no spelling of SGLang's (a word-order
#   slip: "did you mean" finds the real one), nor is
#   --enable-expert-distribution-metrics any more;
# - a flag written with one dash (-tp, a prefix from two letters on) is an
#   unknown flag, also among the leading program words, where it was
#   skipped (python's own -m, -u, -c are not flags of the program's); so
#   is one written with an em dash, as typography prints two dashes.
$ check --no-env -r ../../rules.d/sglang
< --model-path '--x y' --host '--zzz=a b'
< --model-path '--tp=8 x'
< --lora-paths '--tp=8 x'
< --model-path '--enable-dp=x y'
< --model-path '-h x'
< --tp -٢ --model-path -１
< --lora-target-modules --tp 2 --custom-weight-loader
< --cuda-graph-decode-backend disabled
< --enable-expert-distribution-metrics
< -tp 8 --ep 2
< python -m sglang.launch_server -tp 8
< python3 -u -c x --tp 2 --ep 2 -disable-shared-experts-fusion
< python3 -u -m sglang.launch_server --tp 2
< python -m sglang.launch_server —tp 8
< --ep 2 –port=80
> line 1: ok
> line 2: invalid: missing value for --model-path: '--tp=8 x' is read as an option (to give it as the value: --model-path='--tp=8 x')
> line 3: invalid: --tp expects an integer, got '8 x'
> line 4: invalid: missing value for --model-path: '--enable-dp=x y' is read as an option (to give it as the value: --model-path='--enable-dp=x y')
> line 5: invalid: missing value for --model-path: '-h x' is read as an option (to give it as the value: --model-path='-h x')
> line 6: ok
> line 7: ok
> line 8: invalid: unknown flag '--cuda-graph-decode-backend'; did you mean '--cuda-graph-backend-decode'?
> line 9: invalid: unknown flag '--enable-expert-distribution-metrics'
> line 10: invalid: unknown flag '-tp'; did you mean '--tp'?
> line 11: invalid: unknown flag '-tp'; did you mean '--tp'?
> line 12: invalid: unknown flag '-disable-shared-experts-fusion'; did you mean '--disable-shared-experts-fusion'?
> line 13: ok
> line 14: invalid: unknown flag '—tp': it starts with U+2014 (a dash other than '-'), not ASCII '-'; did you mean '--tp'?
> line 15: invalid: unknown flag '–port': it starts with U+2013 (a dash other than '-'), not ASCII '-'; did you mean '--port'?
? 1
