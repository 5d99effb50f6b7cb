# resolve in a conflict: the values (each key the smallest declared), the
# errors and the warnings on standard error, exit 1.
$ resolve --no-env --format kv -r conflict3.rules -- --a
> n=5
> a=true
> m=q
2> error[big]: conflict: rule 'big' (conflict3.rules:6) declares n=10 but rule 'small' (conflict3.rules:7) declares n=5
2>   --> conflict3.rules:6
2> warning[big]: n=10
2>   --> conflict3.rules:6
2> warning[small]: n=5
2>   --> conflict3.rules:7
2> error[same1]: conflict: rule 'same1' (conflict3.rules:8) declares m=q, rule 'same2' (conflict3.rules:9) declares m=q but rule 'other' (conflict3.rules:10) declares m=r and rule 'again' (conflict3.rules:11) declares m=q
2>   --> conflict3.rules:8
? 1
