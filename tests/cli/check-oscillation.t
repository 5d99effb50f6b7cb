# Rules that never settle.
$ check -r cycle.rules -- --go
> error[ping]: oscillation: rules 'ping' (cycle.rules:7) and 'pong' (cycle.rules:8) keep changing a and b; they never settle
>   --> cycle.rules:7
? 1
