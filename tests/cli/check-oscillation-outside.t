# When a cycle oscillates, a key its rules declare outside the cycle (x) is left
# with the cycle's keys, at the round that led to the state they are left in.
$ check --no-env --format json -r oscout.rules
<
> {"line": 1, "status": "error", "errors": [{"rule": "ping", "message": "oscillation: rules 'ping' (oscout.rules:5) and 'pong' (oscout.rules:6) keep changing a, b and x; they never settle", "file": "oscout.rules", "line": 5}, {"rule": "judge", "message": "x is set but a is false", "file": "oscout.rules", "line": 7}], "warnings": [], "infos": [], "resolved": {"a": false, "b": true, "x": true}, "declared": {"b": true, "x": true}}
? 1
