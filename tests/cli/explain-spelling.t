$ explain -r moe.rules --dp-size -- --dp-size 4
> dp_size = 4  (given by the config)
