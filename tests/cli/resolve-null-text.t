# resolve --format flags: a nullable string holding the text null or None
# cannot be written on a command line (the word reads as null): said on stderr.
$ resolve -r misc.rules --input json
< {"model_path": "null", "arch": "None", "tp": 2}
> arch=None --model-path null --tp-size 2
2> warning[arch-known]: unknown architecture 'None'
2>   --> misc.rules:21
2> flagrule: resolve: arch is the text 'None', which a command line reads as null; --format json keeps it
2> flagrule: resolve: model_path is the text 'null', which a command line reads as null; --format json keeps it
