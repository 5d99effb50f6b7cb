# A flag key as NAME=VALUE on the command line (the argv reader).
$ check --no-env -r misc.rules -- tp_size=50
> invalid: 'tp_size' is a flag, not an env or fact key: write --tp-size 50
? 1
