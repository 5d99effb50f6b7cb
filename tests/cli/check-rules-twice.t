# A rule file named twice (-r FILE -r ./FILE, or also in FLAGRULE_PATH, which
# comes after -r) is loaded once: no duplicate keys or rules.
env FLAGRULE_PATH=./moe.rules
$ check --no-env -r moe.rules -r ./moe.rules -r ../cli/moe.rules -- --moe-a2a-backend deepep --dp-size=4
> ok
