/* What the parts of faxmodem share. */
#ifndef FAXMODEM_H
#define FAXMODEM_H

/* Prints the message on stderr and exits with status 2 (a usage or set-up error, not a call that failed). */
void fail(const char *message);

/* Prints the comparison of two TIFFs' pixels as one JSON line; returns 0 when they are identical. `from_page` > 1:
 * b holds a's pages from that one on. */
int compare(const char *a_path, const char *b_path, int from_page);

/* Writes out.tif: each page of in.tif under its header line from header.pbm (one line per page, one under the
 * other). */
int stamp(const char *in_path, const char *pbm_path, const char *out_path);

#endif
