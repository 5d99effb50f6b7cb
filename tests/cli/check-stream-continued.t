# A line of a pasted script ending with a lone '\' (a shell line
# continuation): invalid, not a config of program words only; a value that
# ends with '\' keeps it (as sh -c does).
$ check --no-env --format compact -r moe.rules
< python -m sglang.launch_server \\
< python -m sglang.launch_server --moe-a2a-backend pplx \\
<   --deepep-mode low_latency
< --moe-a2a-backend pplx\\
> invalid\t-\t-
> invalid\t-\t-
> ok\t-\t-
> invalid\t-\t-
? 1
