# 'COND -> require C' is 'COND & !(C)': a run-time error of COND is the
# config's only when C does not hold, as for the same condition written with '&'.
$ check --no-env -r requirert.rules
<
< --ok=false
< --c 2
< --c 2 --ok=false
> line 1: ok
> line 2: error[viareq]: run-time error: division by zero in '10 / c'
>   --> requirert.rules:4
> line 2: error[viaerr]: run-time error: division by zero in '10 / c'
>   --> requirert.rules:5
> line 3: ok
> line 4: error[viareq]: ok must hold
>   --> requirert.rules:4
> line 4: error[viaerr]: ok must hold
>   --> requirert.rules:5
? 1
