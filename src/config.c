/* config.c — to be written */
