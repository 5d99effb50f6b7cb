#ifndef FR_INTERP_H
#define FR_INTERP_H
#endif
