/* diag.c — to be written */
