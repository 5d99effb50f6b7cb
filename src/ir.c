/* ir.c — to be written */
