import type { TAllowedSender, TEmailAuthPolicy, TEmailToFaxSettings, ZSaveEmailToFaxSettingsRequest } from '@faxline/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import type { Queue } from '../platform/queue/define-job';
import { sendSenderLink } from './sender-links';
import { tellAccountOfLostSender } from './sender-lost';
import { emailToFaxSenders, emailToFaxSettings } from './schema';

type Defaults = Pick<TConfig['emailToFax'], 'domain' | 'defaultAuthPolicy'>;
export type SettingsDeps = { db: Database; queue: Queue; config: Pick<TConfig, 'publicUrl' | 'emailToFax'> };

/** How an account's e-mail is faxed: its settings row, or the service's defaults while it has none. */
export async function emailToFaxRulesOf(
  db: Database,
  accountId: string,
  defaults: Defaults,
): Promise<{ authPolicy: TEmailAuthPolicy; includeBody: boolean }> {
  const [row] = await db.select().from(emailToFaxSettings).where(eq(emailToFaxSettings.accountId, accountId));
  return { authPolicy: row?.authPolicy ?? defaults.defaultAuthPolicy, includeBody: row?.includeBody ?? true };
}

/** The outside addresses the account asked for, in the order asked, each with where it stands now. */
export async function allowedSendersOf(db: Database, accountId: string, now = new Date()): Promise<TAllowedSender[]> {
  const rows = await db
    .select()
    .from(emailToFaxSenders)
    .where(eq(emailToFaxSenders.accountId, accountId))
    .orderBy(asc(emailToFaxSenders.requestedAt), asc(emailToFaxSenders.address));
  return rows.map((row) => ({
    address: row.address,
    status: row.status === 'active' ? 'active' : row.expiresAt && row.expiresAt > now ? 'pending' : 'expired',
    expiresAt: row.status === 'active' ? null : (row.expiresAt?.toISOString() ?? null),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  }));
}

/** The settings page's view: the domain faxes are e-mailed to, the allowed addresses, and the rules. */
export async function readEmailToFaxSettings(db: Database, accountId: string, defaults: Defaults): Promise<TEmailToFaxSettings> {
  return {
    domain: defaults.domain,
    senders: await allowedSendersOf(db, accountId),
    ...(await emailToFaxRulesOf(db, accountId, defaults)),
  };
}

/**
 * Saves the page's choices at once (addresses lower-case, each once: the contract's transform). An address new to the
 * list waits for its owner's confirmation, asked by e-mail now; one left out of the list stops sending, and when it
 * was active the account's other managers are told. All of it, e-mails queued included, in one transaction.
 */
export async function saveEmailToFaxSettings(
  deps: SettingsDeps,
  actor: { user: { id: string; name: string }; accountId: string; ip: string },
  request: z.output<typeof ZSaveEmailToFaxSettingsRequest>,
): Promise<TEmailToFaxSettings> {
  const { accountId } = actor;
  await inTransaction(deps.db, async (tx, client) => {
    const values = { authPolicy: request.authPolicy, includeBody: request.includeBody };
    // The settings row first: it serialises two saves of one account.
    await tx
      .insert(emailToFaxSettings)
      .values({ accountId, ...values })
      .onConflictDoUpdate({ target: emailToFaxSettings.accountId, set: { ...values, updatedAt: new Date() } });
    const listed = await tx
      .select({ address: emailToFaxSenders.address, status: emailToFaxSenders.status })
      .from(emailToFaxSenders)
      .where(eq(emailToFaxSenders.accountId, accountId));
    const kept = new Set(request.allowedSenders);
    const removed = listed.filter((row) => !kept.has(row.address));
    const added = request.allowedSenders.filter((address) => !listed.some((row) => row.address === address));

    if (removed.length > 0) {
      await tx.delete(emailToFaxSenders).where(
        and(
          eq(emailToFaxSenders.accountId, accountId),
          inArray(
            emailToFaxSenders.address,
            removed.map((row) => row.address),
          ),
        ),
      );
    }
    for (const row of removed.filter((row) => row.status === 'active')) {
      await tellAccountOfLostSender(
        { tx, client, queue: deps.queue, publicUrl: deps.config.publicUrl },
        {
          accountId,
          address: row.address,
          removedBy: { id: actor.user.id, name: actor.user.name },
          ip: actor.ip,
        },
      );
    }
    const now = Date.now();
    for (const [index, address] of added.entries()) {
      const [row] = await tx
        .insert(emailToFaxSenders)
        // A millisecond apart, so that the list keeps the order they were added in.
        .values({ accountId, address, requestedBy: actor.user.id, requestedAt: new Date(now + index) })
        .returning({ id: emailToFaxSenders.id });
      await sendSenderLink({ tx, client, queue: deps.queue, publicUrl: deps.config.publicUrl }, row!.id);
      await recordAuditEvent(tx, {
        actorUserId: actor.user.id,
        accountId,
        ip: actor.ip,
        action: 'account.email_to_fax_sender_requested',
        objectType: 'email_sender',
        objectId: address,
        outcome: 'success',
      });
    }
    await recordAuditEvent(tx, {
      actorUserId: actor.user.id,
      accountId,
      ip: actor.ip,
      action: 'account.email_to_fax',
      objectType: 'account',
      objectId: accountId,
      outcome: 'success',
      details: {
        allowedSenders: request.allowedSenders,
        added,
        removed: removed.map((row) => row.address),
        authPolicy: request.authPolicy,
        includeBody: request.includeBody,
      },
    });
  });
  return readEmailToFaxSettings(deps.db, accountId, deps.config.emailToFax);
}
