# A one-letter option a command does not have gets no suggestion by spelling
# (every other one-letter option is one edit away: -j is no slip for -r).
$ resolve -r moe.rules -j 2 -- --moe-a2a-backend pplx
2> flagrule: resolve: unknown option '-j'
2> Try 'flagrule resolve --help'.
? 2
