/* graph.c — to be written */
