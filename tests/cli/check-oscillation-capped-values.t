# The values a capped group leaves: one per round run (check-oscillation-capped.t).
$ check --format compact -v -r oscring.rules --
> error\tab\ta=1088 b=1088 c=1088
? 1
