# No config: nothing differs from the defaults (an empty line).
$ resolve -r moe.rules
>
