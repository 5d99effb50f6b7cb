# A conflict names every enabled declarer in rule order, 'but' before the first
# value that differs from the first one; the key takes the smallest value, and
# the warning of each declaration in the conflict is reported with it.
$ check --no-env -r conflict3.rules -- --a
> error[big]: conflict: rule 'big' (conflict3.rules:6) declares n=10 but rule 'small' (conflict3.rules:7) declares n=5
>   --> conflict3.rules:6
> warning[big]: n=10
>   --> conflict3.rules:6
> warning[small]: n=5
>   --> conflict3.rules:7
> error[same1]: conflict: rule 'same1' (conflict3.rules:8) declares m=q, rule 'same2' (conflict3.rules:9) declares m=q but rule 'other' (conflict3.rules:10) declares m=r and rule 'again' (conflict3.rules:11) declares m=q
>   --> conflict3.rules:8
? 1
