# A rule path that does not exist.
$ check -r no-such.rules -- --tp-size 2
2~ no-such.rules
? 2
