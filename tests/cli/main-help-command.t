# help COMMAND: that command's help, as COMMAND --help prints it.
$ help resolve
> usage: flagrule resolve [-r PATH]... [--format flags|kv|json] [--input line|json]
>                         [--no-env] [--ignore-unknown] [--no-color]
>                         [-- FLAGS... | < CONFIG]
>
> Prints the resolved config: every key's value after the declare rules.
> The config is FLAGS after '--', else the one line of standard input (when it
> is not a terminal).  Messages go to standard error; a config with errors is
> still printed, and the exit status is 1.
>
>   -r PATH          add a rule file or directory (repeatable)
>   --format FORMAT  flags (default; also 'args'): a command line of the flags
>                    that differ from their defaults, quoted for sh(1), with
>                    env and fact keys as leading NAME=VALUE words;
>                    kv: KEY=VALUE lines of every key; json: one object
>   --input INPUT    line (default): the config is a command line; json: a
>                    JSON object, {"KEY": VALUE, ...}
>   --no-env         do not read env keys from the process environment
>   --ignore-unknown skip flags the rules do not declare (and their values)
>   --no-color       do not colour the output
>   -h, --help       print this help
