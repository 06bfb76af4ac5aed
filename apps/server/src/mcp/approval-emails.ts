import { createHash } from 'node:crypto';
import { DEFAULT_LANGUAGE, LANGUAGES, roleMay, webPaths, type TLanguage } from '@faxline/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { accountMembers, accounts } from '../accounts/schema';
import { users } from '../auth/schema';
import { renderEmail } from '../email/render-email';
import { sendEmailJob, type TEmail } from '../email/send-email-job';
import type { Database } from '../platform/db/client';
import type { SqlExecutor } from '../platform/db/notifications';
import { translator } from '../platform/i18n/i18n';
import type { Queue } from '../platform/queue/queue';

/** What an approval request says of the held send. */
export type HeldSend = {
  id: string;
  accountId: string;
  agentName: string;
  recipients: string[];
  fileNames: string[];
  coverSubject: string | null;
};

/**
 * A held agent fax is told to the people who may decide it (decision 131): each active member who may send faxes,
 * with a verified address, in their language: who asks, to whom, which documents, and a link to the approval queue,
 * where they approve or deny it signed in. A link that decided by itself would be decided by the mail scanners that
 * open every link of a message. Queued in the transaction that holds the send, so a held fax is never unannounced.
 */
export async function emailApprovalRequests(
  deps: { queue: Queue; publicUrl: string },
  tx: Database,
  client: SqlExecutor,
  held: HeldSend,
): Promise<void> {
  const [account] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, held.accountId));
  const people = await tx
    .select({ role: accountMembers.role, email: users.email, language: users.language })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(and(eq(accountMembers.organizationId, held.accountId), isNull(accountMembers.deactivatedAt), eq(users.emailVerified, true)))
    .orderBy(asc(accountMembers.createdAt));
  for (const person of people.filter((row) => roleMay(row.role, 'useFaxes'))) {
    const language = (LANGUAGES as readonly string[]).includes(person.language) ? (person.language as TLanguage) : DEFAULT_LANGUAGE;
    const email: TEmail = {
      ...renderApprovalRequest(language, held, account?.name ?? '', `${deps.publicUrl}${webPaths.user.agentFaxes.path}`),
      to: person.email,
      messageId: `<agent-fax.${held.id}.${createHash('sha256').update(person.email).digest('hex').slice(0, 16)}@faxline>`,
    };
    await deps.queue.send(sendEmailJob, email, { transaction: client });
  }
}

/**
 * The e-mail: the agent, the recipients, the documents, and an Approve and a Deny link. Each opens the queue on this fax
 * with the choice made, where a signed-in member confirms it with one click (decision 131: a link never decides alone).
 */
export function renderApprovalRequest(language: TLanguage, held: HeldSend, account: string, queueUrl: string): Omit<TEmail, 'to'> {
  const t = translator(language);
  const choose = (decision: 'approve' | 'deny') => `${queueUrl}?${new URLSearchParams({ fax: held.id, decision }).toString()}`;
  return renderEmail({
    language,
    subject: t('emails.agentFax.subject', { agent: held.agentName, account }),
    paragraphs: [t('emails.agentFax.body', { agent: held.agentName, account }), t('emails.agentFax.nothingYet')],
    facts: [
      { label: t('emails.agentFax.agent'), value: held.agentName },
      { label: t('emails.agentFax.to'), value: held.recipients.join(', ') },
      ...(held.fileNames.length > 0 ? [{ label: t('emails.agentFax.documents'), value: held.fileNames.join(', ') }] : []),
      ...(held.coverSubject ? [{ label: t('emails.agentFax.subjectLine'), value: held.coverSubject }] : []),
    ],
    action: { label: t('emails.agentFax.approve'), url: choose('approve') },
    otherAction: { label: t('emails.agentFax.deny'), url: choose('deny') },
    notes: [t('emails.agentFax.confirm'), t('emails.agentFax.why', { account })],
    signature: t('emails.signature'),
  });
}
