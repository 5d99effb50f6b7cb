# A flag without its value at the end.
$ check -r moe.rules --format compact -- --moe-a2a-backend pplx --dp-size
> invalid	-	-
? 1
