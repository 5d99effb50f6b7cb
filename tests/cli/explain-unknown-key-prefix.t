# explain KEY: the unique prefix of a key's name (explain-unknown-key-spelling.t).
$ explain -r ../../rules.d/sglang SGLANG_MORI -- --tp 4
2> flagrule: explain: unknown key 'SGLANG_MORI'; did you mean 'SGLANG_MORI_NUM_MAX_DISPATCH_TOKENS_PER_RANK'?
? 2
