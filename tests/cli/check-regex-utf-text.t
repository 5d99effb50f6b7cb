# The text of that run-time error.
$ check --no-env -r utf.rules
< --s \0377
> line 1: error[one-char]: run-time error: the value is not valid UTF-8 (the regular expression has the u flag) in '(s ~ /^.$/u)'
>   --> utf.rules:3
? 1
