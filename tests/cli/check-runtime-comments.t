# A run-time error's message names the expression as parsed: no comment, no
# line break.
$ check --no-env -r comments.rules --
> error[R]: run-time error: division by zero in '10 / (n - 0)'
>   --> comments.rules:13
? 1
