# An unnamed rule's id hashes its text without comments: the ids here are
# those of the same rules written without them ('#' in a string or a regex
# is text).
$ check -r unnamed-comment.rules -- --a 3 --s '#x/#'
> error[unnamed-comment-a8f81fd8]: big
>   --> unnamed-comment.rules:5
> error[unnamed-comment-7605c248]: a # b " # c
>   --> unnamed-comment.rules:7
? 1
