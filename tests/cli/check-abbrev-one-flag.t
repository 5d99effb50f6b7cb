# A prefix of two spellings of one flag is ambiguous, as in Python's argparse,
# which counts option strings ("ambiguous option: --t could match --tp-size, --tp").
$ check --no-env -r switch.rules --format text -- --t 4
> invalid: ambiguous flag '--t' could match --tp-size, --tp
? 1
