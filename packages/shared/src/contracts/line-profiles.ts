import { z } from 'zod';
import { ZE164 } from './faxes';

/** The modems a sender offers, fastest first: V.17 (14,400 bit/s), V.29 (9,600), V.27ter (4,800). */
export const LINE_MODEMS = ['v17', 'v29', 'v27ter'] as const;
export type TLineModem = (typeof LINE_MODEMS)[number];

/** What is known of error correction (ECM) to a number: nothing yet, it worked, or it failed (the next call goes without). */
export const LINE_ECM_STATES = ['unknown', 'works', 'fails'] as const;
export type TLineEcmState = (typeof LINE_ECM_STATES)[number];

/**
 * The learned line settings of one destination (decision 120): what its calls showed, and where the next call starts.
 * `startModem`: the fastest modem the next call offers (it steps down after a failed training); `startEcm`: whether
 * it offers ECM. Lines with their own T.30 engine honour them; carriers and HylaFAX choose their own.
 */
export const ZLineProfile = z.object({
  toNumber: z.string(),
  startModem: z.enum(LINE_MODEMS),
  startEcm: z.boolean(),
  ecm: z.enum(LINE_ECM_STATES),
  /** The highest speed a successful call reached, in bit/s; null before one (or when the line does not say). */
  bestBitRate: z.number().int().nullable(),
  trainingFailures: z.number().int(),
  ecmFailures: z.number().int(),
  /** How the last call that said so was carried: audio (G.711) or T.38. */
  transport: z.enum(['audio', 't38']).nullable(),
  /** The line or carrier that last delivered to the number. */
  lastDeliveredLine: z.string().nullable(),
  lastResult: z.string().nullable(),
  calls: z.number().int(),
  deliveries: z.number().int(),
  failures: z.number().int(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type TLineProfile = z.infer<typeof ZLineProfile>;

/** GET /api/admin/line-profiles?number=: one destination's profile; null when nothing has been learned of it. */
export const ZLineProfileQuery = z.object({ number: ZE164 });
export const ZLineProfileResponse = z.object({ profile: ZLineProfile.nullable() });
export type TLineProfileResponse = z.infer<typeof ZLineProfileResponse>;

/** POST /api/admin/line-profiles/reset: forget what was learned; the next call starts from the defaults again. */
export const ZResetLineProfileRequest = z.object({ number: ZE164 });
export const ZResetLineProfileResponse = z.object({ reset: z.literal(true) });
