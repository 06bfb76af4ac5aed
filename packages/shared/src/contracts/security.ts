import { z } from 'zod';
import { singleLineText } from '../text';
import { HIPAA_PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_POLICY_MAX_LENGTH } from '../constants';
import { ADMIN_AUDIT_MAX_PAGE, auditDate, auditDatesInOrder, auditFilterText, ZAuditEvent } from './admin-audit';

/**
 * A person's signed-in devices (GET /api/sessions), their account's password and sign-in rules
 * (GET/PUT /api/account/security-policy), its members' devices (GET /api/account/member-sessions) and its audit trail
 * (GET /api/account/audit, .csv): decision 109.
 */

/**
 * Where a session's address is (decision 109): the network of the device asking (`this-network`), a private or
 * loopback address (`local-network`), or an address on the internet (`internet`); a public address's country beside it.
 */
export const SESSION_PLACES = ['this-network', 'local-network', 'internet'] as const;
export type TSessionPlace = (typeof SESSION_PLACES)[number];

export const ZDeviceSession = z.object({
  id: z.string(),
  /** The browser and its major version, as the user agent says ("Firefox 133"); null when it says nothing known. */
  browser: z.string().nullable(),
  /** The operating system ("macOS 14.5", "Android 15"); null when unknown. */
  system: z.string().nullable(),
  /** "mobile", "tablet" or null for a computer (ua-parser-js's device types). */
  deviceType: z.string().nullable(),
  ip: z.string().nullable(),
  place: z.enum(SESSION_PLACES),
  /** The address's country (ISO 3166-1 alpha-2) from DB-IP's country database; null for a local or unknown one. */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable(),
  signedInAt: z.iso.datetime({ offset: true }),
  /** The last request, known to the minute; the sign-in time until the session is used again. */
  lastSeenAt: z.iso.datetime({ offset: true }),
  /** The session of the request that asks. */
  current: z.boolean(),
});
export type TDeviceSession = z.infer<typeof ZDeviceSession>;

export const ZDeviceSessionsResponse = z.object({ sessions: z.array(ZDeviceSession) });
export type TDeviceSessionsResponse = z.infer<typeof ZDeviceSessionsResponse>;

const ZId = z.string().min(1).max(200).check(singleLineText);
export const ZSessionIdParams = z.object({ sessionId: ZId });
export const ZMemberSessionParams = z.object({ userId: ZId, sessionId: ZId });
export const ZMemberIdParams = z.object({ userId: ZId });

/** How many sessions a request ended. */
export const ZEndedSessionsResponse = z.object({ ended: z.number().int() });
export type TEndedSessionsResponse = z.infer<typeof ZEndedSessionsResponse>;

/** The members whose devices the asker may see and end: the owner sees everyone else, a sub-admin everyone but the owner. */
export const ZMemberSessionsResponse = z.object({
  members: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      role: z.enum(['owner', 'admin', 'user', 'billing']),
      sessions: z.array(ZDeviceSession),
    }),
  ),
});
export type TMemberSessionsResponse = z.infer<typeof ZMemberSessionsResponse>;

export const ZSecurityPolicy = z.object({
  /** The shortest password the account's people may choose (never below the platform's PASSWORD_MIN_LENGTH). */
  passwordMinLength: z.number().int(),
  /** Everyone of the account must sign in with two factors (and set them up first). */
  requireTwoFactor: z.boolean(),
  /** The account is on a HIPAA plan, whose defaults are HIPAA_PASSWORD_MIN_LENGTH and two-factor sign-in. */
  hipaaPlan: z.boolean(),
});
export type TSecurityPolicy = z.infer<typeof ZSecurityPolicy>;

export const ZSecurityPolicyRequest = z.object({
  passwordMinLength: z
    .number({ error: 'validation.passwordPolicyLength' })
    .int({ error: 'validation.passwordPolicyLength' })
    .min(PASSWORD_MIN_LENGTH, { error: 'validation.passwordPolicyLength' })
    .max(PASSWORD_POLICY_MAX_LENGTH, { error: 'validation.passwordPolicyLength' }),
  requireTwoFactor: z.boolean(),
});
export type TSecurityPolicyRequest = z.input<typeof ZSecurityPolicyRequest>;

/** A HIPAA plan's starting rules (decision 109). */
export const HIPAA_SECURITY_DEFAULTS = { passwordMinLength: HIPAA_PASSWORD_MIN_LENGTH, requireTwoFactor: true } as const;

/** The account's audit trail: the back office's filters but the object ones (who, action, dates), 50 a page. */
export const ZAccountAuditQuery = z
  .object({
    /** Part of a member's e-mail address or name (any case), or their id. */
    actor: auditFilterText(254),
    action: auditFilterText(100),
    from: auditDate('start'),
    to: auditDate('end'),
    page: z.coerce.number().int().min(1).max(ADMIN_AUDIT_MAX_PAGE).default(1),
  })
  .refine(auditDatesInOrder, { error: 'validation.auditDateOrder', path: ['to'] });
export type TAccountAuditQuery = z.input<typeof ZAccountAuditQuery>;

export const ZAccountAuditResponse = z.object({
  events: z.array(ZAuditEvent),
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TAccountAuditResponse = z.infer<typeof ZAccountAuditResponse>;

export const ZAccountAuditFacets = z.object({ actions: z.array(z.string()) });
export type TAccountAuditFacets = z.infer<typeof ZAccountAuditFacets>;

/** The most rows one CSV export holds (the newest that match): narrow the dates for older ones. */
export const ACCOUNT_AUDIT_EXPORT_LIMIT = 10_000;
