/* misspell.c — to be written */
