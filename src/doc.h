#ifndef FR_DOC_H
#define FR_DOC_H
#endif
