# resolve --format flags: a nullable string fact holding the text null or None
# cannot be written in a config line (the word reads as null): said on stderr.
# A flag's text is written as it is (a flag reads only its null words as null).
$ resolve -r misc.rules --input json
< {"model_path": "null", "arch": "None", "tp": 2}
> arch=None --model-path null --tp-size 2
2> warning[arch-known]: unknown architecture 'None'
2>   --> misc.rules:21
2> flagrule: resolve: arch is the text 'None', which a command line reads as null; --format json keeps it
