/* cmd_test.c — to be written */
