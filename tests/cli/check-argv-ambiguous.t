# A prefix of several flags is ambiguous: invalid, listing them.
$ check -r moe.rules -- --d 2
> invalid: ambiguous flag '--d' could match --deepep-mode, --dp-size
? 1
