import { ZSaveFaxIdentityRequest, type TFaxIdentity } from '@faxline/shared';
import type { z } from 'zod';

import { validationKey, type TValidationKey } from '@/lib/validation';

/** The form's fields a problem can stand under: the header's name and time zone, and each number's station id. */
export type TIdentityField = 'name' | 'timeZone' | `stationId.${number}`;

export type TIdentityValues = z.input<typeof ZSaveFaxIdentityRequest>;

/** The keys a check's message may have: the shared schema's own texts (the server answers with them too). */
export type TIdentityProblemKey =
  | 'messages:errors.headerNameTooLong'
  | 'messages:errors.invalidTimeZone'
  | 'messages:errors.stationIdTooLong'
  | 'messages:errors.invalidStationId'
  | TValidationKey;

export type TIdentityCheck =
  { ok: true; request: z.output<typeof ZSaveFaxIdentityRequest> } | { ok: false; field: TIdentityField | null; key: TIdentityProblemKey };

const SCHEMA_KEYS: Record<string, TIdentityProblemKey> = {
  'errors.headerNameTooLong': 'messages:errors.headerNameTooLong',
  'errors.invalidTimeZone': 'messages:errors.invalidTimeZone',
  'errors.stationIdTooLong': 'messages:errors.stationIdTooLong',
  'errors.invalidStationId': 'messages:errors.invalidStationId',
};

/** The form's starting values: what the server has stored. */
export const valuesOf = (identity: TFaxIdentity): TIdentityValues => ({
  header: { ...identity.header },
  numbers: identity.numbers.map(({ phoneNumber, stationId }) => ({ phoneNumber, stationId })),
});

/**
 * The field a problem's path names: `header.name`, `header.timeZone`, `numbers.2.stationId` (the server's paths start
 * with `body.`). Null when it names none of them.
 */
export function fieldOfPath(path: readonly PropertyKey[]): TIdentityField | null {
  const [head, second, third] = path[0] === 'body' ? path.slice(1) : path;
  if (head === 'header' && (second === 'name' || second === 'timeZone')) return second;
  const index = Number(second);
  if (head === 'numbers' && third === 'stationId' && Number.isInteger(index)) return `stationId.${index}`;
  return null;
}

/** The shared schema's checks, run before sending; a problem names its field and its message's key. */
export function checkFaxIdentity(values: TIdentityValues): TIdentityCheck {
  const parsed = ZSaveFaxIdentityRequest.safeParse(values);
  if (parsed.success) return { ok: true, request: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, field: fieldOfPath(issue?.path ?? []), key: SCHEMA_KEYS[issue?.message ?? ''] ?? validationKey(issue?.message) };
}
