/*
 * faxmodem stamp: puts the header line fax machines print above each page of a fax image.
 *
 *   faxmodem stamp in.tif header.pbm out.tif
 *
 * header.pbm (raw PBM, 1 = black) holds one header line per page of in.tif, one under the other, each as wide as the
 * page; Faxline renders it with Ghostscript just before the call (the date and time are the call's). Each page of
 * out.tif is its header line followed by the page, pixel for pixel, coded T.6 in one strip, with the page's
 * resolution: what goes down the line, and what the receiver must decode. Part of native/faxmodem.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>
#include "fail.h"
#include "stamp.h"

/* The header lines: width and total height in pixels, and the rows, packed 8 pixels a byte as PBM has them. */
typedef struct {
    uint32_t width, height;
    uint8_t *rows;
} pbm_t;

/* A number of the PBM header, after white space and # comments (Ghostscript writes one). */
static int pbm_number(FILE *file, uint32_t *value)
{
    int c;
    while ((c = fgetc(file)) != EOF) {
        if (c == '#')
            while ((c = fgetc(file)) != EOF && c != '\n')
                ;
        else if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            break;
    }
    if (c < '0' || c > '9')
        return 0;
    ungetc(c, file);
    return fscanf(file, "%u", value) == 1;
}

static void read_pbm(const char *path, pbm_t *pbm)
{
    FILE *file = fopen(path, "rb");
    if (!file || fgetc(file) != 'P' || fgetc(file) != '4' || !pbm_number(file, &pbm->width) || !pbm_number(file, &pbm->height)
        || fgetc(file) == EOF) /* the one white space character before the rows */
        fail("cannot read the header lines (raw PBM)");
    size_t size = (size_t) (pbm->width + 7) / 8 * pbm->height;
    pbm->rows = malloc(size);
    if (!pbm->rows || fread(pbm->rows, 1, size, file) != size)
        fail("the header lines (raw PBM) are cut short");
    fclose(file);
}

int stamp(const char *in_path, const char *pbm_path, const char *out_path)
{
    TIFFSetWarningHandler(NULL);
    TIFF *in = TIFFOpen(in_path, "r");
    if (!in)
        fail("cannot open the fax image to stamp");
    int pages = TIFFNumberOfDirectories(in);
    pbm_t pbm;
    read_pbm(pbm_path, &pbm);
    if (pages == 0 || pbm.height % (uint32_t) pages != 0)
        fail("the header lines are not one per page");
    uint32_t header_rows = pbm.height / (uint32_t) pages;
    TIFF *out = TIFFOpen(out_path, "w");
    if (!out)
        fail("cannot write the stamped fax image");
    for (int page = 0; page < pages; page++) {
        TIFFSetDirectory(in, (tdir_t) page);
        uint32_t width = 0, length = 0;
        uint16_t photometric = PHOTOMETRIC_MINISWHITE, unit = RESUNIT_INCH;
        float x_resolution = 204, y_resolution = 196;
        TIFFGetField(in, TIFFTAG_IMAGEWIDTH, &width);
        TIFFGetField(in, TIFFTAG_IMAGELENGTH, &length);
        TIFFGetFieldDefaulted(in, TIFFTAG_PHOTOMETRIC, &photometric);
        TIFFGetField(in, TIFFTAG_XRESOLUTION, &x_resolution);
        TIFFGetField(in, TIFFTAG_YRESOLUTION, &y_resolution);
        TIFFGetFieldDefaulted(in, TIFFTAG_RESOLUTIONUNIT, &unit);
        if (width != pbm.width)
            fail("the header lines are not as wide as the page");

        TIFFSetField(out, TIFFTAG_SUBFILETYPE, FILETYPE_PAGE);
        TIFFSetField(out, TIFFTAG_IMAGEWIDTH, width);
        TIFFSetField(out, TIFFTAG_IMAGELENGTH, header_rows + length);
        TIFFSetField(out, TIFFTAG_BITSPERSAMPLE, 1);
        TIFFSetField(out, TIFFTAG_SAMPLESPERPIXEL, 1);
        TIFFSetField(out, TIFFTAG_COMPRESSION, COMPRESSION_CCITTFAX4);
        TIFFSetField(out, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_MINISWHITE);
        TIFFSetField(out, TIFFTAG_FILLORDER, FILLORDER_MSB2LSB);
        TIFFSetField(out, TIFFTAG_XRESOLUTION, x_resolution);
        TIFFSetField(out, TIFFTAG_YRESOLUTION, y_resolution);
        TIFFSetField(out, TIFFTAG_RESOLUTIONUNIT, unit);
        TIFFSetField(out, TIFFTAG_ROWSPERSTRIP, header_rows + length); /* one strip a page */
        TIFFSetField(out, TIFFTAG_PAGENUMBER, (uint16_t) page, (uint16_t) pages);

        tmsize_t size = TIFFScanlineSize(in);
        uint8_t *row = malloc((size_t) size);
        size_t pbm_row = (pbm.width + 7) / 8;
        for (uint32_t y = 0; y < header_rows; y++) {
            memcpy(row, pbm.rows + ((size_t) page * header_rows + y) * pbm_row, (size_t) size);
            if (TIFFWriteScanline(out, row, y, 0) < 0)
                fail("cannot write a header row");
        }
        /* Written min-is-white (1 = black, as PBM and fax coding have it): a min-is-black page is turned over. */
        uint8_t flip = photometric == PHOTOMETRIC_MINISBLACK ? 0xFF : 0x00;
        for (uint32_t y = 0; y < length; y++) {
            if (TIFFReadScanline(in, row, y, 0) < 0)
                fail("cannot read a row of the fax image");
            for (tmsize_t i = 0; i < size; i++)
                row[i] ^= flip;
            if (TIFFWriteScanline(out, row, header_rows + y, 0) < 0)
                fail("cannot write a row of the fax image");
        }
        free(row);
        if (!TIFFWriteDirectory(out))
            fail("cannot write a page of the stamped fax image");
    }
    TIFFClose(out);
    TIFFClose(in);
    free(pbm.rows);
    return 0;
}
