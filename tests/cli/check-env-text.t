# A string env key takes its text as it is: None and null are set values
# (only an absent variable is null); a fact's null is still null.
$ check --no-env --format compact -r envtext.rules
< FRT_SWITCH=None
< FRT_SWITCH=null
<
< label=null
> ok\t-\t-
> ok\t-\t-
> ok\t-\tFRT_SWITCH=1
> ok\t-\tFRT_SWITCH=1
