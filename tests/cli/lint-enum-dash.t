# An enum value that starts with '-': lint (and doc) find its trigger, the
# value joined by '=' (`--e=-b`: as a word of its own it would read as a
# flag); it was "no config found on which error rule 'dash-e' fires".
$ lint -r enumdash.rules
