# The program's other flags are read as argparse reads them: a misspelt one
# is unknown (the "did you mean" takes them too), a value flag needs its
# value, a bare flag takes none, and a prefix is ambiguous when it starts a
# key's spelling and a program flag, or two program flags.
$ check -r prog.rules --format compact
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
> invalid	-	-
> invalid	-	-
> invalid	-	-
> invalid	-	-
> invalid	-	-
> invalid	-	-
> invalid	-	-
> invalid	-	-
> invalid	-	-
> invalid	-	-
? 1
