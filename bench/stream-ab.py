#!/usr/bin/env python3
"""stream-ab.py A B [PASSES] [INPUT] [INPUT_B] -- two stream-ab builds (bench/stream-ab.c)
pinned to one CPU, taking turns block by block (A B, then B A, ...), PASSES times
(default 10).  Prints B/A: the ratio of the sums of each block's fastest run (the
figure to quote), of the sums of medians, and the median of the per-run ratios.
INPUT defaults to bench/work/sglang/configs-100000.txt (run from a build tree after
`make bench`, or name one); INPUT_B (default INPUT) lets
one build run two inputs (word orders, say).  RULES: the environment's
STREAM_AB_RULES, else rules.d/sglang next to this script."""
import os
import statistics as st
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
A, B = sys.argv[1], sys.argv[2]
passes = int(sys.argv[3]) if len(sys.argv) > 3 else 10
data = sys.argv[4] if len(sys.argv) > 4 else os.path.join('bench', 'work', 'sglang', 'configs-100000.txt')
data_b = sys.argv[5] if len(sys.argv) > 5 else data
rules = os.environ.get('STREAM_AB_RULES', os.path.join(here, '..', 'rules.d', 'sglang'))
cpu = os.environ.get('STREAM_AB_CPU', '1')


def spawn(prog, inp):
    p = subprocess.Popen(['taskset', '-c', cpu, prog, rules, inp, 'serve'], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, bufsize=1)
    return p, int(p.stdout.readline())


def run(p, b):
    p.stdin.write(f"{b}\n")
    p.stdin.flush()
    return int(p.stdout.readline())


pa, nb = spawn(A, data)
pb, nbb = spawn(B, data_b)
if nb != nbb:
    sys.exit("stream-ab.py: the inputs have different numbers of blocks")
ta = [[] for _ in range(nb)]
tb = [[] for _ in range(nb)]
for ps in range(passes):
    for b in range(nb):
        if (ps + b) % 2:
            ta[b].append(run(pa, b))
            tb[b].append(run(pb, b))
        else:
            tb[b].append(run(pb, b))
            ta[b].append(run(pa, b))
pa.stdin.close()
pb.stdin.close()
sa = sum(min(x) for x in ta)
sb = sum(min(x) for x in tb)
ratios = [y / x for xs, ys in zip(ta, tb) for x, y in zip(xs, ys)]
meda = sum(st.median(x) for x in ta)
medb = sum(st.median(x) for x in tb)
print(f"B/A: sum-of-min {sb / sa:.4f}  sum-of-median {medb / meda:.4f}  pairwise median {st.median(ratios):.4f}"
      f"  (A: {sa / nb / 2000:.0f} ticks per config)")
