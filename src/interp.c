/* interp.c — to be written */
