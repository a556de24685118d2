#include <sys/types.h>
#include <md5.h>
