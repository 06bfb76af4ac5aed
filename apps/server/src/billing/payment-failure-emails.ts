import { graceEndOf, webPaths, type TLanguage, type TSystemSettingsValues } from '@faxline/shared';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { readerOfAddress } from '../accounts/email-operators-of-sign-up';
import { peopleWhoPay } from '../accounts/people-who-pay';
import { accounts } from '../accounts/schema';
import { renderEmail } from '../email/render-email';
import { sendEmailJob, type TEmail } from '../email/send-email-job';
import type { Database } from '../platform/db/client';
import type { SqlExecutor } from '../platform/db/notifications';
import { translator } from '../platform/i18n/i18n';
import type { Queue } from '../platform/queue/queue';
import { plans } from '../plans/schema';
import type { AmountDue } from './billing-provider';

/** A run of payment failures that has just begun: the first failure since the account last paid. */
export type PaymentFailureBegun = {
  accountId: string;
  subscriptionId: string;
  planId: string;
  failedAt: Date;
  amountDue: AmountDue | null;
};

export type PaymentFailureEmailDeps = {
  queue: Queue;
  systemSettings: { current(): Promise<TSystemSettingsValues> };
  publicUrl: string;
};

type Facts = { account: string; plan: string; amount: string | null; graceEnds: string };

const formatAmount = (amount: AmountDue, language: TLanguage) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: amount.currency.toUpperCase() }).format(amount.cents / 100);
const formatDate = (date: Date, language: TLanguage, timeZone: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(date);

/**
 * Tells the account's owner and Billing members, each in their language, that the payment for its plan failed, when
 * sending pauses, and where to pay (decision 085); and the operators when notifyOnFailedPayment is on. Queued in the
 * transaction that records the failure's start, which happens once per run of failures (a repeated or reordered
 * webhook finds it recorded), so each person gets one e-mail per run; the Message-ID, made from the subscription and
 * the run's start, keeps a job run twice from sending twice.
 */
export async function emailPaymentFailure(
  deps: PaymentFailureEmailDeps,
  db: Database,
  client: SqlExecutor,
  failure: PaymentFailureBegun,
): Promise<void> {
  const [names] = await db
    .select({ account: accounts.name, plan: plans.name })
    .from(accounts)
    .innerJoin(plans, eq(plans.id, failure.planId))
    .where(eq(accounts.id, failure.accountId));
  if (!names) return;
  const graceEndsAt = graceEndOf(failure.failedAt);
  const people = await peopleWhoPay(db, failure.accountId);
  const run = `${failure.subscriptionId}.${failure.failedAt.getTime()}`;
  const emails: TEmail[] = people.map((person) => {
    const facts = factsFor(names, failure.amountDue, graceEndsAt, person.language, person.timeZone);
    return {
      ...renderPaymentFailedEmail({ ...facts, language: person.language, url: `${deps.publicUrl}${webPaths.user.billing.path}` }),
      to: person.email,
      messageId: `<payment-failed.${run}.${createHash('sha256').update(person.email).digest('hex').slice(0, 16)}@faxline>`,
    };
  });

  const { notifyOnFailedPayment, adminEmailForNotifications } = await deps.systemSettings.current();
  if (notifyOnFailedPayment && adminEmailForNotifications) {
    const reader = await readerOfAddress(db, adminEmailForNotifications);
    const owner = people.find((person) => person.role === 'owner')?.email ?? '';
    emails.push({
      ...renderOperatorsEmail({
        ...factsFor(names, failure.amountDue, graceEndsAt, reader.language, reader.timeZone),
        owner,
        language: reader.language,
        url: `${deps.publicUrl}${webPaths.admin.users.getHref(owner)}`,
      }),
      to: adminEmailForNotifications,
      messageId: `<payment-failed.${run}.operators@faxline>`,
    });
  }
  for (const email of emails) await deps.queue.send(sendEmailJob, email, { transaction: client });
}

function factsFor(
  names: { account: string; plan: string },
  amount: AmountDue | null,
  graceEndsAt: Date,
  language: TLanguage,
  timeZone: string,
): Facts {
  return {
    account: names.account,
    plan: names.plan,
    amount: amount ? formatAmount(amount, language) : null,
    graceEnds: formatDate(graceEndsAt, language, timeZone),
  };
}

/** The e-mail to a person who can pay: what failed, the amount, when sending pauses, and the billing page. */
export function renderPaymentFailedEmail(input: Facts & { language: TLanguage; url: string }): Omit<TEmail, 'to'> {
  const t = translator(input.language);
  return renderEmail({
    language: input.language,
    subject: t('emails.paymentFailed.subject'),
    paragraphs: [
      t('emails.paymentFailed.body', { plan: input.plan, account: input.account }),
      t('emails.paymentFailed.grace', { date: input.graceEnds }),
    ],
    facts: [
      { label: t('emails.paymentFailed.plan'), value: input.plan },
      ...(input.amount ? [{ label: t('emails.paymentFailed.amount'), value: input.amount }] : []),
      { label: t('emails.paymentFailed.graceEnds'), value: input.graceEnds },
    ],
    action: { label: t('emails.paymentFailed.action'), url: input.url },
    notes: [t('emails.paymentFailed.why', { account: input.account })],
    signature: t('emails.signature'),
  });
}

/** The operators' e-mail (notifyOnFailedPayment): whose payment failed, how much, and the owner in the back office. */
function renderOperatorsEmail(input: Facts & { owner: string; language: TLanguage; url: string }): Omit<TEmail, 'to'> {
  const t = translator(input.language);
  return renderEmail({
    language: input.language,
    subject: t('emails.paymentFailedOperators.subject', { account: input.account }),
    paragraphs: [t('emails.paymentFailedOperators.body')],
    facts: [
      { label: t('emails.paymentFailedOperators.account'), value: input.account },
      { label: t('emails.paymentFailedOperators.owner'), value: input.owner },
      { label: t('emails.paymentFailedOperators.plan'), value: input.plan },
      ...(input.amount ? [{ label: t('emails.paymentFailedOperators.amount'), value: input.amount }] : []),
      { label: t('emails.paymentFailedOperators.graceEnds'), value: input.graceEnds },
    ],
    action: { label: t('emails.paymentFailedOperators.action'), url: input.url },
    notes: [t('emails.paymentFailedOperators.why')],
    signature: t('emails.signature'),
  });
}
