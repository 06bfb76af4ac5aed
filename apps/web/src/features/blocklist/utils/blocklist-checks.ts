import { ZAddBlockedNumberRequest } from '@faxline/shared';
import type { z } from 'zod';

import { validationKey, type TValidationKey } from '@/lib/validation';

export const BLOCKLIST_FIELDS = ['prefix', 'note'] as const;
export type TBlocklistField = (typeof BLOCKLIST_FIELDS)[number];
export type TBlocklistValues = Record<TBlocklistField, string>;
export const EMPTY_BLOCKLIST_VALUES: TBlocklistValues = { prefix: '', note: '' };

/** The keys a check's message may have: the shared schema's own texts (the server answers with them too). */
export type TBlocklistProblemKey = 'messages:errors.invalidBlockedPrefix' | 'messages:errors.blocklistNoteTooLong' | TValidationKey;

export type TBlocklistCheck =
  { ok: true; request: z.output<typeof ZAddBlockedNumberRequest> } | { ok: false; field: TBlocklistField; key: TBlocklistProblemKey };

const SCHEMA_KEYS: Record<string, TBlocklistProblemKey> = {
  'errors.invalidBlockedPrefix': 'messages:errors.invalidBlockedPrefix',
  'errors.blocklistNoteTooLong': 'messages:errors.blocklistNoteTooLong',
};

/** The shared schema's checks, run before sending: "+1 888 555" becomes "+1888555"; an empty note is no note. */
export function checkBlockedNumber(values: TBlocklistValues): TBlocklistCheck {
  if (values.prefix.trim() === '') return { ok: false, field: 'prefix', key: 'messages:validation.required' };
  const note = values.note.trim();
  const parsed = ZAddBlockedNumberRequest.safeParse({ prefix: values.prefix.trim(), note: note === '' ? undefined : note });
  if (parsed.success) return { ok: true, request: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path[0] === 'note' ? 'note' : 'prefix';
  return { ok: false, field, key: SCHEMA_KEYS[issue?.message ?? ''] ?? validationKey(issue?.message) };
}
