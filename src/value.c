/* value.c — to be written */
