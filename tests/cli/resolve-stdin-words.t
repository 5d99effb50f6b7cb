# A config after '--': standard input is not read.
$ resolve --no-env -r moe.rules -- --moe-a2a-backend deepep
< --moe-a2a-backend pplx
< --moe-a2a-backend deepep
> --moe-a2a-backend deepep
