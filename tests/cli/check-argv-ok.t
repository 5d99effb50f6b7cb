# A config without messages prints "ok".
$ check -r moe.rules -- --moe-a2a-backend deepep --dp-size=4
> ok
