# A whole launch line with the program's other flags declared (`cli KIND
# "--x"`): checked without --ignore-unknown; each is skipped with the value
# words its kind takes (one, zero or one, one or more, zero or more), their
# values unchecked; the flags the rules read are read between them.
$ check -r prog.rules -- --model-checksum abc --lora-paths a b c --cuda-graph-bs=8 --mem-fraction-static -1 --enable-dp-a
> ok
? 0
