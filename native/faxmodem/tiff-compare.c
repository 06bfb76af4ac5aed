/*
 * faxmodem compare: the pixels of two fax images, page by page, whatever their compression (libtiff decodes both), so
 * that the sandbox can check that the pages the remote decoded are the pages we rendered. Part of native/faxmodem.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <tiffio.h>
#include "fail.h"
#include "tiff-compare.h"

/* Pixels of every page of two TIFFs, decoded by libtiff whatever their compression; 0 when they are identical.
 * `from_page` > 1: b holds a's pages from that one on (what a resumed call delivered). */
int compare(const char *a_path, const char *b_path, int from_page)
{
    TIFFSetWarningHandler(NULL); /* spandsp's private tags are not worth a warning */
    TIFF *a = TIFFOpen(a_path, "r"), *b = TIFFOpen(b_path, "r");
    if (!a || !b)
        fail("cannot open a TIFF to compare");
    if (from_page > 1 && !TIFFSetDirectory(a, (tdir_t) (from_page - 1)))
        fail("--from-page is past the last page");
    int page = 0, identical = 1;
    printf("{\"event\":\"compare\",\"pages\":[");
    do {
        uint32_t aw = 0, ah = 0, bw = 0, bh = 0;
        uint16_t ap = 0, bp = 0;
        TIFFGetField(a, TIFFTAG_IMAGEWIDTH, &aw);
        TIFFGetField(a, TIFFTAG_IMAGELENGTH, &ah);
        TIFFGetField(b, TIFFTAG_IMAGEWIDTH, &bw);
        TIFFGetField(b, TIFFTAG_IMAGELENGTH, &bh);
        TIFFGetFieldDefaulted(a, TIFFTAG_PHOTOMETRIC, &ap);
        TIFFGetFieldDefaulted(b, TIFFTAG_PHOTOMETRIC, &bp);
        long different = 0;
        if (aw == bw && ah == bh) {
            tmsize_t size = TIFFScanlineSize(a);
            uint8_t *ra = malloc(size), *rb = malloc(size);
            /* Photometric says which bit is black; compare ink, not bits. */
            uint8_t flip = ap == bp ? 0x00 : 0xFF;
            for (uint32_t row = 0; row < ah; row++) {
                if (TIFFReadScanline(a, ra, row, 0) < 0 || TIFFReadScanline(b, rb, row, 0) < 0) {
                    different = ah - row;
                    break;
                }
                for (tmsize_t i = 0; i < size; i++) {
                    if ((ra[i] ^ flip) != rb[i]) {
                        different++;
                        break;
                    }
                }
            }
            free(ra);
            free(rb);
        }
        int same = aw == bw && ah == bh && different == 0;
        identical &= same;
        printf("%s{\"page\":%d,\"width\":[%u,%u],\"height\":[%u,%u],\"differentRows\":%ld,\"identical\":%s}",
               page ? "," : "", page + (from_page > 1 ? from_page : 1), aw, bw, ah, bh, different, same ? "true" : "false");
        page++;
    } while (TIFFReadDirectory(a) + TIFFReadDirectory(b) == 2);
    /* Equal page counts: both files must have run out of pages together. */
    int a_more = !TIFFLastDirectory(a), b_more = !TIFFLastDirectory(b);
    identical &= !a_more && !b_more;
    printf("],\"identical\":%s}\n", identical ? "true" : "false");
    TIFFClose(a);
    TIFFClose(b);
    return identical ? 0 : 1;
}
