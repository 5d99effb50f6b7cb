# explain names the rule of the conflict that declares another value than
# the one kept (the smallest), whichever comes first in the files.
$ explain --no-env -r conflict.rules m --
> m = 'q'  (declared by rule 'one' (conflict.rules:4))
>   rule 'one' (conflict.rules:4) declares m = 'q' because
>     m = p  -> true
>   reading
>     given(m) = 'p'  (the default)
>   conflict: rule 'two' declares another value
