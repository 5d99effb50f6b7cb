/* compile.c — to be written */
