import { z } from 'zod';
import type { TGivenRole } from '../member-roles';
import { singleLineText } from '../text';

/**
 * SCIM 2.0 provisioning (RFC 7643/7644, decision 107): an identity provider (Okta, Microsoft Entra) creates, changes and
 * deactivates an account's people and groups at /scim/v2 with a bearer token the account's owner makes here:
 * GET /api/account/scim (the tokens, the base URL and the groups with what each maps to), POST /api/account/scim/tokens
 * (the secret is in this answer only), DELETE /api/account/scim/tokens/:id (revoke), PUT /api/account/scim/groups/:id
 * (what a group maps to).
 */
export const SCIM_TOKEN_PREFIX = 'fl_scim_';
export const SCIM_BASE_PATH = '/scim/v2';
export const MAX_SCIM_TOKEN_NAME_LENGTH = 80;
/** An account's tokens that are not revoked, at most: one per identity provider, with room to rotate. */
export const MAX_SCIM_TOKENS = 5;
/** The role a person created by SCIM gets, until a group mapped to a role says otherwise. */
export const SCIM_DEFAULT_ROLE: TGivenRole = 'user';
/** What a group may map to: a member role (never owner), a shared inbox, or nothing. */
export const SCIM_GROUP_TARGETS = ['none', 'role', 'inbox'] as const;

export const ZScimToken = z.object({
  id: z.string(),
  name: z.string(),
  /** `fl_scim_` and the secret's next 8 characters: enough to tell tokens apart, never enough to use one. */
  prefix: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TScimToken = z.infer<typeof ZScimToken>;

const ZGivenRole = z.enum(['admin', 'user', 'billing'], { error: 'scim.groupRoleInvalid' });

/** What a group changes: its members' role, or its members' place in a shared inbox; or nothing. */
export const ZScimGroupMapping = z.discriminatedUnion(
  'target',
  [
    z.object({ target: z.literal('none') }),
    z.object({ target: z.literal('role'), role: ZGivenRole }),
    z.object({ target: z.literal('inbox'), inboxId: z.uuid({ error: 'scim.groupInboxInvalid' }) }),
  ],
  { error: 'scim.groupTargetInvalid' },
);
export type TScimGroupMapping = z.infer<typeof ZScimGroupMapping>;

export const ZScimGroupSummary = z.object({
  id: z.string(),
  displayName: z.string(),
  members: z.number().int(),
  mapping: ZScimGroupMapping,
  /** The inbox's name when the group maps to one. */
  inboxName: z.string().nullable(),
});
export type TScimGroupSummary = z.infer<typeof ZScimGroupSummary>;

export const ZScimSettingsResponse = z.object({
  tokens: z.array(ZScimToken),
  /** The address to paste into the identity provider: the public URL and /scim/v2. */
  baseUrl: z.string(),
  groups: z.array(ZScimGroupSummary),
  /** The account's shared inboxes a group may map to. */
  inboxes: z.array(z.object({ id: z.string(), name: z.string() })),
  max: z.number().int(),
});
export type TScimSettingsResponse = z.infer<typeof ZScimSettingsResponse>;

export const ZCreateScimTokenRequest = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'scim.tokenNameRequired' })
    .max(MAX_SCIM_TOKEN_NAME_LENGTH, { error: 'scim.tokenNameTooLong' })
    .check(singleLineText),
});
export type TCreateScimTokenRequest = z.input<typeof ZCreateScimTokenRequest>;

/** The new token and its secret: shown once, never again (only its hash is kept). */
export const ZCreateScimTokenResponse = z.object({ token: ZScimToken, secret: z.string() });
export type TCreateScimTokenResponse = z.infer<typeof ZCreateScimTokenResponse>;

export const ZScimTokenParams = z.object({ id: z.uuid({ error: 'scim.tokenNotFound' }) });
export const ZScimGroupParams = z.object({ id: z.uuid({ error: 'scim.groupNotFound' }) });
