import { ZCreateApiKeyRequest, type TApiKeyScope } from '@faxline/shared';
import type { z } from 'zod';

import { validationKey, type TValidationKey } from '@/lib/validation';

export const API_KEY_FIELDS = ['name', 'scopes'] as const;
export type TApiKeyField = (typeof API_KEY_FIELDS)[number];
export type TApiKeyValues = { name: string; scopes: readonly TApiKeyScope[] };
export const EMPTY_API_KEY_VALUES: TApiKeyValues = { name: '', scopes: [] };

/** The keys a check's message may have: the shared schema's own texts (the server answers with them too). */
export type TApiKeyProblemKey =
  'messages:errors.apiKeyNameRequired' | 'messages:errors.apiKeyNameTooLong' | 'messages:errors.apiKeyScopesRequired' | TValidationKey;

export type TApiKeyCheck =
  { ok: true; request: z.output<typeof ZCreateApiKeyRequest> } | { ok: false; field: TApiKeyField; key: TApiKeyProblemKey };

const SCHEMA_KEYS: Record<string, TApiKeyProblemKey> = {
  'errors.apiKeyNameRequired': 'messages:errors.apiKeyNameRequired',
  'errors.apiKeyNameTooLong': 'messages:errors.apiKeyNameTooLong',
  'errors.apiKeyScopesRequired': 'messages:errors.apiKeyScopesRequired',
};

/** The shared schema's checks, run before sending; the first problem names its field. */
export function checkApiKey(values: TApiKeyValues): TApiKeyCheck {
  const parsed = ZCreateApiKeyRequest.safeParse({ name: values.name, scopes: [...values.scopes] });
  if (parsed.success) return { ok: true, request: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path[0] === 'scopes' ? 'scopes' : 'name';
  return { ok: false, field, key: SCHEMA_KEYS[issue?.message ?? ''] ?? validationKey(issue?.message) };
}

/** A scope's place in the texts: `faxes:read` is `faxes.read` (i18next reads a colon as a namespace). */
type TDotted<S> = S extends `${infer Area}:${infer Right}` ? `${Area}.${Right}` : never;
export type TScopeTextKey = TDotted<TApiKeyScope>;
export const scopeTextKey = (scope: TApiKeyScope) => scope.replace(':', '.') as TScopeTextKey;
