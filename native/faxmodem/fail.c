/* faxmodem's one way out on a usage or set-up error, apart from the call so that every part can use it. */
#include <stdio.h>
#include <stdlib.h>
#include "fail.h"

void fail(const char *message)
{
    fprintf(stderr, "faxmodem: %s\n", message);
    exit(2);
}
