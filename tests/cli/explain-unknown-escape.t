# An unknown key's name is echoed as check echoes a config's words: control
# bytes escaped (a terminal escape sequence is not sent to the terminal).
$ explain -r moe.rules "$(printf 'e\033[31m1')"
2> flagrule: explain: unknown key 'e\\x1b[31m1'
? 2
