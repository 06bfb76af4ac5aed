import { recordAuditEvent, type AuditEvent } from '../audit/record-audit-event';
import type { Database } from '../platform/db/client';

/** Every single sign-on row of the audit trail: `sso.*` actions on the account (or on the person who signed in). */
export const auditSso = (
  db: Database,
  event: Omit<AuditEvent, 'action' | 'objectType' | 'objectId'> & {
    action: `sso.${string}`;
    objectType?: string;
    objectId?: string | null;
  },
) => recordAuditEvent(db, { objectType: 'account', objectId: event.accountId, ...event });
