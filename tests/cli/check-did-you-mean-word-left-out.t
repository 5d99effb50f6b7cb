# "did you mean" takes a flag with a word left out for one edit:
# --moe-backend is --moe-a2a-backend (plain edit distance said
# --lora-backend).
$ check -r ../../rules.d/sglang --no-env
< --moe-backend pplx
< --a2a-backend deepep
> line 1: invalid: unknown flag '--moe-backend'; did you mean '--moe-a2a-backend'?
> line 2: invalid: unknown flag '--a2a-backend'; did you mean '--moe-a2a-backend'?
? 1
