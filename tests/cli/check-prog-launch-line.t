# A whole launch line with the program's other flags declared (`cli KIND
# "--x"`): checked without --ignore-unknown; each is skipped with the value
# words its kind takes (one, zero or one, one or more, zero or more), their
# values unchecked; the flags the rules read are read between them.
$ check -r prog.rules -- python -m sglang.launch_server --trust-remote-code --mem-fraction-static 0.8 --tp 8 --cuda-graph-bs 1 2 4 --moe-a2a-backend pplx --model-checksum --lora-paths --tokenizer-path=/t SGLANG_X=3
> error[a2a-needs-dp-attention]: pplx needs --enable-dp-attention
>   --> prog.rules:7
? 1
