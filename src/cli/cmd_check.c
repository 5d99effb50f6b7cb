/* cmd_check.c — to be written */
