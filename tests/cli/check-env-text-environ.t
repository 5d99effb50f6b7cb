# The same from the process environment.
env FRT_SWITCH=None
$ check --format compact -r envtext.rules
<
> ok\t-\t-
