# The program's other flags are read as argparse reads them: a misspelt one
# is unknown (the "did you mean" takes them too), a value flag needs its
# value, a bare flag takes none, and a prefix is ambiguous when it starts a
# key's spelling and a program flag, or two program flags.
$ check -r prog.rules
< --mem-fraction-statc 0.8
< --mem-fraction-static
< --mem-fraction-static --tp 2
< --cuda-graph-bs --tp 2
< --trust-remote-code=1
< --trust=true
< --enable-dp 1
< --t 2
< --cuda-graph-bs=1 2
< --tokenizer-path -x
> line 1: invalid: unknown flag '--mem-fraction-statc'; did you mean '--mem-fraction-static'?
> line 2: invalid: missing value for --mem-fraction-static
> line 3: invalid: missing value for --mem-fraction-static
> line 4: invalid: missing value for --cuda-graph-bs
> line 5: invalid: --trust-remote-code takes no value (a bare flag of the program), got '1'
> line 6: invalid: --trust takes no value (--trust-remote-code is a bare flag of the program), got 'true'
> line 7: invalid: ambiguous flag '--enable-dp' could match --enable-dp-attention, --enable-dp-lm-head
> line 8: invalid: ambiguous flag '--t' could match --tp-size, --tensor-parallel-size, --trust-remote-code, --tokenizer-path
> line 9: invalid: unexpected argument '2'
> line 10: invalid: missing value for --tokenizer-path: '-x' is read as an option (to give it as the value: --tokenizer-path=-x)
? 1
