# A value of the wrong type in the environment: the key keeps its default, as
# a program reading it through a typed getter falls back (SGLang's
# EnvField.get()), with a warning; a config that gives the key is not warned.
env FRT_MAX_TOKENS=lots
$ check -r misc.rules
< --tp 4
< FRT_MAX_TOKENS=1 --tp 4
> line 1: warning[input]: FRT_MAX_TOKENS expects an integer, got 'lots' in the environment; its default 4096 is used, as the program falls back to it
> line 2: ok
