import { z } from 'zod';
import { roleMay, type TMemberRole, type TRolePermission } from '../member-roles';
import { singleLineText } from '../text';

/**
 * API keys, managed by an account's owner and sub-admins with a session: GET /api/api-keys,
 * POST /api/api-keys (the secret is in this answer only), DELETE /api/api-keys/:id (revoke). A key is sent as
 * `Authorization: Bearer fl_live_…` to /v1.
 */
export const API_KEY_SCOPES = ['faxes:read', 'faxes:write', 'contacts:read', 'contacts:write', 'webhooks:manage'] as const;
export type TApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** The permission a scope needs of the key's creator, as the portal asks it of them for the same pages. */
export const API_KEY_SCOPE_PERMISSION = {
  'faxes:read': 'useFaxes',
  'faxes:write': 'useFaxes',
  'contacts:read': 'useFaxes',
  'contacts:write': 'useFaxes',
  'webhooks:manage': 'manageWebhooks',
} as const satisfies Record<TApiKeyScope, TRolePermission>;
/** What a key may do now: its scopes that its creator's current role also allows (a key never does more than they may). */
export const scopesRoleAllows = (role: TMemberRole, scopes: readonly TApiKeyScope[]): TApiKeyScope[] =>
  scopes.filter((scope) => roleMay(role, API_KEY_SCOPE_PERMISSION[scope]));
export const API_KEY_PREFIX = 'fl_live_';
export const MAX_API_KEY_NAME_LENGTH = 80;
/** An account's keys that are not revoked, at most. */
export const MAX_API_KEYS = 50;

export const ZApiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** `fl_live_` and the secret's next 8 characters: enough to tell keys apart, never enough to use one. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.iso.datetime({ offset: true }),
  /** Who made it (the key acts with their rights); null once they are gone. */
  createdBy: z.string().nullable(),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZApiKeysResponse = z.object({ apiKeys: z.array(ZApiKey), max: z.number().int() });
export type TApiKeysResponse = z.infer<typeof ZApiKeysResponse>;

export const ZCreateApiKeyRequest = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'errors.apiKeyNameRequired' })
    .max(MAX_API_KEY_NAME_LENGTH, { error: 'errors.apiKeyNameTooLong' })
    .check(singleLineText),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: 'errors.apiKeyScopeUnknown' }))
    .min(1, { error: 'errors.apiKeyScopesRequired' })
    .max(API_KEY_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
});
export type TCreateApiKeyRequest = z.input<typeof ZCreateApiKeyRequest>;

/** The new key and its secret: shown once, never again (only its hash is kept). */
export const ZCreateApiKeyResponse = z.object({ key: ZApiKey, secret: z.string() });
export type TCreateApiKeyResponse = z.infer<typeof ZCreateApiKeyResponse>;

export const ZApiKeyParams = z.object({ id: z.uuid({ error: 'errors.apiKeyNotFound' }) });
