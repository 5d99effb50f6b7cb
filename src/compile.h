#ifndef FR_COMPILE_H
#define FR_COMPILE_H
#endif
