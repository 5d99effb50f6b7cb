/* explain.c — to be written */
