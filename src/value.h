#ifndef FR_VALUE_H
#define FR_VALUE_H
#endif
