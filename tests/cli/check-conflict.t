# Two declarations of different values for one key.
$ check -r misc.rules -- --tp 8 --mode normal
> error[big-tp]: conflict: rule 'big-tp' (misc.rules:25) declares chunk=4096 but rule 'normal-tp' (misc.rules:26) declares chunk=2048
>   --> misc.rules:25
? 1
