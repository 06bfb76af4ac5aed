/* faxmodem compare (tiff-compare.c). */
#ifndef FAXMODEM_TIFF_COMPARE_H
#define FAXMODEM_TIFF_COMPARE_H

/* Prints the comparison of two TIFFs' pixels as one JSON line; returns 0 when they are identical. `from_page` > 1:
 * b holds a's pages from that one on. */
int compare(const char *a_path, const char *b_path, int from_page);

#endif
