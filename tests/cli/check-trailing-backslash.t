# A line that ends with a backslash is a continued line of a script, a word
# of its own or the end of one: invalid; an escaped one is a backslash, and
# one in a comment is the comment's.
$ check --no-env -r moe.rules
< --moe-a2a-backend pplx \\
< --moe-a2a-backend pplx\\
< --moe-a2a-backend=pplx\\\\
< --deepep-mode normal # x\\
> line 1: invalid: the line ends with a lone '\\' (a shell line continuation): a config is one line; join it with the next
> line 2: invalid: the line ends with '\\' (a shell line continuation): a config is one line; join it with the next (or write '\\\\' for a backslash)
> line 3: invalid: --moe-a2a-backend expects one of none, deepep, pplx, got 'pplx\\\\'; did you mean 'pplx'?
> line 4: ok
? 1
