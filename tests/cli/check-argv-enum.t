# A value outside an enum lists the choices.
$ check -r moe.rules -- --deepep-mode normall
> invalid: --deepep-mode expects one of auto, normal, low_latency, got 'normall'; did you mean 'normal'?
? 1
