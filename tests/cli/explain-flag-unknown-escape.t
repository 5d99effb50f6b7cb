# An unknown flag spelling: control bytes escaped.
$ explain -r moe.rules "$(printf -- '--x\033[0m')"
2> flagrule: explain: unknown flag '--x\\x1b[0m'
? 2
