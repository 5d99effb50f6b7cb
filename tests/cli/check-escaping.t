# Control characters in values cannot fake records or send terminal
# escapes in text output: they are shown escaped.
$ check -r misc.rules -- --model "$(printf 'instance://x\nline 2: ok\033[31m')" arch=Foo
> info[instance-path]: model 'instance://x\\nline 2: ok\\x1b[31m' comes from an instance
>   --> misc.rules:11
> warning[arch-known]: unknown architecture 'Foo'
>   --> misc.rules:21
