# resolve --format flags: a string with a NUL byte is left out of the command
# line (no config gives one), with a note; it used to be written raw.  A line
# break is quoted for sh, as before (the words give it after --).
$ resolve --no-env -r nul-value.rules -- --b
> --b --u 'c\nd'
2> error[E]: before a\\x00b after 'a\\x00b'
2>   --> nul-value.rules:8
2> flagrule: resolve: t holds a NUL byte, which no config gives; --format json keeps it
? 1
