# A {KEY} placeholder of a string holding a NUL byte: the byte is written \x00
# and the rest of the message follows (a message is a C string: it stopped
# at the NUL); {KEY!r} is Python's repr, as before.
$ check --no-env -r nul-value.rules --format json -- --b
> {"line": 1, "status": "error", "errors": [{"rule": "E", "message": "before a\\\\x00b after 'a\\\\x00b'", "file": "nul-value.rules", "line": 8}], "warnings": [], "infos": [], "resolved": {"b": true, "t": "a\\u0000b", "u": "c\\nd"}, "declared": {"t": "a\\u0000b", "u": "c\\nd"}}
? 1
