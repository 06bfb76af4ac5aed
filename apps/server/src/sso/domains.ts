import { randomBytes } from 'node:crypto';
import { SSO_DOMAIN_RECORD_PREFIX, type TSsoDomain } from '@faxline/shared';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { auditedBy, type Actor } from '../accounts/actor';
import type { Database } from '../platform/db/client';
import { isUniqueViolation } from '../platform/db/errors';
import { AppError } from '../platform/http/app-error';
import { auditSso } from './audit';
import { ssoDomains } from './schema';

/** The system resolver's TXT look-up (node:dns/promises resolveTxt); tests give their own. */
export type ResolveTxt = (name: string) => Promise<string[][]>;

const recordOf = (token: string) => `${SSO_DOMAIN_RECORD_PREFIX}${token}`;

export async function listDomains(db: Database, accountId: string): Promise<TSsoDomain[]> {
  const rows = await db.select().from(ssoDomains).where(eq(ssoDomains.accountId, accountId)).orderBy(asc(ssoDomains.createdAt));
  return rows.map((row) => ({ domain: row.domain, record: recordOf(row.token), verifiedAt: row.verifiedAt?.toISOString() ?? null }));
}

/** Names a domain for the account, with a new token to publish; naming it again keeps its token. */
export async function addSsoDomain(db: Database, actor: Actor, domain: string): Promise<void> {
  const { accountId } = actor.member;
  if (await verifiedOwnerOf(db, domain).then((owner) => owner !== null && owner !== accountId))
    throw new AppError('conflict', 'sso.domainTaken', {}, 'body.domain');
  const added = await db
    .insert(ssoDomains)
    .values({ accountId, domain, token: randomBytes(24).toString('base64url') })
    .onConflictDoNothing()
    .returning();
  if (added.length) await auditSso(db, { ...auditedBy(actor, { domain }), action: 'sso.domain_added', outcome: 'success' });
}

export async function removeSsoDomain(db: Database, actor: Actor, domain: string): Promise<void> {
  const removed = await db
    .delete(ssoDomains)
    .where(and(eq(ssoDomains.accountId, actor.member.accountId), eq(ssoDomains.domain, domain)))
    .returning();
  if (removed.length === 0) throw new AppError('not_found', 'sso.domainNotFound');
  await auditSso(db, { ...auditedBy(actor, { domain }), action: 'sso.domain_removed', outcome: 'success' });
}

/**
 * Looks the domain's TXT records up through the resolver and, when one holds the token, marks the domain verified for
 * this account. Another account that proved it first keeps it (the unique index decides a race).
 */
export async function verifySsoDomain(deps: { db: Database; resolveTxt: ResolveTxt }, actor: Actor, domain: string): Promise<void> {
  const { db } = deps;
  const { accountId } = actor.member;
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.accountId, accountId), eq(ssoDomains.domain, domain)));
  if (!row) throw new AppError('not_found', 'sso.domainNotFound');
  if (row.verifiedAt) return;
  const record = recordOf(row.token);
  const records = await deps.resolveTxt(domain).catch(() => [] as string[][]);
  // A long TXT value arrives in 255-byte pieces: the pieces of one record, joined, are its value.
  if (!records.some((pieces) => pieces.join('').trim() === record)) {
    await auditSso(db, { ...auditedBy(actor, { domain }), action: 'sso.domain_verified', outcome: 'failure' });
    throw new AppError('unprocessable', 'sso.domainNotProven', { record, domain });
  }
  const owner = await verifiedOwnerOf(db, domain);
  if (owner && owner !== accountId) throw new AppError('conflict', 'sso.domainTaken');
  try {
    await db
      .update(ssoDomains)
      .set({ verifiedAt: new Date() })
      .where(and(eq(ssoDomains.accountId, accountId), eq(ssoDomains.domain, domain), isNull(ssoDomains.verifiedAt)));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', 'sso.domainTaken');
    throw error;
  }
  await auditSso(db, { ...auditedBy(actor, { domain }), action: 'sso.domain_verified', outcome: 'success' });
}

/** The account that proved the domain, or null. */
export async function verifiedOwnerOf(db: Database, domain: string): Promise<string | null> {
  const [row] = await db
    .select({ accountId: ssoDomains.accountId })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)));
  return row?.accountId ?? null;
}

export const domainOfEmail = (email: string) => email.trim().toLowerCase().split('@').pop() ?? '';
