#include "icushim.h"
