import type { Auth } from './auth/auth';
import type { PasswordPolicyOf } from './auth/password-change';
import type { SessionReader } from './auth/session';
import type { PasswordSignInPolicy } from './auth/sign-in-policy';
import type { FileStore } from './platform/files/encrypted-file-store';
import type { PlanCatalogue } from './plans/catalogue';
import type { PlanUse } from './plans/manage-plans';
import type { SystemSettings } from './system-settings/system-settings';
import type { TConfig } from './platform/config';
import type { Database } from './platform/db/client';
import type { DatabaseNotifications } from './platform/db/notifications';
import type { Queue } from './platform/queue/queue';
import type { AccountLifecycle } from './accounts/account-lifecycle';
import type { ActorGuards } from './accounts/require-actor';
import type { AuditPeople } from './audit/read-audit-log';
import type { BillingInForce } from './billing/billing-providers';
import type { FaxOnHold } from './faxes/delete-fax';

/**
 * What the application gives its route plugins (app.ts builds it once); each plugin takes the parts it uses. The one
 * type every capability's routes share, so that none imports another's routes for it. A route that needs a signed-in
 * caller names it with the guards' preHandler (`requireActor(permission)`, accounts/require-actor.ts).
 */
export type RouteDeps = ActorGuards & {
  auth: Auth;
  sessions: SessionReader;
  db: Database;
  config: TConfig;
  systemSettings: SystemSettings;
  files: FileStore;
  queue: Queue;
  planCatalogue: PlanCatalogue;
  /** How many accounts are on the plans, for the back office's plans below the accounts (accounts/plan-use.ts). */
  planUse: PlanUse;
  /** What other processes (and this one) changed in the database, for the caches that follow it. */
  notifications: DatabaseNotifications;
  /** The shortest password a person's account allows, for the sign-in and password routes below accounts/. */
  passwordPolicyOf: PasswordPolicyOf;
  /** The people the audit trail names, for its viewer below auth/ (auth/people.ts). */
  auditPeople: AuditPeople;
  /** What an account's opening and deletion take from the floors above accounts/ (account-lifecycle.ts). */
  accountLifecycle: AccountLifecycle;
  /** The payment providers in force, made from the keys in force (billing/billing-providers.ts): ask at each use. */
  billing: BillingInForce;
  /**
   * Told once a fax's document was downloaded, from the floors above faxes/: a received fax of a zero-footprint account
   * loses its content after its first download (retention/, decision 108).
   */
  faxDocumentDownloaded: (faxId: string) => Promise<void>;
  /** Whether a legal hold keeps this fax (retention/, decision 108): a held fax is not deleted, by anyone. */
  faxOnHold: FaxOnHold;
  /** What an account requires of its people's password sign-in (single sign-on), decided above auth/ (sso/). */
  passwordSignInPolicy: PasswordSignInPolicy;
};
