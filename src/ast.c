/* ast.c — to be written */
