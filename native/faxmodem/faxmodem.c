/*
 * faxmodem: one end of a T.30 fax call over audio or over T.38, built on spandsp 0.0.6, for Faxline.
 *
 *   faxmodem send    --file in.tif  (--listen|--connect) <unix socket> [--transport audio|t38] [--ident ID]
 *                    [--ecm on|off] [--modems v17,v29,v27ter] [--first-page N] [--expect-ident ID]
 *   faxmodem receive --out out.tif  (--listen|--connect) <unix socket> [--transport audio|t38] [--ident ID]
 *                    [--ecm on|off] [--modems ...] [--answer fax|silent|voice] [--dcn-after-pages N] [--drop-on-page N]
 *                    [--refuse-training v17] [--drop-before-confirming on]
 *   faxmodem call    --file in.tif [--transport audio|t38] [the sender's options] --receiver --out out.tif
 *                    [the receiver's options]
 *   faxmodem compare a.tif b.tif [--from-page N]
 *   faxmodem serve   (the commands above, one per line on stdin, words between tabs; see serve())
 *
 * `send` and `receive` are one end each, in a process of its own, joined to the other end's process by a unix socket:
 * a call with another program (an inbound call, a remote machine's gateway). `call` runs both ends in this process,
 * each step's block handed over in memory in the same lockstep (the sandbox's calls: no socket, no second process).
 *
 * The line over audio (the default): the two ends exchange G.711 A-law bytes (8000 a second) over a unix stream
 * socket in lockstep blocks of BLOCK samples: each end writes its block, then reads the peer's. Nothing waits for the
 * clock, so a call runs as fast as the CPU allows, and its line time is the samples exchanged / 8000. Silence is
 * samples too: a peer that never answers lets the T.30 timers run out in line time.
 *
 * The line over T.38 (--transport t38): each end is a T.38 terminal (spandsp's t38_terminal), and the socket carries
 * its IFP packets as UDPTL would carry them in UDP datagrams, less UDPTL's redundancy (a stream loses nothing):
 *
 *   packet       length (2 bytes, big-endian: 2 + the IFP's bytes), sequence number (2 bytes, big-endian), IFP
 *   end of step  length 0 (2 bytes)
 *
 * Time moves in the same lockstep of BLOCK samples (20 ms): each end advances its terminal's clock by a step, writes
 * the packets it made and an end of step, then reads the peer's packets up to its end of step. The terminals pace
 * their packets as the modems they stand for would (a gateway plays them out to a telephone line), so the call's line
 * time is steps x 20 ms, computed, never waited for. The receiver's misbehaviours (--answer, --dcn-after-pages,
 * --drop-on-page, --refuse-training, --drop-before-confirming) are audio only.
 *
 * Wrong-number protection (--expect-ident): the sender compares the station id the remote announces (CSI, which comes
 * with its DIS in phase B, before any page) with the one expected, ignoring spaces, '+', '-' and case (machines pad
 * their CSI with spaces); on a mismatch its phase B handler refuses the DIS, so spandsp sends DCN and no page goes.
 *
 * Reports are JSON lines on stdout (one "page" per page confirmed/received, one "end"); the exit status is 0 only
 * when the call completed (T.30 completion code 0).
 */
#include <ctype.h>
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
#include "fail.h"
#include "tiff-compare.h"

#define SAMPLE_RATE 8000
#define BLOCK 160                       /* 20 ms: the usual RTP packet of G.711 */
#define PEER_WAIT_MS 10000              /* wall time a live peer may take for one block (it is CPU-bound) */
#define LINGER_BLOCKS (2 * SAMPLE_RATE / BLOCK) /* after our phase E, 2 s of line for the peer to finish its own */
#define DCN_AFTER_BLOCKS 25 /* 0.5 s: the caller takes in the DCN before the line goes */
#define DROP_BLOCKS (2 * SAMPLE_RATE / BLOCK)   /* --drop-on-page: the last MCF goes out, then the next page begins */

/* How the receiver answers: as a fax machine, not at all (the line stays silent), or as a telephone (a voice, no fax
 * tone and no T.30: the caller's T.30 timers run out). */
enum answer { ANSWER_FAX, ANSWER_SILENT, ANSWER_VOICE };

/* The command line of `send` and `receive`. */
typedef struct {
    int sending;
    int t38;            /* --transport t38 */
    const char *file;   /* the TIFF sent, or the one written */
    const char *path;   /* the unix socket */
    int listening;
    const char *ident;
    int ecm;
    int modems;         /* T30_SUPPORT_* bits */
    enum answer answer;
    int dcn_after;      /* -1: none */
    int drop_on;        /* 0: none */
    int first_page;
    const char *expect_ident;   /* sender: the CSI the remote must announce (NULL: no check) */
    int refuse_training;        /* receiver: T30_SUPPORT_* bits of the modems whose training it hangs up on */
    int drop_before_confirming; /* receiver: hangs up after the last page instead of confirming it (MCF) */
} options_t;

typedef struct {
    int sending;
    int done;           /* phase E seen */
    int completion;     /* T.30 completion code */
    long samples;       /* line time, in samples exchanged */
    int pages;          /* pages reported so far */
    int dcn_after;      /* receiver: pages it confirms before it answers the next one with DCN (-1: all) */
    int drop_on;        /* receiver: the page during which it drops the line (0: none) */
    int refusing;       /* the page after dcn_after has come, or a training refused: DCN instead of the answer */
    const char *expect_ident;   /* sender: see options_t */
    int wrong_station;  /* sender: the remote announced another CSI; nothing was sent */
    int refuse_training;        /* receiver: see options_t */
    int refusing_training;      /* receiver: a DCS for a refused modem came, its training answer becomes DCN */
    int drop_before_confirming; /* receiver: see options_t */
    int last_page_in;   /* receiver: EOP came (or PPS-EOP), so its MCF would confirm the last page */
    int hang_up;        /* receiver: put the phone down now, before another sample goes out */
    int modem;          /* the modem of the last DCS sent or received (T30_SUPPORT_* bit; 0: none) */
    int trained;        /* sender: the last DCS's training was confirmed (CFR) */
    int awaiting_confirmation; /* sender: the last page went (EOP) and no answer has come since */
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

/* A station id as a person would compare it: no spaces, '+' or '-' (machines pad their CSI with spaces, and write
 * numbers as they like), any case. Anything longer than a CSI's 20 characters does not matter. */
static void ident_key(const char *ident, char *key, size_t size)
{
    size_t n = 0;
    for (; ident && *ident && n + 1 < size; ident++) {
        if (*ident == ' ' || *ident == '+' || *ident == '-')
            continue;
        key[n++] = (char) tolower((unsigned char) *ident);
    }
    key[n] = '\0';
}

static int phase_b(t30_state_t *t30, void *user_data, int result)
{
    call_t *call = user_data;
    (void) result;
    /* The sender's phase B begins when the remote's DIS has come, its CSI just before it: the moment to check the
     * station before any page goes. Any status but OK makes spandsp send DCN and end the call with that status. */
    if (call->sending && call->expect_ident) {
        char announced[64], expected[64];
        ident_key(t30_get_rx_ident(t30), announced, sizeof(announced));
        ident_key(call->expect_ident, expected, sizeof(expected));
        if (strcmp(announced, expected) != 0) {
            call->wrong_station = 1;
            return T30_ERR_IDENT_UNACCEPTABLE;
        }
    }
    /* Otherwise nothing to decide: every capability the far end offers within our own limits is acceptable. */
    return T30_ERR_OK;
}

/* The modem a DCS orders (T.30 Table 2, bits 11 to 14 of the DIS/DCS; spandsp's fallback table): V.17 has bit 14. */
static int dcs_modem(const uint8_t *msg, int len)
{
    if (len < 5)
        return 0;
    /* spandsp keeps its DISBITn (1 << (n - 1)) private: bit 14 of the frame is DISBIT6 of its fourth octet. */
    const uint8_t v17 = 0x20, v29 = 0x04;
    if (msg[4] & v17)
        return T30_SUPPORT_V17;
    return msg[4] & v29 ? T30_SUPPORT_V29 : T30_SUPPORT_V27TER;
}

/* Every control frame either way, as it goes or comes: what the end reports of the session (the modem ordered,
 * whether its training was confirmed, whether the last page is still unconfirmed), and the receiver's misbehaviours
 * that answer a frame (a training refused, a last page not confirmed). */
static void frame_seen(t30_state_t *t30, void *user_data, int incoming, const uint8_t *msg, int len)
{
    call_t *call = user_data;
    (void) t30;
    if (len < 3)
        return;
    int fcf = msg[2] & 0xFE; /* without the X bit: who sent the DIS */
    if (fcf == T30_DCS) {
        call->modem = dcs_modem(msg, len);
        call->trained = 0;
        if (incoming && (call->modem & call->refuse_training))
            call->refusing_training = 1;
    }
    if (incoming && fcf == T30_CFR)
        call->trained = 1;
    if (call->sending) {
        int last_page = fcf == T30_EOP || (fcf == T30_PPS && len > 3 && (msg[3] & 0xFE) == T30_EOP);
        if (!incoming && last_page)
            call->awaiting_confirmation = 1;
        else if (incoming)
            call->awaiting_confirmation = 0; /* an answer came: MCF, RTN, PPR... */
        return;
    }
    if (incoming && (fcf == T30_EOP || (fcf == T30_PPS && len > 3 && (msg[3] & 0xFE) == T30_EOP)))
        call->last_page_in = 1;
    if (!incoming && call->refusing_training && (fcf == T30_CFR || fcf == T30_FTT))
        call->refusing = 1; /* the answer to the training is never sent: DCN goes instead */
    if (!incoming && call->drop_before_confirming && call->last_page_in && fcf == T30_MCF)
        call->hang_up = 1; /* the MCF is queued, not yet on the line: hanging up now leaves the last page unconfirmed */
}

static const char *modem_name(int modem)
{
    switch (modem) {
    case T30_SUPPORT_V17: return "v17";
    case T30_SUPPORT_V29: return "v29";
    case T30_SUPPORT_V27TER: return "v27ter";
    default: return NULL;
    }
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
        printf("{\"event\":\"page\",\"side\":\"%s\",\"page\":%d,\"bitRate\":%d,\"resolution\":\"%s\",\"compression\":\"%s\","
               "\"ecm\":%s,\"lineMs\":%ld}\n",
               call->sending ? "sender" : "receiver", call->pages + 1, stats.bit_rate, resolution_name(stats.y_resolution), compression_name(stats.encoding),
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
    printf("{\"event\":\"end\",\"side\":\"%s\",\"pages\":%d,\"completion\":%d,\"completionText\":",
           call->sending ? "sender" : "receiver", call->pages, call->completion);
    json_string(t30_completion_code_to_str(call->completion));
    printf(",\"remoteIdent\":");
    json_string(t30_get_rx_ident(t30));
    printf(",\"bitRate\":%d,\"ecm\":%s,\"lineMs\":%ld", stats.bit_rate, stats.error_correcting_mode ? "true" : "false",
           line_ms(call));
    if (stats.error_correcting_mode)
        printf(",\"ecmRetransmissions\":%d", stats.error_correcting_mode_retries);
    /* The session as the learned line settings need it: the modem of the last DCS, and (the sender) whether its
     * training failed (a DCS without CFR in a call that then ended unsuccessfully). */
    printf(",\"modem\":");
    if (modem_name(call->modem))
        json_string(modem_name(call->modem));
    else
        printf("null");
    if (call->sending) {
        printf(",\"trainingFailed\":%s", call->modem && !call->trained && call->completion != T30_ERR_OK ? "true" : "false");
        printf(",\"wrongStation\":%s", call->wrong_station ? "true" : "false");
        /* The last page went and the call ended before the remote answered: it may or may not have arrived. */
        printf(",\"awaitingConfirmation\":%s", call->awaiting_confirmation && call->completion != T30_ERR_OK ? "true" : "false");
    }
    printf("}\n");
    fflush(stdout);
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

/* Whole writes and reads only: a stream socket may split them. Each returns 0 when the peer hung up. */
static int send_all(int fd, const uint8_t *bytes, size_t len)
{
    for (size_t sent = 0; sent < len;) {
        ssize_t n = send(fd, bytes + sent, len - sent, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return 0;
        sent += (size_t) n;
    }
    return 1;
}

static int recv_all(int fd, uint8_t *bytes, size_t len)
{
    for (size_t got = 0; got < len;) {
        struct pollfd waiting = { .fd = fd, .events = POLLIN };
        int ready = poll(&waiting, 1, PEER_WAIT_MS);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            return 0; /* a stuck peer process is a dropped call, not a hang */
        ssize_t n = recv(fd, bytes + got, len - got, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return 0;
        got += (size_t) n;
    }
    return 1;
}

static int exchange(int fd, const uint8_t *out, uint8_t *in)
{
    return send_all(fd, out, BLOCK) && recv_all(fd, in, BLOCK);
}

/* The packets one step of our T.38 terminal made, framed (see the header comment), waiting for the end of the step. */
typedef struct {
    uint8_t *bytes;
    size_t len, size;
    uint16_t seq; /* UDPTL's sequence number: one per IFP packet */
} t38_out_t;

static void put_u16(uint8_t *at, unsigned value)
{
    at[0] = (uint8_t) (value >> 8);
    at[1] = (uint8_t) value;
}

static int t38_tx_packet(t38_core_state_t *core, void *user_data, const uint8_t *ifp, int len, int count)
{
    t38_out_t *out = user_data;
    /* `count` is how many copies UDPTL would send against loss; the stream loses nothing, so one goes. */
    (void) core; (void) count;
    if (len <= 0 || len > 0xFFFF - 2)
        return -1;
    if (out->len + 4 + (size_t) len > out->size) {
        out->size = 2 * (out->len + 4 + (size_t) len);
        out->bytes = realloc(out->bytes, out->size);
        if (!out->bytes)
            fail("out of memory");
    }
    put_u16(out->bytes + out->len, 2 + (unsigned) len);
    put_u16(out->bytes + out->len + 2, out->seq++);
    memcpy(out->bytes + out->len + 4, ifp, (size_t) len);
    out->len += 4 + (size_t) len;
    return 0;
}

/* One step of the T.38 line: our packets and our end of step out, the peer's packets of the step into our terminal.
 * Returns 0 when the peer hung up or broke the framing. */
static int exchange_packets(int fd, t38_out_t *out, t38_core_state_t *core)
{
    static const uint8_t end_of_step[2] = { 0, 0 };
    int sent = send_all(fd, out->bytes, out->len) && send_all(fd, end_of_step, sizeof(end_of_step));
    out->len = 0;
    if (!sent)
        return 0;
    for (;;) {
        uint8_t header[2], packet[0xFFFF];
        if (!recv_all(fd, header, sizeof(header)))
            return 0;
        unsigned len = (unsigned) header[0] << 8 | header[1];
        if (len == 0)
            return 1;
        if (len < 2 || !recv_all(fd, packet, len))
            return 0;
        /* A packet spandsp cannot decode is what a corrupted datagram would be: T.30 copes or the call fails. */
        t38_core_rx_ifp_packet(core, packet + 2, (int) len - 2, (uint16_t) ((unsigned) packet[0] << 8 | packet[1]));
    }
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

/* What both transports share: this end's T.30 settings, handlers and file. */
static void set_up_t30(t30_state_t *t30, call_t *call, const options_t *o)
{
    t30_set_tx_ident(t30, o->ident);
    t30_set_supported_modems(t30, o->modems);
    t30_set_ecm_capability(t30, o->ecm);
    /* T.6 is only allowed with ECM (T.30 Annex A): one lost bit would ruin the rest of the page. */
    t30_set_supported_compressions(t30, T30_SUPPORT_T4_1D_COMPRESSION | T30_SUPPORT_T4_2D_COMPRESSION
                                        | (o->ecm ? T30_SUPPORT_T6_COMPRESSION : 0));
    t30_set_phase_b_handler(t30, phase_b, call);
    t30_set_phase_d_handler(t30, phase_d, call);
    t30_set_phase_e_handler(t30, phase_e, call);
    t30_set_real_time_frame_handler(t30, frame_seen, call);
    /* A retry after a partial call sends only the pages not yet confirmed (spandsp counts pages from 0). */
    if (o->sending)
        t30_set_tx_file(t30, o->file, o->first_page > 1 ? o->first_page - 1 : -1, -1);
    else
        t30_set_rx_file(t30, o->file, -1);
}

/* One end of a call, stepped a block of line at a time by whoever carries the line: `send`/`receive` (one end per
 * process, the block crossing a unix socket) or `call` (both ends in one process, the block handed over in memory). */
typedef struct {
    const options_t *o;
    call_t call;
    t30_state_t *t30;
    int linger, drop;
    /* audio */
    fax_state_t *fax;
    dcn_t dcn;
    /* T.38 */
    t38_terminal_state_t *t38;
    t38_core_state_t *core;
    t38_out_t out;
} end_t;

static void end_start(end_t *e, const options_t *o)
{
    *e = (end_t) {
        .o = o,
        .call = {
            .sending = o->sending,
            .dcn_after = o->dcn_after,
            .drop_on = o->drop_on,
            .expect_ident = o->expect_ident,
            .refuse_training = o->refuse_training,
            .drop_before_confirming = o->drop_before_confirming,
        },
        .linger = LINGER_BLOCKS,
        .drop = -1,
    };
    if (o->t38) {
        /* Paced (spandsp's default for UDPTL): packets leave when the modem they stand for would have sent them. */
        e->t38 = t38_terminal_init(NULL, o->sending, t38_tx_packet, &e->out);
        if (!e->t38)
            fail("cannot start the T.38 terminal");
        e->t30 = t38_terminal_get_t30_state(e->t38);
        e->core = t38_terminal_get_t38_core_state(e->t38);
    } else {
        /* The sender is the calling party: it sends CNG and waits for the answerer's CED and DIS. */
        e->fax = fax_init(NULL, o->sending);
        if (!e->fax)
            fail("cannot start the fax engine");
        e->t30 = fax_get_t30_state(e->fax);
        /* A line always carries samples, silence included: the lockstep needs a full block every time. */
        fax_set_transmit_on_idle(e->fax, TRUE);
    }
    set_up_t30(e->t30, &e->call, o);
}

/* G.711 A-law both ways by table: spandsp's own conversions, computed once for every value, so that the bytes on the
 * line are the same; a lookup costs a fraction of the conversion, which is done for every sample of a call, both ends. */
static uint8_t alaw_of_linear[65536];
static int16_t linear_of_alaw[256];

static void g711_tables_init(void)
{
    for (int linear = -32768; linear <= 32767; linear++)
        alaw_of_linear[(uint16_t) linear] = linear_to_alaw(linear);
    for (int alaw = 0; alaw < 256; alaw++)
        linear_of_alaw[alaw] = alaw_to_linear((uint8_t) alaw);
}

/* This end's next block of line: audio, BLOCK A-law bytes into `out`; T.38, the step's packets into e->out. Returns 0
 * when this end is off the line: its call ended and the linger ran out, or (the remote's misbehaviours) it hung up. */
static int end_transmit(end_t *e, uint8_t *out)
{
    call_t *call = &e->call;
    const options_t *o = e->o;
    /* After our phase E the line stays up a little, for the peer to finish its own. */
    if (call->done && e->linger-- <= 0)
        return 0;
    if (e->t38) {
        t38_terminal_send_timeout(e->t38, BLOCK);
        return 1;
    }
    if (e->drop < 0 && call->drop_on && call->pages >= call->drop_on - 1)
        e->drop = DROP_BLOCKS;
    if ((e->drop > 0 && --e->drop == 0) || e->dcn.sent > DCN_AFTER_BLOCKS || call->hang_up) {
        t30_terminate(e->t30); /* the remote machine puts the phone down */
        return 0;
    }
    if (call->refusing && !e->dcn.hdlc)
        dcn_start(&e->dcn);
    if (e->dcn.sent)
        e->dcn.sent++;
    int16_t amp[BLOCK];
    int len = e->dcn.fsk ? fsk_tx(e->dcn.fsk, amp, BLOCK) : o->answer == ANSWER_FAX ? fax_tx(e->fax, amp, BLOCK) : 0;
    for (int i = 0; i < BLOCK; i++) {
        int16_t sample = i < len ? amp[i] : o->answer == ANSWER_VOICE ? voice_sample(call->samples + i) : 0;
        out[i] = alaw_of_linear[(uint16_t) sample];
    }
    return 1;
}

/* The peer's block of audio into this end. */
static void end_hear(end_t *e, const uint8_t *in)
{
    int16_t amp[BLOCK];
    for (int i = 0; i < BLOCK; i++)
        amp[i] = linear_of_alaw[in[i]];
    if (e->o->answer == ANSWER_FAX)
        fax_rx(e->fax, amp, BLOCK);
}

/* The block of line has gone both ways: its time counts until this end's phase E. */
static void end_step_done(end_t *e)
{
    if (!e->call.done)
        e->call.samples += BLOCK;
}

/* The peer hung up or died: T.30 decides whether that was after a complete call or a dropped one. */
static void end_lost_peer(end_t *e)
{
    if (!e->call.done)
        t30_terminate(e->t30);
}

/* Reports how the call ended and frees the end. Returns the exit status: 0 only for a completed call. */
static int end_finish(end_t *e)
{
    report_end(e->t30, &e->call);
    if (e->t38) {
        t38_terminal_free(e->t38);
        free(e->out.bytes);
    } else {
        if (e->dcn.hdlc) {
            fsk_tx_free(e->dcn.fsk);
            hdlc_tx_free(e->dcn.hdlc);
        }
        fax_free(e->fax);
    }
    return e->call.completion == T30_ERR_OK ? 0 : 1;
}

/* `send` or `receive`: this process is one end, and the line is the unix socket to the other. */
static int run_end(const options_t *o)
{
    end_t e;
    end_start(&e, o);
    int fd = open_line(o->path, o->listening);
    uint8_t out[BLOCK], in[BLOCK];
    while (end_transmit(&e, out)) {
        int crossed = o->t38 ? exchange_packets(fd, &e.out, e.core) : exchange(fd, out, in);
        if (!crossed) {
            end_lost_peer(&e);
            break;
        }
        if (!o->t38)
            end_hear(&e, in);
        end_step_done(&e);
    }
    close(fd);
    return end_finish(&e);
}

/* A step's framed packets (see the header comment) into a T.38 terminal, as exchange_packets reads them off the socket. */
static void deliver_packets(t38_out_t *from, t38_core_state_t *to)
{
    for (size_t at = 0; at + 4 <= from->len;) {
        unsigned len = (unsigned) from->bytes[at] << 8 | from->bytes[at + 1];
        uint16_t seq = (uint16_t) ((unsigned) from->bytes[at + 2] << 8 | from->bytes[at + 3]);
        t38_core_rx_ifp_packet(to, from->bytes + at + 4, (int) len - 2, seq);
        at += 2 + len;
    }
    from->len = 0;
}

/* `call`: both ends in this process, the line a block handed over in memory each step, in the same lockstep as over
 * the socket (each end makes its block, then hears the other's). The sandbox's calls run here: no socket, no second
 * process, the same T.30 on both sides. */
static int run_both_ends(const options_t *sender, const options_t *receiver)
{
    end_t s, r;
    end_start(&s, sender);
    end_start(&r, receiver);
    uint8_t to_receiver[BLOCK], to_sender[BLOCK];
    for (;;) {
        int s_on = end_transmit(&s, to_receiver), r_on = end_transmit(&r, to_sender);
        if (!s_on || !r_on) {
            /* One end put the phone down: the other hears the line go (over the socket, its exchange fails). */
            if (s_on)
                end_lost_peer(&s);
            if (r_on)
                end_lost_peer(&r);
            break;
        }
        if (sender->t38) {
            deliver_packets(&s.out, r.core);
            deliver_packets(&r.out, s.core);
        } else {
            end_hear(&s, to_sender);
            end_hear(&r, to_receiver);
        }
        end_step_done(&s);
        end_step_done(&r);
    }
    int receiver_status = end_finish(&r);
    int sender_status = end_finish(&s);
    (void) receiver_status;
    return sender_status;
}

static void usage(void)
{
    fail("usage: faxmodem send --file in.tif | receive --out out.tif  --listen|--connect <socket> "
         "[--transport audio|t38] [--ident ID] [--ecm on|off] [--modems v17,v29,v27ter] "
         "[--answer fax|silent|voice] [--dcn-after-pages N] [--drop-on-page N] [--refuse-training v17] "
         "[--drop-before-confirming on] [--first-page N] [--expect-ident ID] "
         "(the receiver's misbehaviours over audio only);"
         " faxmodem call --file in.tif [--transport audio|t38] [sender's options] --receiver --out out.tif"
         " [receiver's options];"
         " faxmodem compare a.tif b.tif [--from-page N]; faxmodem serve");
}

static int parse_transport(const char *name)
{
    if (strcmp(name, "audio") == 0) return 0;
    if (strcmp(name, "t38") == 0) return 1;
    fail("--transport takes audio or t38");
    return 0;
}

/* One end's options from argv[from] to argv[to - 1]; `line` says whether it needs a socket (`send`, `receive`) or
 * not (an end of `call`). */
static options_t parse_end(int sending, char **argv, int from, int to, int line)
{
    options_t o = {
        .sending = sending,
        .ident = "",
        .ecm = 1,
        .modems = T30_SUPPORT_V17 | T30_SUPPORT_V29 | T30_SUPPORT_V27TER,
        .answer = ANSWER_FAX,
        .dcn_after = -1,
        .first_page = 1,
    };
    int misbehaving = 0; /* a receiver's option that only the audio line has */
    for (int i = from; i < to; i++) {
        const char *value = i + 1 < to ? argv[i + 1] : NULL;
        if (!value)
            usage();
        if (strcmp(argv[i], (o.sending ? "--file" : "--out")) == 0) o.file = value;
        else if (line && strcmp(argv[i], "--listen") == 0) o.path = value, o.listening = 1;
        else if (line && strcmp(argv[i], "--connect") == 0) o.path = value, o.listening = 0;
        else if (strcmp(argv[i], "--transport") == 0) o.t38 = parse_transport(value);
        else if (strcmp(argv[i], "--ident") == 0) o.ident = value;
        else if (strcmp(argv[i], "--ecm") == 0) o.ecm = strcmp(value, "off") != 0;
        else if (strcmp(argv[i], "--modems") == 0) o.modems = parse_modems(value);
        else if (!o.sending && strcmp(argv[i], "--answer") == 0) o.answer = parse_answer(value), misbehaving = 1;
        else if (!o.sending && strcmp(argv[i], "--dcn-after-pages") == 0) o.dcn_after = atoi(value), misbehaving = 1;
        else if (!o.sending && strcmp(argv[i], "--drop-on-page") == 0) o.drop_on = atoi(value), misbehaving = 1;
        else if (!o.sending && strcmp(argv[i], "--refuse-training") == 0) o.refuse_training = parse_modems(value), misbehaving = 1;
        else if (!o.sending && strcmp(argv[i], "--drop-before-confirming") == 0)
            o.drop_before_confirming = strcmp(value, "on") == 0, misbehaving = 1;
        else if (o.sending && strcmp(argv[i], "--first-page") == 0) o.first_page = atoi(value);
        else if (o.sending && strcmp(argv[i], "--expect-ident") == 0) o.expect_ident = value;
        else usage();
        i++;
    }
    if (!o.file || (line && !o.path))
        usage();
    if (o.dcn_after < -1 || o.drop_on < 0 || o.first_page < 1 || (o.t38 && misbehaving))
        usage();
    return o;
}

/* `call`: the sender's options, then `--receiver` and the receiver's; the receiver takes the sender's transport. */
static int run_call_command(int argc, char **argv)
{
    int split = 1;
    while (split < argc && strcmp(argv[split], "--receiver") != 0)
        split++;
    if (split == argc)
        usage();
    options_t sender = parse_end(1, argv, 1, split, 0);
    options_t receiver = parse_end(0, argv, split + 1, argc, 0);
    receiver.t38 = sender.t38;
    if (receiver.t38 && (receiver.answer != ANSWER_FAX || receiver.dcn_after != -1 || receiver.drop_on
                         || receiver.refuse_training || receiver.drop_before_confirming))
        usage();
    return run_both_ends(&sender, &receiver);
}

/* One command, argv[0] its name. Returns its exit status. */
static int run_command(int argc, char **argv)
{
    if (argc < 1)
        usage();
    if (strcmp(argv[0], "compare") == 0) {
        if (argc == 3)
            return compare(argv[1], argv[2], 1);
        if (argc != 5 || strcmp(argv[3], "--from-page") != 0 || atoi(argv[4]) < 1)
            usage();
        return compare(argv[1], argv[2], atoi(argv[4]));
    }
    if (strcmp(argv[0], "call") == 0)
        return run_call_command(argc, argv);
    if (strcmp(argv[0], "send") != 0 && strcmp(argv[0], "receive") != 0)
        usage();
    options_t o = parse_end(strcmp(argv[0], "send") == 0, argv, 1, argc, 1);
    return run_end(&o);
}

#define SERVE_MAX_WORDS 64

/* `serve`: a warm engine, so that a call costs no process start. Each line on stdin is one command, its words
 * separated by tabs ("call\t--file\tin.tif\t..."); its report lines follow on stdout, then
 * {"event":"done","status":N}. Commands run one at a time; a usage or set-up error still ends the process (fail),
 * and the end of stdin ends it normally. */
static int serve(void)
{
    char *line = NULL;
    size_t size = 0;
    ssize_t len;
    while ((len = getline(&line, &size, stdin)) > 0) {
        if (line[len - 1] == '\n')
            line[len - 1] = '\0';
        char *words[SERVE_MAX_WORDS], *rest = line;
        int count = 0;
        for (char *word; (word = strsep(&rest, "\t")) != NULL;) {
            if (count == SERVE_MAX_WORDS)
                usage();
            words[count++] = word;
        }
        int status = run_command(count, words);
        printf("{\"event\":\"done\",\"status\":%d}\n", status);
        fflush(stdout);
    }
    free(line);
    return 0;
}

int main(int argc, char **argv)
{
    g711_tables_init();
    if (argc == 2 && strcmp(argv[1], "serve") == 0)
        return serve();
    return run_command(argc - 1, argv + 1);
}
