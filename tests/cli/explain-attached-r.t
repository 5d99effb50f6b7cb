# -rPATH (the path attached) reads as -r PATH in explain too.
$ explain -rmoe.rules mode -- --moe-a2a-backend deepep
> deepep_mode = 'auto'  (the default)
>   rule 'pplx-auto-low-latency' (moe.rules:13) could declare it, but its condition is false:
>     a2a = pplx  -> false
>     mode = auto  -> true
