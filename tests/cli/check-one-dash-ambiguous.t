# A one-dash word whose two-dash form is the prefix of several spellings
# (from two letters on) is an unknown flag too, the candidates listed, also
# among the leading program words, where it was skipped: argparse refuses
# it (`unrecognized arguments: -enable-dp`).  Python's own -m, -u, -X are
# one letter: skipped.
$ check --no-env -r ../../rules.d/sglang
< python -m sglang.launch_server -enable-dp --tp 2
< python -m sglang.launch_server -moe pplx
< -enable-dp
< python3 -u -X dev -m sglang.launch_server --tp 2
> line 1: invalid: unknown flag '-enable-dp'; with two dashes it could be --enable-dp-attention, --enable-dp-attention-local-control-broadcast, --enable-dp-lm-head
> line 2: invalid: unknown flag '-moe'; with two dashes it could be --moe-a2a-backend, --moe-runner-backend, --moe-data-parallel-size, --moe-dense-tp-size, --moe-dp-size
> line 3: invalid: unknown flag '-enable-dp'; with two dashes it could be --enable-dp-attention, --enable-dp-attention-local-control-broadcast, --enable-dp-lm-head
> line 4: ok
? 1
