# A malformed SOURCE_DATE_EPOCH is an error (reproducible builds: no page gets
# a date nobody chose).
env SOURCE_DATE_EPOCH=1e9
$ doc -r moe.rules --format man pplx-normal-mode
2> flagrule: doc: SOURCE_DATE_EPOCH is '1e9': it must be a count of seconds since 1970-01-01 (digits only, e.g. $(git log -1 --format=%ct))
? 2
