# A message shows the final values: r1's warning reads b, which r2 declares
# from the a that r1 declares (no dependency: b=true on line 1); in a declare
# rule a key it declares shows its input value (x on lines 2 and 3).
$ check --no-env --format text -r msgreads.rules
< --c
< --y 1
< --c --x 5
<
> line 1: warning[r1]: a set, b=true
>   --> msgreads.rules:8
> line 2: warning[r3]: x=0, y=1
>   --> msgreads.rules:10
> line 3: warning[r1]: a set, b=true
>   --> msgreads.rules:8
> line 3: warning[r3]: x=5, y=1
>   --> msgreads.rules:10
> line 4: ok
