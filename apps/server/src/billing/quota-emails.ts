import { webPaths, type TLanguage } from '@faxline/shared';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { peopleWhoPay } from '../accounts/people-who-pay';
import { accounts } from '../accounts/schema';
import { renderEmail } from '../email/render-email';
import { sendEmailJob, type TEmail } from '../email/send-email-job';
import type { Database } from '../platform/db/client';
import type { SqlExecutor } from '../platform/db/notifications';
import { translator } from '../platform/i18n/i18n';
import type { Queue } from '../platform/queue/queue';
import { plans } from '../plans/schema';
import { overageRateOf } from './overage';
import { quotaNotices } from './schema';
import { ledgerPages, usagePeriodOf } from './usage-ledger';

/** The shares of the plan's pages at which the people who pay are told, once per period each. */
export const QUOTA_NOTICE_PERCENTS = [80, 100] as const;
type TNoticePercent = (typeof QUOTA_NOTICE_PERCENTS)[number];

/**
 * After a delivery was charged, in its transaction: tells the account's owner and Billing members, each in their
 * language, when the ledger's pages of the period have just reached 80% or 100% of the plan's (decision 093). Each
 * threshold is kept per period in `quota_notices` in the same transaction as the e-mail's job, so it is sent once
 * however many faxes cross it; when one fax crosses both, only the 100% e-mail goes.
 */
export async function emailQuotaNotices(
  deps: { queue: Queue; publicUrl: string },
  tx: Database,
  client: SqlExecutor,
  accountId: string,
  at: Date,
): Promise<void> {
  const [plan] = await tx
    .select({ account: accounts.name, plan: plans.name, limit: plans.pagesPerMonth })
    .from(accounts)
    .innerJoin(plans, eq(plans.id, accounts.planId))
    .where(eq(accounts.id, accountId));
  if (!plan?.limit) return;
  const period = await usagePeriodOf(tx, accountId, at);
  const used = await ledgerPages(tx, accountId, period);
  const reached = QUOTA_NOTICE_PERCENTS.filter((percent) => used * 100 >= plan.limit! * percent);
  if (reached.length === 0) return;
  const recorded = await tx
    .insert(quotaNotices)
    .values(reached.map((percent) => ({ accountId, periodStart: period.start, percent })))
    .onConflictDoNothing()
    .returning({ percent: quotaNotices.percent });
  if (recorded.length === 0) return;
  const percent = Math.max(...recorded.map((row) => row.percent)) as TNoticePercent;
  const bills = (await overageRateOf(tx, accountId)) !== null;
  for (const person of await peopleWhoPay(tx, accountId)) {
    const email: TEmail = {
      ...renderQuotaEmail({
        language: person.language,
        percent,
        account: plan.account,
        plan: plan.plan,
        used,
        limit: plan.limit,
        periodEnd: new Intl.DateTimeFormat(person.language, { dateStyle: 'long', timeZone: person.timeZone }).format(period.end),
        bills,
        url: `${deps.publicUrl}${webPaths.user.billing.path}`,
      }),
      to: person.email,
      messageId: `<quota-${percent}.${accountId}.${period.start.getTime()}.${createHash('sha256').update(person.email).digest('hex').slice(0, 16)}@faxline>`,
    };
    await deps.queue.send(sendEmailJob, email, { transaction: client });
  }
}

type QuotaFacts = {
  language: TLanguage;
  percent: TNoticePercent;
  account: string;
  plan: string;
  used: number;
  limit: number;
  periodEnd: string;
  /** Whether pages beyond the plan are sent and billed (else refused). */
  bills: boolean;
  url: string;
};

/** The e-mail: how many of the plan's pages are used, until when, and what happens past them. */
export function renderQuotaEmail(input: QuotaFacts): Omit<TEmail, 'to'> {
  const t = translator(input.language);
  const number = new Intl.NumberFormat(input.language);
  return renderEmail({
    language: input.language,
    subject: t(`emails.quotaNotice.subject${input.percent}`, { account: input.account }),
    paragraphs: [
      t(`emails.quotaNotice.body${input.percent}`, { plan: input.plan, account: input.account }),
      t(input.bills ? 'emails.quotaNotice.beyondBilled' : 'emails.quotaNotice.beyondRefused'),
    ],
    facts: [
      { label: t('emails.quotaNotice.plan'), value: input.plan },
      { label: t('emails.quotaNotice.used'), value: `${number.format(input.used)} / ${number.format(input.limit)}` },
      { label: t('emails.quotaNotice.periodEnds'), value: input.periodEnd },
    ],
    action: { label: t('emails.quotaNotice.action'), url: input.url },
    notes: [t('emails.quotaNotice.why', { account: input.account })],
    signature: t('emails.signature'),
  });
}
