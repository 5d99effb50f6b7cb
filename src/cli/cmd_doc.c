/* cmd_doc.c — to be written */
