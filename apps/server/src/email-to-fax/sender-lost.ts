import { MEMBER_ROLES, roleMay, webPaths } from '@faxline/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { accountMembers, accounts } from '../accounts/schema';
import { recordAuditEvent } from '../audit/record-audit-event';
import { languageOf } from '../auth/auth';
import { users } from '../auth/schema';
import { renderSenderLostEmail } from '../email/render-sender-emails';
import { sendEmailJob } from '../email/send-email-job';
import type { Database } from '../platform/db/client';
import type { SqlExecutor } from '../platform/db/notifications';
import type { Queue } from '../platform/queue/define-job';

/** The page the notice links to (apps/web's paths.user.emailToFax). */

/** The roles that keep the E-mail to fax page, and so hear of its addresses. */
const MANAGING_ROLES = MEMBER_ROLES.filter((role) => roleMay(role, 'manageEmailToFax'));

/**
 * An account lost an address that sent faxes for it: its owner confirmed it for another account (never named), or a
 * person of the account removed it. Everyone else who keeps the account's E-mail to fax page is told by e-mail, and the
 * account's audit trail says so, in the caller's transaction.
 */
export async function tellAccountOfLostSender(
  deps: { tx: Database; client: SqlExecutor; queue: Queue; publicUrl: string },
  loss: { accountId: string; address: string; removedBy: { id: string; name: string } | null; ip: string | null },
): Promise<void> {
  const { tx } = deps;
  const people = await tx
    .select({ email: users.email, name: users.name, language: users.language, accountName: accounts.name })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .innerJoin(accounts, eq(accounts.id, accountMembers.organizationId))
    .where(
      and(
        eq(accountMembers.organizationId, loss.accountId),
        inArray(accountMembers.role, MANAGING_ROLES),
        sql`not coalesce(${users.banned}, false)`,
        loss.removedBy ? ne(users.id, loss.removedBy.id) : undefined,
      ),
    );
  for (const person of people) {
    const email = renderSenderLostEmail({
      to: person.email,
      language: languageOf(person.language),
      name: person.name,
      accountName: person.accountName,
      address: loss.address,
      reason: loss.removedBy ? { removedBy: loss.removedBy.name } : { moved: true },
      pageUrl: `${deps.publicUrl}${webPaths.user.emailToFax.path}`,
    });
    await deps.queue.send(sendEmailJob, email, { transaction: deps.client });
  }
  await recordAuditEvent(tx, {
    actorUserId: loss.removedBy?.id ?? null,
    accountId: loss.accountId,
    ip: loss.ip,
    action: 'account.email_to_fax_sender_lost',
    objectType: 'email_sender',
    objectId: loss.address,
    outcome: 'success',
    details: { reason: loss.removedBy ? 'removed' : 'moved', told: people.length },
  });
}
