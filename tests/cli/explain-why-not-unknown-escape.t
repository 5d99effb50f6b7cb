# An unknown rule's name: control bytes escaped.
$ explain -r moe.rules --why-not "$(printf 'R\033]0;x\007')"
2> flagrule: explain: unknown rule 'R\\x1b]0;x\\x07'
? 2
