// The system zlib (Debian: zlib1g-dev), for reading gzip-compressed event logs.
#include <zlib.h>
