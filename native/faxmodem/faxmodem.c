/*
 * faxmodem: one end of a T.30 fax call over audio, built on spandsp 0.0.6, for Faxline.
 *
 *   faxmodem send    --file in.tif  (--listen|--connect) <unix socket> [--ident ID] [--ecm on|off] [--modems v17,v29,v27ter]
 *                    [--first-page N]
 *   faxmodem receive --out out.tif  (--listen|--connect) <unix socket> [--ident ID] [--ecm on|off] [--modems ...]
 *                    [--answer fax|silent|voice] [--dcn-after-pages N] [--drop-on-page N]
 *   faxmodem compare a.tif b.tif [--from-page N]
 *
 * The line: the two ends exchange G.711 A-law bytes (8000 a second) over a unix stream socket in lockstep blocks of
 * BLOCK samples: each end writes its block, then reads the peer's. Nothing waits for the clock, so a call runs as fast
 * as the CPU allows, and its line time is the samples exchanged / 8000. Silence is samples too: a peer that never
 * answers lets the T.30 timers run out in line time.
 *
 * Reports are JSON lines on stdout (one "page" per page confirmed/received, one "end"); the exit status is 0 only
 * when the call completed (T.30 completion code 0).
 */
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#include <tiffio.h>
#include <spandsp.h>

#define SAMPLE_RATE 8000
#define BLOCK 160                       /* 20 ms: the usual RTP packet of G.711 */
#define PEER_WAIT_MS 10000              /* wall time a live peer may take for one block (it is CPU-bound) */
#define LINGER_BLOCKS (2 * SAMPLE_RATE / BLOCK) /* after our phase E, 2 s of line for the peer to finish its own */
#define DCN_AFTER_BLOCKS 25 /* 0.5 s: the caller takes in the DCN before the line goes */
#define DROP_BLOCKS (2 * SAMPLE_RATE / BLOCK)   /* --drop-on-page: the last MCF goes out, then the next page begins */

/* How the receiver answers: as a fax machine, not at all (the line stays silent), or as a telephone (a voice, no fax
 * tone and no T.30: the caller's T.30 timers run out). */
enum answer { ANSWER_FAX, ANSWER_SILENT, ANSWER_VOICE };

typedef struct {
    int sending;
    int done;           /* phase E seen */
    int completion;     /* T.30 completion code */
    long samples;       /* line time, in samples exchanged */
    int pages;          /* pages reported so far */
    int dcn_after;      /* receiver: pages it confirms before it answers the next one with DCN (-1: all) */
    int drop_on;        /* receiver: the page during which it drops the line (0: none) */
    int refusing;       /* the page after dcn_after has come: DCN instead of MCF */
} call_t;

/* --dcn-after-pages: instead of confirming a page, the remote machine says goodbye (DCN, V.21 HDLC) and puts the phone
 * down. spandsp has no call for sending DCN at will, so the frame is made here. */
typedef struct {
    hdlc_tx_state_t *hdlc;
    fsk_tx_state_t *fsk;
    int sent;           /* blocks of line since the frame went out, from 1 (0: not yet) */
} dcn_t;

static void dcn_sent(void *user_data)
{
    dcn_t *dcn = user_data;
    if (!dcn->sent)
        dcn->sent = 1;
}

static void dcn_start(dcn_t *dcn)
{
    static const uint8_t frame[] = { 0xFF, 0x13, T30_DCN }; /* address, control (final frame), FCF */
    dcn->hdlc = hdlc_tx_init(NULL, FALSE, 2, FALSE, dcn_sent, dcn);
    hdlc_tx_flags(dcn->hdlc, 38); /* the 1 s preamble of a V.21 control message */
    hdlc_tx_frame(dcn->hdlc, frame, sizeof(frame));
    dcn->fsk = fsk_tx_init(NULL, &preset_fsk_specs[FSK_V21CH2], (get_bit_func_t) hdlc_tx_get_bit, dcn->hdlc);
}

static void json_string(const char *s)
{
    putchar('"');
    for (; s && *s; s++) {
        unsigned char c = (unsigned char) *s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

static const char *resolution_name(int y_resolution)
{
    if (y_resolution >= T4_Y_RESOLUTION_SUPERFINE)
        return "superfine";
    return y_resolution >= T4_Y_RESOLUTION_FINE ? "fine" : "standard";
}

static const char *compression_name(int encoding)
{
    switch (encoding) {
    case T4_COMPRESSION_ITU_T4_1D: return "T.4 1D";
    case T4_COMPRESSION_ITU_T4_2D: return "T.4 2D";
    case T4_COMPRESSION_ITU_T6: return "T.6";
    default: return "other";
    }
}

static long line_ms(const call_t *call)
{
    return call->samples * 1000 / SAMPLE_RATE;
}

static int phase_b(t30_state_t *t30, void *user_data, int result)
{
    (void) t30; (void) user_data; (void) result;
    /* Nothing to decide: every capability the far end offers within our own limits is acceptable. */
    return T30_ERR_OK;
}

/* After each page: the sender hears MCF/RTN/RTP, the receiver hears MPS/EOP/EOM. A page counts once the statistics
 * count it (the sender's on MCF, the receiver's on a good page). */
static int phase_d(t30_state_t *t30, void *user_data, int result)
{
    call_t *call = user_data;
    t30_stats_t stats;
    (void) result;
    t30_get_transfer_statistics(t30, &stats);
    int pages = call->sending ? stats.pages_tx : stats.pages_rx;
    if (!call->sending && call->dcn_after >= 0 && pages > call->dcn_after) {
        call->refusing = 1; /* this page is not confirmed, nor reported */
        pages = call->dcn_after;
    }
    for (; call->pages < pages; call->pages++) {
        printf("{\"event\":\"page\",\"page\":%d,\"bitRate\":%d,\"resolution\":\"%s\",\"compression\":\"%s\","
               "\"ecm\":%s,\"lineMs\":%ld}\n",
               call->pages + 1, stats.bit_rate, resolution_name(stats.y_resolution), compression_name(stats.encoding),
               stats.error_correcting_mode ? "true" : "false", line_ms(call));
    }
    fflush(stdout);
    return T30_ERR_OK;
}

static void phase_e(t30_state_t *t30, void *user_data, int completion)
{
    call_t *call = user_data;
    (void) t30;
    call->done = 1;
    call->completion = completion;
}

static void report_end(t30_state_t *t30, const call_t *call)
{
    t30_stats_t stats;
    t30_get_transfer_statistics(t30, &stats);
    printf("{\"event\":\"end\",\"pages\":%d,\"completion\":%d,\"completionText\":", call->pages, call->completion);
    json_string(t30_completion_code_to_str(call->completion));
    printf(",\"remoteIdent\":");
    json_string(t30_get_rx_ident(t30));
    printf(",\"bitRate\":%d,\"ecm\":%s,\"lineMs\":%ld", stats.bit_rate, stats.error_correcting_mode ? "true" : "false",
           line_ms(call));
    if (stats.error_correcting_mode)
        printf(",\"ecmRetransmissions\":%d", stats.error_correcting_mode_retries);
    printf("}\n");
    fflush(stdout);
}

static void fail(const char *message)
{
    fprintf(stderr, "faxmodem: %s\n", message);
    exit(2);
}

/* The caller starts both ends at once, so the listener may not be there yet: retry until it is. */
static int open_line(const char *path, int listening)
{
    struct sockaddr_un address = { .sun_family = AF_UNIX };
    if (strlen(path) >= sizeof(address.sun_path))
        fail("socket path too long");
    strcpy(address.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0)
        fail(strerror(errno));
    if (listening) {
        unlink(path);
        if (bind(fd, (struct sockaddr *) &address, sizeof(address)) < 0 || listen(fd, 1) < 0)
            fail(strerror(errno));
        struct pollfd waiting = { .fd = fd, .events = POLLIN };
        if (poll(&waiting, 1, PEER_WAIT_MS) <= 0)
            fail("no peer connected");
        int peer = accept(fd, NULL, NULL);
        if (peer < 0)
            fail(strerror(errno));
        close(fd);
        unlink(path);
        return peer;
    }
    for (int tries = 0; connect(fd, (struct sockaddr *) &address, sizeof(address)) < 0; tries++) {
        if ((errno != ENOENT && errno != ECONNREFUSED) || tries * 10 > PEER_WAIT_MS)
            fail("cannot connect to the peer");
        nanosleep(&(struct timespec) { .tv_nsec = 10 * 1000 * 1000 }, NULL);
    }
    return fd;
}

/* Whole blocks only: a stream socket may split them. Returns 0 when the peer hung up. */
static int exchange(int fd, const uint8_t *out, uint8_t *in)
{
    for (size_t sent = 0; sent < BLOCK;) {
        ssize_t n = send(fd, out + sent, BLOCK - sent, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return 0;
        sent += (size_t) n;
    }
    for (size_t got = 0; got < BLOCK;) {
        struct pollfd waiting = { .fd = fd, .events = POLLIN };
        int ready = poll(&waiting, 1, PEER_WAIT_MS);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            return 0; /* a stuck peer process is a dropped call, not a hang */
        ssize_t n = recv(fd, in + got, BLOCK - got, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return 0;
        got += (size_t) n;
    }
    return 1;
}

static int parse_modems(const char *list)
{
    int modems = 0;
    char copy[64];
    snprintf(copy, sizeof(copy), "%s", list);
    for (char *name = strtok(copy, ","); name; name = strtok(NULL, ",")) {
        if (strcmp(name, "v17") == 0) modems |= T30_SUPPORT_V17;
        else if (strcmp(name, "v29") == 0) modems |= T30_SUPPORT_V29;
        else if (strcmp(name, "v27ter") == 0) modems |= T30_SUPPORT_V27TER;
        else fail("--modems takes v17, v29 and v27ter");
    }
    return modems;
}

/* A telephone's answer: "hello?" as a 400 Hz tone, half a second on, half a second off, at about -13 dBm0. */
static int16_t voice_sample(long sample)
{
    if (sample % SAMPLE_RATE >= SAMPLE_RATE / 2)
        return 0;
    return (int16_t) (5000 * sin(2 * M_PI * 400 * (double) sample / SAMPLE_RATE));
}

static enum answer parse_answer(const char *name)
{
    if (strcmp(name, "fax") == 0) return ANSWER_FAX;
    if (strcmp(name, "silent") == 0) return ANSWER_SILENT;
    if (strcmp(name, "voice") == 0) return ANSWER_VOICE;
    fail("--answer takes fax, silent or voice");
    return ANSWER_FAX;
}

static int run_call(int sending, const char *file, const char *path, int listening, const char *ident, int ecm,
                    int modems, enum answer answer, int dcn_after, int drop_on, int first_page)
{
    call_t call = { .sending = sending, .dcn_after = dcn_after, .drop_on = drop_on };
    dcn_t dcn = { 0 };
    /* The sender is the calling party: it sends CNG and waits for the answerer's CED and DIS. */
    fax_state_t *fax = fax_init(NULL, sending);
    if (!fax)
        fail("cannot start the fax engine");
    t30_state_t *t30 = fax_get_t30_state(fax);
    /* A line always carries samples, silence included: the lockstep needs a full block every time. */
    fax_set_transmit_on_idle(fax, TRUE);
    t30_set_tx_ident(t30, ident);
    t30_set_supported_modems(t30, modems);
    t30_set_ecm_capability(t30, ecm);
    /* T.6 is only allowed with ECM (T.30 Annex A): one lost bit would ruin the rest of the page. */
    t30_set_supported_compressions(t30, T30_SUPPORT_T4_1D_COMPRESSION | T30_SUPPORT_T4_2D_COMPRESSION
                                        | (ecm ? T30_SUPPORT_T6_COMPRESSION : 0));
    t30_set_phase_b_handler(t30, phase_b, &call);
    t30_set_phase_d_handler(t30, phase_d, &call);
    t30_set_phase_e_handler(t30, phase_e, &call);
    /* A retry after a partial call sends only the pages not yet confirmed (spandsp counts pages from 0). */
    if (sending)
        t30_set_tx_file(t30, file, first_page > 1 ? first_page - 1 : -1, -1);
    else
        t30_set_rx_file(t30, file, -1);

    int fd = open_line(path, listening);
    int16_t amp[BLOCK];
    uint8_t out[BLOCK], in[BLOCK];
    int linger = LINGER_BLOCKS, drop = -1;
    while (!call.done || linger-- > 0) {
        if (drop < 0 && call.drop_on && call.pages >= call.drop_on - 1)
            drop = DROP_BLOCKS;
        if ((drop > 0 && --drop == 0) || dcn.sent > DCN_AFTER_BLOCKS) {
            t30_terminate(t30); /* the remote machine puts the phone down */
            break;
        }
        if (call.refusing && !dcn.hdlc)
            dcn_start(&dcn);
        if (dcn.sent)
            dcn.sent++;
        int len = dcn.fsk ? fsk_tx(dcn.fsk, amp, BLOCK) : answer == ANSWER_FAX ? fax_tx(fax, amp, BLOCK) : 0;
        for (int i = 0; i < BLOCK; i++) {
            int16_t sample = i < len ? amp[i] : answer == ANSWER_VOICE ? voice_sample(call.samples + i) : 0;
            out[i] = linear_to_alaw(sample);
        }
        if (!exchange(fd, out, in)) {
            /* The peer hung up or died: T.30 decides whether that was after a complete call or a dropped one. */
            if (!call.done)
                t30_terminate(t30);
            break;
        }
        for (int i = 0; i < BLOCK; i++)
            amp[i] = alaw_to_linear(in[i]);
        if (answer == ANSWER_FAX)
            fax_rx(fax, amp, BLOCK);
        if (!call.done)
            call.samples += BLOCK;
    }
    close(fd);
    report_end(t30, &call);
    if (dcn.hdlc) {
        fsk_tx_free(dcn.fsk);
        hdlc_tx_free(dcn.hdlc);
    }
    fax_free(fax);
    return call.completion == T30_ERR_OK ? 0 : 1;
}

/* Pixels of every page of two TIFFs, decoded by libtiff whatever their compression; 0 when they are identical.
 * `from_page` > 1: b holds a's pages from that one on (what a resumed call delivered). */
static int compare(const char *a_path, const char *b_path, int from_page)
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

static void usage(void)
{
    fail("usage: faxmodem send --file in.tif | receive --out out.tif  --listen|--connect <socket> "
         "[--ident ID] [--ecm on|off] [--modems v17,v29,v27ter] [--answer fax|silent|voice] [--dcn-after-pages N] "
         "[--drop-on-page N] [--first-page N];"
         " faxmodem compare a.tif b.tif [--from-page N]");
}

int main(int argc, char **argv)
{
    if (argc < 2)
        usage();
    if (strcmp(argv[1], "compare") == 0) {
        if (argc == 4)
            return compare(argv[2], argv[3], 1);
        if (argc != 6 || strcmp(argv[4], "--from-page") != 0 || atoi(argv[5]) < 1)
            usage();
        return compare(argv[2], argv[3], atoi(argv[5]));
    }
    int sending = strcmp(argv[1], "send") == 0;
    if (!sending && strcmp(argv[1], "receive") != 0)
        usage();
    const char *file = NULL, *path = NULL, *ident = "";
    int listening = 0, ecm = 1, modems = T30_SUPPORT_V17 | T30_SUPPORT_V29 | T30_SUPPORT_V27TER;
    int dcn_after = -1, drop_on = 0, first_page = 1;
    enum answer answer = ANSWER_FAX;
    for (int i = 2; i < argc; i++) {
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (!value)
            usage();
        if (strcmp(argv[i], (sending ? "--file" : "--out")) == 0) file = value;
        else if (strcmp(argv[i], "--listen") == 0) path = value, listening = 1;
        else if (strcmp(argv[i], "--connect") == 0) path = value, listening = 0;
        else if (strcmp(argv[i], "--ident") == 0) ident = value;
        else if (strcmp(argv[i], "--ecm") == 0) ecm = strcmp(value, "off") != 0;
        else if (strcmp(argv[i], "--modems") == 0) modems = parse_modems(value);
        else if (!sending && strcmp(argv[i], "--answer") == 0) answer = parse_answer(value);
        else if (!sending && strcmp(argv[i], "--dcn-after-pages") == 0) dcn_after = atoi(value);
        else if (!sending && strcmp(argv[i], "--drop-on-page") == 0) drop_on = atoi(value);
        else if (sending && strcmp(argv[i], "--first-page") == 0) first_page = atoi(value);
        else usage();
        i++;
    }
    if (!file || !path)
        usage();
    if (dcn_after < -1 || drop_on < 0 || first_page < 1)
        usage();
    return run_call(sending, file, path, listening, ident, ecm, modems, answer, dcn_after, drop_on, first_page);
}
