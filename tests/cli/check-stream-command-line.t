# A launch line quoted as one word on standard input: invalid, as in argv.
# A quoted program word without " --" is still a program word.
$ check --no-env -r moe.rules
< 'python -m sglang.launch_server --moe-a2a-backend pplx'
< "python	--dp-size 2"
< 'python x.py' --dp-size 2
> line 1: invalid: the word 'python -m sglang.launch_server --moe-a2a-backend pplx' holds a whole command line: write it without the quotes
> line 2: invalid: the word 'python\\t--dp-size 2' holds a whole command line: write it without the quotes
> line 3: ok
? 1
