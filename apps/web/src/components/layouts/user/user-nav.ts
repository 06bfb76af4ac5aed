import { rolesThat, type TMemberRole } from '@faxline/shared';

import { paths } from '@/config/paths';

export type { TMemberRole };

export type TUserNavKey =
  | 'overview'
  | 'sendFax'
  | 'broadcasts'
  | 'faxHistory'
  | 'contacts'
  | 'profile'
  | 'userAdministration'
  | 'settings'
  | 'security'
  | 'auditTrail'
  | 'apiKeys'
  | 'webhooks'
  | 'inboxes'
  | 'routingRules'
  | 'numbers'
  | 'emailToFax'
  | 'porting'
  | 'billing'
  | 'support';
export type TSecurityLinkKey = 'sso' | 'twoFactor' | 'pgpEncryption' | 'apiAuthentication' | 'advancedSecurity';

type TUserNavEntry = {
  key: TUserNavKey;
  href: string;
  /** The roles that may use the page; every role when absent. */
  roles?: readonly TMemberRole[];
  /** Other pages that belong to the entry (the header names them by it). */
  also?: readonly string[];
};

// What each role may use is the server's rule (packages/shared member-roles.ts); the nav only hides the rest.
const FAX_ROLES = rolesThat('useFaxes');
const MANAGER_ROLES = rolesThat('manageMembers');
const API_KEY_ROLES = rolesThat('manageApiKeys');
const WEBHOOK_ROLES = rolesThat('manageWebhooks');
const INBOX_ROLES = rolesThat('manageInboxes');
const EMAIL_TO_FAX_ROLES = rolesThat('manageEmailToFax');
const BILLING_ROLES = rolesThat('manageBilling');
const AUDIT_ROLES = rolesThat('seeAccountAudit');
const PORTING_ROLES = rolesThat('signAgreements');
const NUMBER_ROLES = rolesThat('manageNumbers');

/** The sidebar entries of spec 001 §2.2, in order (Security and Audit Trail after Settings), then API Keys, Webhooks, Inboxes, Routing Rules, Fax Numbers, E-mail to Fax, Porting, Billing, Support. */
export const USER_NAV_ENTRIES: readonly TUserNavEntry[] = [
  { key: 'overview', href: paths.user.dashboard.getHref() },
  { key: 'sendFax', href: paths.user.sendFax.getHref(), roles: FAX_ROLES },
  // One document to many recipients (decision 111); its form and each broadcast are below its path.
  { key: 'broadcasts', href: paths.user.broadcasts.getHref(), roles: FAX_ROLES },
  // The review queue and the shared inboxes are views of the history (decisions 102, 103): named as the history's.
  {
    key: 'faxHistory',
    href: paths.user.faxHistory.getHref(),
    roles: FAX_ROLES,
    also: [paths.user.faxReview.getHref(), paths.user.inbox.path],
  },
  { key: 'contacts', href: paths.user.contacts.getHref(), roles: FAX_ROLES },
  { key: 'profile', href: paths.user.profile.getHref() },
  { key: 'userAdministration', href: paths.user.addUser.getHref(), roles: MANAGER_ROLES },
  { key: 'settings', href: paths.user.settings.getHref() },
  // Everyone sees their own devices; the account's rules and members' devices are on the same page (decision 109).
  { key: 'security', href: paths.user.security.getHref() },
  { key: 'auditTrail', href: paths.user.auditTrail.getHref(), roles: AUDIT_ROLES },
  { key: 'apiKeys', href: paths.user.apiKeys.getHref(), roles: API_KEY_ROLES },
  { key: 'webhooks', href: paths.user.webhooks.getHref(), roles: WEBHOOK_ROLES },
  { key: 'inboxes', href: paths.user.inboxes.getHref(), roles: INBOX_ROLES },
  { key: 'routingRules', href: paths.user.routingRules.getHref(), roles: INBOX_ROLES },
  { key: 'numbers', href: paths.user.numbers.getHref(), roles: NUMBER_ROLES },
  { key: 'emailToFax', href: paths.user.emailToFax.getHref(), roles: EMAIL_TO_FAX_ROLES },
  // Porting binds the account's holder (a signed letter of authorisation): the owner's (decision 113).
  { key: 'porting', href: paths.user.porting.getHref(), roles: PORTING_ROLES },
  { key: 'billing', href: paths.user.billing.getHref(), roles: BILLING_ROLES },
  // The person's own support tickets (decision 114): every role has questions.
  { key: 'support', href: paths.user.support.getHref() },
];

/** The sidebar's small Security group (spec 001 §2.2: links to /security-privacy and /api-documentation). */
export const SECURITY_LINKS: readonly { key: TSecurityLinkKey; href: string }[] = [
  { key: 'sso', href: `${paths.securityPrivacy.getHref()}#sso` },
  { key: 'twoFactor', href: `${paths.securityPrivacy.getHref()}#2fa` },
  { key: 'pgpEncryption', href: `${paths.securityPrivacy.getHref()}#pgp-encryption` },
  { key: 'apiAuthentication', href: `${paths.apiDocumentation.getHref()}#authentication` },
  { key: 'advancedSecurity', href: `${paths.user.settings.getHref()}#advanced-security` },
];

/**
 * The role assumed while the account's answer is on its way (or failed): standard access, the default role. Most
 * people then see no entry appear or vanish; the server refuses anything the real role may not do.
 */
export const ASSUMED_ROLE: TMemberRole = 'user';

/** Whether a person with `role` may use the entry; an unknown role counts as ASSUMED_ROLE. */
export function mayUse(entry: Pick<TUserNavEntry, 'roles'>, role: TMemberRole | undefined): boolean {
  return !entry.roles || entry.roles.includes(role ?? ASSUMED_ROLE);
}

/** Whether the role may see faxes at all (the fax pages, lists and notifications); an unknown role counts as ASSUMED_ROLE. */
export function maySeeFaxes(role: TMemberRole | undefined): boolean {
  return mayUse({ roles: FAX_ROLES }, role);
}

export function navEntriesFor(role: TMemberRole | undefined): TUserNavEntry[] {
  return USER_NAV_ENTRIES.filter((entry) => mayUse(entry, role));
}

/** The entry whose page is shown (its own path or one below it), for the header title; null when none matches. */
export function matchingNavEntry(pathname: string): TUserNavEntry | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return USER_NAV_ENTRIES.find((entry) => path === entry.href || path.startsWith(`${entry.href}/`) || entry.also?.includes(path)) ?? null;
}
