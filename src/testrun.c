/* testrun.c — to be written */
