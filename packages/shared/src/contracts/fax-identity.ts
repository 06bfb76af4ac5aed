import { z } from 'zod';
import { singleLineText } from '../text';
import { ZTimeZone } from '../time-zone';

/**
 * How an account's faxes introduce themselves on the line: GET /api/fax-identity, PUT
 * /api/fax-identity. The header line printed above each page (the name on it, the time zone of its date and time, or
 * none at all) and each number's station id (T.30 TSI: at most 20 digits, "+" and spaces; empty: the number itself).
 */
export const MAX_HEADER_NAME_LENGTH = 40;
export const MAX_STATION_ID_LENGTH = 20;

export const ZFaxHeaderSettings = z.object({
  enabled: z.boolean(),
  name: z.string().trim().max(MAX_HEADER_NAME_LENGTH, { error: 'errors.headerNameTooLong' }).check(singleLineText),
  timeZone: ZTimeZone,
});

export const ZStationId = z
  .string()
  .check(singleLineText)
  .trim()
  .max(MAX_STATION_ID_LENGTH, { error: 'errors.stationIdTooLong' })
  .regex(/^[0-9+ ]*$/, { error: 'errors.invalidStationId' });

export const ZFaxIdentity = z.object({
  header: ZFaxHeaderSettings,
  /** The name the header carries when `header.name` is empty: the account's. */
  accountName: z.string(),
  numbers: z.array(z.object({ phoneNumber: z.string(), stationId: z.string() })),
});
export type TFaxIdentity = z.infer<typeof ZFaxIdentity>;

export const ZSaveFaxIdentityRequest = z.object({
  header: ZFaxHeaderSettings,
  numbers: z.array(z.object({ phoneNumber: z.string().max(20).check(singleLineText), stationId: ZStationId })).max(100),
});
export type TSaveFaxIdentityRequest = z.input<typeof ZSaveFaxIdentityRequest>;
