/**
 * The line time T.30 itself gives a fax call in error-correcting mode (ECM) at V.17 14,400 bit/s, worked out from the
 * recommendations, not from any engine: what a call over audio must come close to. Every signal is counted once,
 * in the order it is on the line:
 *
 * - Phase A: the answering machine waits 0.2 s, then sends CED (2,100 Hz) for 3 s (T.30 §4.2: 2.6 to 4 s).
 * - Phase B: DIS with CSI from the answerer, DCS with TSI from the caller, then TCF (V.17 long training, 1,393 ms,
 *   and 1.5 s of zeros), then CFR. Each of these control messages is V.21 at 300 bit/s: a preamble of 1 s of flags
 *   (T.30 §5.3.1) and, per HDLC frame, address, control, FCF, the information field, a 2-byte FCS and a closing flag.
 * - Phase C, per page: V.17 short training (142 ms), then the compressed page cut in ECM frames of 256 bytes (T.4
 *   Annex A), each with 4 bytes of header (address, control, FCD, frame number), 2 of FCS and a flag, followed by 3
 *   RCP frames; HDLC bit stuffing adds a 0 after five 1s, on average 1 bit in 62 of compressed data.
 * - Phase D, per page: PPS (with the page, block and frame counts) and the answer MCF.
 * - Phase E: DCN.
 * Between a signal and the other side's answer the line is silent 75 ms (T.30 §5.3.2.4).
 * At about 45 KB a page (a typical fine page), 3 pages take about 99 s; sparse text pages less.
 *
 * The same figure holds over T.38 (UDPTL): T.38 carries the same T.30 signals, and a paced T.38 end sends each one
 * over the time its modem would take, since a gateway may play it out on a telephone line; over UDP TCF is
 * transferred, not made up locally (T.38 data rate management method 2), so it is on the line too.
 */
const V21_BITS_PER_SECOND = 300;
const V17_BITS_PER_SECOND = 14_400;
const TURNAROUND_S = 0.075;
const PREAMBLE_S = 1;
const CED_S = 0.2 + 3;
const V17_LONG_TRAINING_S = 1.393;
const V17_SHORT_TRAINING_S = 0.142;
const TCF_S = 1.5;
const ECM_FRAME_BYTES = 256;
const ECM_FRAME_OVERHEAD_BYTES = 4 + 2 + 1;
const RCP_FRAME_BYTES = 4 + 2 + 1;
const BIT_STUFFING = 1 + 1 / 62;
/** CSI and TSI carry 20 characters; DIS (as answered here) 10 bytes, DCS 4, PPS 4 (FCF2, page, block, frames). */
const IDENT_BYTES = 20;
const DIS_BYTES = 10;
const DCS_BYTES = 4;
const PPS_BYTES = 4;

/** One V.21 control message of HDLC frames with these information fields, preamble included, in seconds. */
function controlMessageS(...informationBytes: number[]): number {
  const frameBytes = informationBytes.reduce((sum, bytes) => sum + 3 + bytes + 2 + 1, 0);
  return PREAMBLE_S + (frameBytes * 8) / V21_BITS_PER_SECOND;
}

/** Phases A and B: from the answer to the first page's training. */
export const ECM_V17_CALL_SETUP_MS = Math.round(
  1000 *
    (CED_S +
      TURNAROUND_S +
      controlMessageS(IDENT_BYTES, DIS_BYTES) +
      TURNAROUND_S +
      controlMessageS(IDENT_BYTES, DCS_BYTES) +
      TURNAROUND_S +
      V17_LONG_TRAINING_S +
      TCF_S +
      TURNAROUND_S +
      controlMessageS(0) +
      TURNAROUND_S),
);

/** One page of `compressedBytes` (phase C and its phase D), in milliseconds. */
export function ecmV17PageMs(compressedBytes: number): number {
  const frames = Math.ceil(compressedBytes / ECM_FRAME_BYTES);
  const bytes = frames * (ECM_FRAME_BYTES + ECM_FRAME_OVERHEAD_BYTES) + 3 * RCP_FRAME_BYTES;
  const imageS = V17_SHORT_TRAINING_S + (bytes * 8 * BIT_STUFFING) / V17_BITS_PER_SECOND;
  return 1000 * (imageS + TURNAROUND_S + controlMessageS(PPS_BYTES) + TURNAROUND_S + controlMessageS(0) + TURNAROUND_S);
}

/** The whole call, DCN included, for pages of these compressed sizes (T.6 bytes), in milliseconds. */
export function ecmV17CallMs(pageBytes: readonly number[]): number {
  const pagesMs = pageBytes.reduce((sum, bytes) => sum + ecmV17PageMs(bytes), 0);
  return Math.round(ECM_V17_CALL_SETUP_MS + pagesMs + 1000 * controlMessageS(0));
}
