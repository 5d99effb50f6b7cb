# A whole launch line given as one argument: its flags would be skipped with
# the program word it starts with; the config is invalid instead.
$ check --no-env -r moe.rules -- "python -m sglang.launch_server --moe-a2a-backend pplx"
> invalid: the word 'python -m sglang.launch_server --moe-a2a-backend pplx' holds a whole command line: give its words as separate arguments, or the line on standard input
? 1
