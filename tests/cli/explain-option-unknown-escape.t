# An unknown option: control bytes escaped.
$ explain -r moe.rules k "$(printf -- '-y\033')"
2> flagrule: explain: unknown option '-y\\x1b'
? 2
