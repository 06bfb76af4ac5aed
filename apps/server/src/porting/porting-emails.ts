import { createHash } from 'node:crypto';
import { formatPhoneInternational, webPaths, type TLanguage, type TPortingStatus } from '@faxline/shared';
import { peopleWhoPay } from '../accounts/people-who-pay';
import { renderEmail } from '../email/render-email';
import { sendEmailJob, type TEmail } from '../email/send-email-job';
import type { Database } from '../platform/db/client';
import type { SqlExecutor } from '../platform/db/notifications';
import { translator } from '../platform/i18n/i18n';
import type { Queue } from '../platform/queue/queue';
import type { PortingRow } from './porting-requests';

/** The e-mail of one status of a request, in the reader's language. */
export function renderPortingEmail(
  input: { language: TLanguage; status: TPortingStatus; url: string } & Pick<PortingRow, 'numbers' | 'portDate' | 'rejectionReason'>,
): Omit<TEmail, 'to'> {
  const t = translator(input.language);
  const k = `emails.porting.${input.status}` as const;
  const numbers = input.numbers.map(formatPhoneInternational).join(', ');
  const day = input.portDate
    ? new Intl.DateTimeFormat(input.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${input.portDate}T00:00:00Z`))
    : null;
  return renderEmail({
    language: input.language,
    subject: t(`${k}.subject`, { count: input.numbers.length }),
    paragraphs: [t(`${k}.body`, { count: input.numbers.length, date: day ?? '' })],
    facts: [
      { label: t('emails.porting.numbers'), value: numbers },
      { label: t('emails.porting.status'), value: t(`emails.porting.statuses.${input.status}`) },
      ...(day && input.status === 'approved' ? [{ label: t('emails.porting.portDate'), value: day }] : []),
      ...(input.rejectionReason ? [{ label: t('emails.porting.reason'), value: input.rejectionReason }] : []),
    ],
    action: { label: t('emails.porting.action'), url: input.url },
    signature: t('emails.signature'),
  });
}

/**
 * Tells the account's owner where their request is, in the transaction that moved it (the e-mail goes if the move
 * commits, once: its Message-ID names the request and the status).
 */
export async function emailPortingStatus(deps: { queue: Queue; publicUrl: string }, tx: Database, client: SqlExecutor, row: PortingRow) {
  const owners = (await peopleWhoPay(tx, row.accountId)).filter((person) => person.role === 'owner');
  for (const person of owners) {
    const email: TEmail = {
      ...renderPortingEmail({ ...row, language: person.language, url: `${deps.publicUrl}${webPaths.user.porting.path}` }),
      to: person.email,
      messageId: `<porting-${row.status}.${row.id}.${createHash('sha256').update(person.email).digest('hex').slice(0, 16)}@faxline>`,
    };
    await deps.queue.send(sendEmailJob, email, { transaction: client });
  }
}
