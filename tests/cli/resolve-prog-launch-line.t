# A whole launch line with the program's other flags declared (`cli KIND
# "--x"`): checked without --ignore-unknown; each is skipped with the value
# words its kind takes (one, zero or one, one or more, zero or more), their
# values unchecked; the flags the rules read are read between them.
$ resolve -r prog.rules --format flags -- --cuda-graph-bs 1 2 SGLANG_X=4 --tp-size 2 --moe-dense-tp 1
> SGLANG_X=4 --tp-size 2
? 0
