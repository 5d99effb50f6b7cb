# resolve --format flags writes a null flag with its first null word; a null that
# no config line gives (a flag without null words whose default is not null)
# is left out with a line on stderr.  A text that is not a null word of its
# key is written as it is.
$ resolve --no-env -r nullwords.rules --format flags -- --quant fp8 --max-bs none --label - arch=None --label=null --path=None FRT_NAME=None
> FRT_NAME=None --quant fp8 --max-bs none --label null
2> info[mode-null]: mode null
2>   --> nullwords.rules:14
2> info[bs-null]: max_bs null
2>   --> nullwords.rules:16
2> info[path-null]: path null
2>   --> nullwords.rules:17
2> info[arch-null]: arch null
2>   --> nullwords.rules:19
2> info[limit-null]: FRT_LIMIT null
2>   --> nullwords.rules:21
2> flagrule: resolve: path is null, which no config line gives (it has no null word, and left out it takes its default); --format json keeps it
