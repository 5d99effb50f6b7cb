#ifndef FR_EVAL_H
#define FR_EVAL_H
#endif
