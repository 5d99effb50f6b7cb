# With --ignore-unknown, such a word is still refused when it names a flag
# of the rules (an unknown one is skipped, as any unknown flag).
$ check --ignore-unknown -r moe.rules
< \0357\0273\0277--zzz 1 --deepep-mode normal
< \0357\0273\0277--deepep-mode normal
> line 1: ok
> line 2: invalid: unknown flag '\\ufeff--deepep-mode': it starts with U+FEFF (a byte order mark), not ASCII '-'; did you mean '--deepep-mode'?
? 1
