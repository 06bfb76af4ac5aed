/* faxmodem stamp (stamp.c). */
#ifndef FAXMODEM_STAMP_H
#define FAXMODEM_STAMP_H

/* Writes out.tif: each page of in.tif under its header line from header.pbm (one line per page, one under the
 * other). */
int stamp(const char *in_path, const char *pbm_path, const char *out_path);

#endif
