/* eval.c — to be written */
