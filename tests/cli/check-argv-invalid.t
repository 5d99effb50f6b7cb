# An unknown flag: invalid, with a suggestion.
$ check -r moe.rules -- --moe-a2a-backend pplx --dp-sise 2
> invalid: unknown flag '--dp-sise'; did you mean '--dp-size'?
? 1
