/* cmd_lint.c — to be written */
