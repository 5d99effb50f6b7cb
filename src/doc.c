/* doc.c — to be written */
