# A KEY and --why-not RULE together: one or the other.
$ explain -r moe.rules --why-not pplx-auto-low-latency deepep_mode
2> flagrule: explain: give a KEY or --why-not RULE, not both ('deepep_mode' and --why-not 'pplx-auto-low-latency')
? 2
