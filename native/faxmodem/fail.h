/* How every part of faxmodem stops on a usage or set-up error. */
#ifndef FAXMODEM_FAIL_H
#define FAXMODEM_FAIL_H

/* Prints the message on stderr and exits with status 2 (a usage or set-up error, not a call that failed). */
void fail(const char *message);

#endif
