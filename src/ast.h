#ifndef FR_AST_H
#define FR_AST_H
#endif
