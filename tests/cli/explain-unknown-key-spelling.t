# explain KEY: a flag spelling without its dashes, or its abbreviation, is
# suggested with them; a unique prefix of a key's name suggests that name.
$ explain -r ../../rules.d/sglang tp -- --tp 4
2> flagrule: explain: unknown key 'tp'; did you mean '--tp-size'?
? 2
