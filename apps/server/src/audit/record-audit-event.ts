import type { Database } from '../platform/db/client';
import { auditEvents } from './schema';

export type AuditEvent = {
  actorUserId: string | null;
  accountId: string | null;
  ip: string | null;
  action: `${string}.${string}`;
  objectType: string;
  objectId: string | null;
  outcome: 'success' | 'denied' | 'failure';
  details?: Record<string, unknown>;
};

export async function recordAuditEvent(db: Database, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values(event);
}
