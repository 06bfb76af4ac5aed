/**
 * A member's role in an account (spec 001 §6 with DESIGN.md), as stored and listed: the owner who opened the account,
 * sub-admins, standard users and billing contacts.
 */
export const MEMBER_ROLES = ['owner', 'admin', 'user', 'billing'] as const;
export type TMemberRole = (typeof MEMBER_ROLES)[number];
/** The roles a member can be given, as the add and change forms and their requests name them (spec 001 §2.8). */
export const ASSIGNABLE_ROLES = ['User', 'Admin', 'Billing'] as const;
export type TAssignableRole = (typeof ASSIGNABLE_ROLES)[number];
export type TGivenRole = Exclude<TMemberRole, 'owner'>;

const STORED_ROLE: Record<TAssignableRole, TGivenRole> = { User: 'user', Admin: 'admin', Billing: 'billing' };
const ASSIGNABLE_ROLE: Record<TGivenRole, TAssignableRole> = { user: 'User', admin: 'Admin', billing: 'Billing' };

/** A form's role as it is stored (Admin -> admin). */
export const storedRoleOf = (role: TAssignableRole): TGivenRole => STORED_ROLE[role];
/** A stored role as the forms name it; null for the owner, whose role never changes. */
export const assignableRoleOf = (role: TMemberRole): TAssignableRole | null => (role === 'owner' ? null : ASSIGNABLE_ROLE[role]);

/**
 * What each role may do. The server enforces it; the web app shows a role only what it may use. A Billing contact sees
 * no faxes; the owner and sub-admins see every fax of the account and manage its logins; only the owner deletes it.
 */
const ROLE_PERMISSIONS = {
  useFaxes: ['owner', 'admin', 'user'],
  seeAllFaxes: ['owner', 'admin'],
  manageMembers: ['owner', 'admin'],
  /** The account's blocklist of junk fax senders. */
  manageBlocklist: ['owner', 'admin'],
  /** How the account's faxes introduce themselves: the header line and each number's station id. */
  manageFaxIdentity: ['owner', 'admin'],
  /** How the account's received faxes go out by e-mail: documents attached or not, each number's extra addresses. */
  manageFaxEmail: ['owner', 'admin'],
  /** Whether Faxline reads the words of the account's faxes for their search (decision 099). */
  manageFaxText: ['owner', 'admin'],
  /** Who may fax by e-mail for the account besides its people, and how strictly senders are checked. */
  manageEmailToFax: ['owner', 'admin'],
  /** The account's API keys, which act for it through /v1. */
  manageApiKeys: ['owner', 'admin'],
  /** The account's rules for AI agents (approval of their faxes, no fax contents for them). */
  manageAgents: ['owner', 'admin'],
  /** The account's shared inboxes, who belongs to each, and the rules that place its received faxes (decision 103). */
  manageInboxes: ['owner', 'admin'],
  /** The account's webhook endpoints, which receive its fax events. */
  manageWebhooks: ['owner', 'admin'],
  /** The account's FHIR server, which receives its received faxes as DocumentReferences (decision 105). */
  manageFhir: ['owner', 'admin'],
  /** How long the account's faxes keep their content, zero-footprint mode, and legal holds (decision 108). */
  manageRetention: ['owner', 'admin'],
  /** The account's plan, payment method, invoices and usage ledger (spec 001 §2.8: the Billing role). */
  manageBilling: ['owner', 'billing'],
  /** Legal agreements made for the organisation, the business associate agreement of a HIPAA plan (decision 090). */
  signAgreements: ['owner'],
  /** The account's SCIM provisioning: its tokens, and what the identity provider's groups map to (decision 107). */
  manageProvisioning: ['owner'],
  /** The account's single sign-on: its identity provider, its e-mail domains and who joins through it (decision 106). */
  manageSso: ['owner'],
  deleteAccount: ['owner'],
  /** The account's faxes as one ZIP, to leave or for an audit (decision 110): all its documents, so the owner alone. */
  exportAccountData: ['owner'],
  /** The account's password and sign-in rules: the shortest password, two-factor sign-in for everyone (decision 109). */
  manageSecurityPolicy: ['owner'],
  /** The fax numbers the account holds: adding one (billed beyond the plan), releasing one, naming each (decision 112). */
  manageNumbers: ['owner'],
  /** The account's audit trail: its sign-ins, fax views and downloads, settings changes (decision 109). */
  seeAccountAudit: ['owner', 'admin'],
} as const satisfies Record<string, readonly TMemberRole[]>;
export type TRolePermission = keyof typeof ROLE_PERMISSIONS;

/** The roles that have a permission. */
export const rolesThat = (permission: TRolePermission): readonly TMemberRole[] => ROLE_PERMISSIONS[permission];
/** Whether a role has a permission. */
export const roleMay = (role: TMemberRole, permission: TRolePermission): boolean => rolesThat(permission).includes(role);
