# A flag written with dashes other than ASCII's, or after an invisible
# character (a byte order mark, a zero-width space), is refused, with the
# flag meant: among the leading words it would be skipped as a program's.
$ check -r moe.rules
< python −−moe-a2a-backend pplx --deepep-mode normal
< \0357\0273\0277--moe-a2a-backend pplx --deepep-mode normal
< \0342\0200\0213--moe-a2a-backend pplx
< ‐‐deepep-mode normal
< －－deepep-mode normal
< —deepep-mode normal
< \0302\0240--deepep-mode normal
< \0357\0273\0277--no-such-flag 1 --deepep-mode normal
> line 1: invalid: unknown flag '−−moe-a2a-backend': it starts with U+2212 (a dash other than '-'), not ASCII '-'; did you mean '--moe-a2a-backend'?
> line 2: invalid: unknown flag '\\ufeff--moe-a2a-backend': it starts with U+FEFF (a byte order mark), not ASCII '-'; did you mean '--moe-a2a-backend'?
> line 3: invalid: unknown flag '\\u200b--moe-a2a-backend': it starts with U+200B (an invisible character), not ASCII '-'; did you mean '--moe-a2a-backend'?
> line 4: invalid: unknown flag '‐‐deepep-mode': it starts with U+2010 (a dash other than '-'), not ASCII '-'; did you mean '--deepep-mode'?
> line 5: invalid: unknown flag '－－deepep-mode': it starts with U+FF0D (a dash other than '-'), not ASCII '-'; did you mean '--deepep-mode'?
> line 6: invalid: unknown flag '—deepep-mode': it starts with U+2014 (a dash other than '-'), not ASCII '-'; did you mean '--deepep-mode'?
> line 7: invalid: unknown flag '\\xa0--deepep-mode': it starts with U+00A0 (a no-break space), not ASCII '-'; did you mean '--deepep-mode'?
> line 8: invalid: unknown flag '\\ufeff--no-such-flag': it starts with U+FEFF (a byte order mark), not ASCII '-'
? 1
