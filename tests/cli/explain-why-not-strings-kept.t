# Strings and regexes are shown as written ('#' and runs of spaces in them are
# text); comments outside them are dropped.
$ explain --no-env -r comments.rules --why-not S -- --b
> rule 'S' (comments.rules:11) did not fire: its condition is false
>   when: s ~ /a  #b/x & s = "x  # y" & b
>     s ~ /a  #b/x  -> true
>     s = "x  # y"  -> false
>     b  -> true
>   reading
>     s = 'a  b'  (the default)
>     b = True  (given by the config)
