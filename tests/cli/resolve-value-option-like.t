# resolve's flags format writes a value argparse would read as an option as
# --flag=value, so that the line reads back the same.
$ resolve --no-env -r misc.rules -- --model-path=-x --tp-size -3
> --model-path=-x --tp-size -3
