$ test -r moe.rules -v
> moe.rules:24: test "pplx": ok
> moe.rules:25: test "pplx": ok
> 2 passed, 0 failed
