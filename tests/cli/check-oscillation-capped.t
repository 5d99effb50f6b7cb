# A group still changing at its cap (1000 rounds + 4 for each of its 3 keys
# and 3 rules) runs 64 more rounds to find the rules that keep changing; the
# message counts them all, and the values show that many rounds: 1,088
# (check-oscillation-capped-values.t).
$ check -r oscring.rules --
> error[ab]: oscillation: rules 'ab' (oscring.rules:7), 'bc' (oscring.rules:8) and 'ca' (oscring.rules:9) keep changing a, b and c; they did not settle within 1088 rounds
>   --> oscring.rules:7
? 1
