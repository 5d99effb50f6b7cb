$ test -r moe.rules -v
> moe.rules:24:5: test "pplx": ok
> moe.rules:25:5: test "pplx": ok
> 2 passed, 0 failed
