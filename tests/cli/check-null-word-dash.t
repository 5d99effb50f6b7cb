# A null word that starts with '-' is read as the general reader reads it: as
# the next word, an option (argparse), so no value; after '=', the null word.
$ check --no-env -r nulldash.rules
< --size -x
< --size=-x
< --size none
< --size -3
> line 1: invalid: missing value for --size: '-x' is read as an option (to give it as the value: --size=-x)
> line 2: info[s]: size null
>   --> nulldash.rules:3
> line 3: info[s]: size null
>   --> nulldash.rules:3
> line 4: ok
? 1
