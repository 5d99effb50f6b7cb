/* cmd_explain.c — to be written */
