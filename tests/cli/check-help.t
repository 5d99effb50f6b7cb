# --help prints the usage on stdout.
$ check --help
> usage: flagrule check [-r PATH]... [--format text|json|compact] [--werror] [-v]
>                       [--input line|json] [--no-env] [--ignore-unknown]
>                       [--no-color] [-j N] [-- FLAGS... | < CONFIGS]
>
> Evaluates configs against the rules.  With FLAGS after '--', checks that one
> config; otherwise reads one config per line from standard input and prints
> one record per line.
>
>   -r PATH          add a rule file or directory (repeatable)
>   --format FORMAT  text (default), json (JSON Lines) or compact
>   --werror         a config with warnings fails too
>   -v, --verbose    text format: also print the declared and resolved values
>   --input INPUT    line (default): a config is a command line; json: a JSON
>                    object, {"KEY": VALUE, ...}, one per line
>   --no-env         do not read env keys from the process environment
>   --ignore-unknown skip flags the rules do not declare (and their values)
>   --no-color       do not colour the output
>   -j, --jobs N     evaluate the configs of standard input on N threads
>                    (0 or 'auto': one per usable CPU); without -j, one
>                    thread, and up to 8 for an input of 8 MiB or more;
>                    the output is the same, in input order
>   -h, --help       print this help
>
> Exit status: 0 no errors, 1 a config had errors or was invalid, 2 usage or
> rule-file errors.
