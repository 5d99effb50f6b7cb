# The same for a value shown as text ({key}, not {key!r}).
$ check -r misc.rules -- --model "$(printf 'echo:x\nline 2: ok\033[31m\tend')"
> info[path-echo]: path echo:x\\nline 2: ok\\x1b[31m	end
>   --> misc.rules:27
