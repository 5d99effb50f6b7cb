# Failing cases: a line each, with the location; exit 1.
$ test -r failing.rules
> failing.rules:9:17: test "fails": expected ok, got error (need-n)
> failing.rules:10:23: test "fails": expected n = 3, got 2
> failing.rules:11:5: test "fails": config is invalid: --a expects one of none, pplx, got 'bogus'
> 2 passed, 3 failed
? 1
