# resolve --format flags: a string with a NUL byte or a line break is left
# out of the command line (no config line gives one), with a note each; it
# used to be written raw, a NUL byte or a broken line.
$ resolve --no-env -r nul-value.rules -- --b
> --b
2> error[E]: before a\\x00b after 'a\\x00b'
2>   --> nul-value.rules:8
2> flagrule: resolve: t holds a NUL byte, which no config line gives; --format json keeps it
2> flagrule: resolve: u holds a line break, which no config line gives; --format json keeps it
? 1
