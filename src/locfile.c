/* locfile.c — to be written */
