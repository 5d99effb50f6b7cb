# A rule file with an error stops with status 2, nothing on stdout.
$ check -r bad.rules -- --tp-size 2
2~ ^bad.rules:2:[0-9]+: error: .*tp_sise
? 2
