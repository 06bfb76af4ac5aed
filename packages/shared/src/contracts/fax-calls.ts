import { z } from 'zod';

/**
 * What a fax line saw of one call: the T.30 session as the engine negotiated it, recorded on the
 * attempt and shown in the fax's details. Every field is null when the line does not report it (the internal line
 * makes no call; a carrier may tell less).
 */
export const FAX_RESOLUTIONS_ON_LINE = ['standard', 'fine', 'superfine'] as const;
export const FAX_COMPRESSIONS = ['T.4 1D', 'T.4 2D', 'T.6', 'other'] as const;

export const ZFaxCallDetails = z.object({
  /** The signalling rate the machines trained at, in bit/s (14,400 is V.17, 9,600 V.29 or V.17, 4,800 V.27ter). */
  bitRate: z.number().int().nullable(),
  ecm: z.boolean().nullable(),
  resolution: z.enum(FAX_RESOLUTIONS_ON_LINE).nullable(),
  compression: z.enum(FAX_COMPRESSIONS).nullable(),
  /** The station id the far machine gave (its CSI when we send, its TSI when it sends). */
  remoteIdent: z.string().nullable(),
  /** Partial pages sent again at the receiver's request under ECM (PPR). */
  ecmRetransmissions: z.number().int().nullable(),
  /** spandsp's T.30 completion code (0: the call completed) and the engine's own words for it. */
  completionCode: z.number().int().nullable(),
  completionText: z.string().nullable(),
});
export type TFaxCallDetails = z.infer<typeof ZFaxCallDetails>;

/** spandsp's T.30 completion codes (t30.h, T30_ERR_*) that Faxline tells apart. */
export const T30_COMPLETION = {
  ok: 0,
  cedTone: 1,
  t0Expired: 2,
  t1Expired: 3,
  t3Expired: 4,
  hdlcCarrier: 5,
  cannotTrain: 6,
  operatorInterventionFailed: 7,
  incompatible: 8,
  rxIncapable: 9,
  txIncapable: 10,
  noResolutionSupport: 11,
  noSizeSupport: 12,
  unexpected: 13,
  /** "Received a DCN from remote after sending a page": the remote machine said goodbye instead of confirming. */
  dcnAfterPage: 15,
  /** Codes 14 to 47 are one end's protocol failures (bad responses, timers T2 and T5, unexpected DCN). */
  lastProtocolError: 47,
  retriedOut: 48,
  callDropped: 49,
} as const;

/** What a completion code means to a person: the web app has words for each kind in en, es and fr. */
export const T30_COMPLETION_KINDS = [
  'completed',
  'no_fax_answer',
  'no_handshake',
  'training_failed',
  'incompatible',
  'remote_hung_up',
  'protocol_error',
  'call_dropped',
  'other',
] as const;
export type TT30CompletionKind = (typeof T30_COMPLETION_KINDS)[number];

export function t30CompletionKind(code: number): TT30CompletionKind {
  const c = T30_COMPLETION;
  if (code === c.ok) return 'completed';
  if (code === c.cedTone || code === c.t0Expired) return 'no_fax_answer';
  if (code === c.t1Expired || code === c.t3Expired || code === c.hdlcCarrier || code === c.operatorInterventionFailed)
    return 'no_handshake';
  if (code === c.cannotTrain) return 'training_failed';
  if (code >= c.incompatible && code <= c.noSizeSupport) return 'incompatible';
  if (code === c.dcnAfterPage) return 'remote_hung_up';
  if (code >= c.unexpected && code <= c.lastProtocolError) return 'protocol_error';
  if (code === c.retriedOut || code === c.callDropped) return 'call_dropped';
  return 'other';
}
