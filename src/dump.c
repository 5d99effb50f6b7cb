/* dump.c — to be written */
