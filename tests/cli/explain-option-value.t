# explain: -r=PATH is no option; it takes PATH as the next argument.
$ explain -r=moe.rules mode --
2> flagrule: explain: option '-r' takes its value as the next argument: write '-r moe.rules'
? 2
