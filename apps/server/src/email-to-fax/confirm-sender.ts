import type { TSenderConfirmation } from '@faxline/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import { accounts } from '../accounts/schema';
import { recordAuditEvent } from '../audit/record-audit-event';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';
import type { Queue } from '../platform/queue/define-job';
import { emailToFaxSenders } from './schema';
import { hashOfSenderToken } from './sender-links';
import { tellAccountOfLostSender } from './sender-lost';

type Request = { id: string; accountId: string; address: string; expiresAt: Date; accountName: string; requestedBy: string | null };

/** The waiting request a link's secret names, or the link's refusal: unknown or used (404), or expired. */
async function requestOfToken(db: Database, token: string, now: Date, lock: boolean): Promise<Request> {
  const query = db
    .select({
      id: emailToFaxSenders.id,
      accountId: emailToFaxSenders.accountId,
      address: emailToFaxSenders.address,
      status: emailToFaxSenders.status,
      expiresAt: emailToFaxSenders.expiresAt,
      accountName: accounts.name,
      requestedBy: users.name,
    })
    .from(emailToFaxSenders)
    .innerJoin(accounts, eq(accounts.id, emailToFaxSenders.accountId))
    .leftJoin(users, eq(users.id, emailToFaxSenders.requestedBy))
    .where(eq(emailToFaxSenders.tokenHash, hashOfSenderToken(token)));
  const [row] = lock ? await query.for('update', { of: emailToFaxSenders }) : await query;
  if (!row || row.status !== 'pending' || !row.expiresAt) throw new AppError('not_found', 'errors.senderLinkInvalid');
  if (row.expiresAt <= now) throw new AppError('not_found', 'errors.senderLinkExpired');
  return { ...row, expiresAt: row.expiresAt };
}

/** A person's own sign-in address is never allowed for another account: e-mail from it faxes for theirs (decision 055). */
async function refuseAPersonsAddress(db: Database, address: string): Promise<void> {
  const [person] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${address}`, eq(users.emailVerified, true)));
  if (person) throw new AppError('conflict', 'errors.senderIsPerson');
}

/** Whether the address is now active for an account other than the one asking. */
async function activeElsewhere(db: Database, request: Request) {
  const [held] = await db
    .select({ id: emailToFaxSenders.id, accountId: emailToFaxSenders.accountId })
    .from(emailToFaxSenders)
    .where(
      and(
        eq(emailToFaxSenders.address, request.address),
        eq(emailToFaxSenders.status, 'active'),
        ne(emailToFaxSenders.accountId, request.accountId),
      ),
    );
  return held ?? null;
}

const viewOf = (request: Request, movesFromAnotherAccount: boolean, confirmed: boolean): TSenderConfirmation => ({
  address: request.address,
  accountName: request.accountName,
  requestedBy: request.requestedBy,
  expiresAt: request.expiresAt.toISOString(),
  movesFromAnotherAccount,
  confirmed,
});

/**
 * What the link's page shows before the click (decision 064): which account asks, by whom, until when, and whether the
 * address now sends for another account, never which. Reading changes nothing: a mail scanner that opens every link
 * confirms nothing.
 */
export async function lookUpSenderConfirmation(db: Database, token: string, now = new Date()): Promise<TSenderConfirmation> {
  const request = await requestOfToken(db, token, now, false);
  await refuseAPersonsAddress(db, request.address);
  return viewOf(request, Boolean(await activeElsewhere(db, request)), false);
}

/**
 * The address's owner confirms: the address becomes active for the account that asked, and the link is spent. If it
 * was active for another account, it leaves that one, which is told.
 */
export async function confirmSender(
  deps: { db: Database; queue: Queue; publicUrl: string },
  token: string,
  ip: string,
  now = new Date(),
): Promise<TSenderConfirmation> {
  return inTransaction(deps.db, async (tx, client) => {
    const request = await requestOfToken(tx, token, now, true);
    // One confirmation of an address at a time, whichever account asks.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('email-to-fax-sender'), hashtext(${request.address}))`);
    await refuseAPersonsAddress(tx, request.address);

    const held = await activeElsewhere(tx, request);
    if (held) {
      await tx.delete(emailToFaxSenders).where(eq(emailToFaxSenders.id, held.id));
      await tellAccountOfLostSender(
        { tx, client, queue: deps.queue, publicUrl: deps.publicUrl },
        { accountId: held.accountId, address: request.address, removedBy: null, ip: null },
      );
    }
    await tx
      .update(emailToFaxSenders)
      .set({ status: 'active', tokenHash: null, expiresAt: null, confirmedAt: now })
      .where(eq(emailToFaxSenders.id, request.id));
    await recordAuditEvent(tx, {
      actorUserId: null,
      accountId: request.accountId,
      ip,
      action: 'account.email_to_fax_sender_confirmed',
      objectType: 'email_sender',
      objectId: request.address,
      outcome: 'success',
      details: { movedFromAnotherAccount: Boolean(held) },
    });
    return viewOf(request, Boolean(held), true);
  });
}
