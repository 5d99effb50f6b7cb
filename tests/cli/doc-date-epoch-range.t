# A SOURCE_DATE_EPOCH of digits past the year 9999 is an error that says so
# (it said "digits only").
env SOURCE_DATE_EPOCH=253402300800
$ doc -r moe.rules --format man pplx-normal-mode
2> flagrule: doc: SOURCE_DATE_EPOCH is '253402300800': past the year 9999, which a page's date cannot show (at most 253402300799)
? 2
