import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage, type TSystemSettingsValues, webPaths } from '@faxline/shared';
import { sql } from 'drizzle-orm';
import { users } from '../auth/schema';
import { renderEmail } from '../email/render-email';
import { sendEmailJob, type TEmail } from '../email/send-email-job';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { translator } from '../platform/i18n/i18n';
import type { Queue } from '../platform/queue/queue';
import type { OnAccountOpened, OpenedAccount } from './create-owner-account';

/** The platform settings now in force (system-settings/, above the accounts, which are given its copy). */
export type SettingsNow = { current(): Promise<TSystemSettingsValues> };

/** The back office's list of people (the web app's paths.admin.users), searched by the `search` parameter. */

/**
 * The language and time zone of the operators' address: its person's own when it is a Faxline login, else the
 * default language and UTC.
 */
export async function readerOfAddress(db: Database, address: string): Promise<{ language: TLanguage; timeZone: string }> {
  const [person] = await db
    .select({ language: users.language, timeZone: users.timeZone })
    .from(users)
    .where(sql`lower(${users.email}) = ${address.toLowerCase()}`);
  const language = person?.language;
  return {
    language: (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as TLanguage) : DEFAULT_LANGUAGE,
    timeZone: person?.timeZone ?? 'UTC',
  };
}

/** The e-mail that tells the operators someone signed up: who, when, and a link to them in the back office. */
export function renderSignUpEmail(input: {
  to: string;
  language: TLanguage;
  timeZone: string;
  account: OpenedAccount;
  at: Date;
  publicUrl: string;
}): TEmail {
  const t = translator(input.language);
  const { owner } = input.account;
  const when = new Intl.DateTimeFormat(input.language, { dateStyle: 'long', timeStyle: 'long', timeZone: input.timeZone });
  const rendered = renderEmail({
    language: input.language,
    subject: t('emails.newSignUp.subject', { name: owner.name }),
    paragraphs: [t('emails.newSignUp.body')],
    facts: [
      { label: t('emails.newSignUp.name'), value: owner.name },
      { label: t('emails.newSignUp.email'), value: owner.email },
      { label: t('emails.newSignUp.account'), value: input.account.name },
      { label: t('emails.newSignUp.when'), value: when.format(input.at) },
    ],
    action: {
      label: t('emails.newSignUp.action'),
      url: `${input.publicUrl}${webPaths.admin.users.getHref(owner.email)}`,
    },
    notes: [t('emails.newSignUp.why')],
    signature: t('emails.signature'),
  });
  return { to: input.to, ...rendered };
}

/**
 * Admin notification settings (spec 001 §2.11): with "New user sign-ups" on and an address set, a
 * sign-up e-mails that address. Queued in the transaction that opens the account, so the e-mail goes if and only if
 * the account exists, and once (an account is opened once).
 */
export function emailOperatorsOfSignUp(deps: { queue: Queue; systemSettings: SettingsNow; config: TConfig }): OnAccountOpened {
  return async (tx, client, account) => {
    const { notifyOnNewUser, adminEmailForNotifications } = await deps.systemSettings.current();
    if (!notifyOnNewUser || !adminEmailForNotifications) return;
    const email = renderSignUpEmail({
      to: adminEmailForNotifications,
      ...(await readerOfAddress(tx, adminEmailForNotifications)),
      account,
      at: new Date(),
      publicUrl: deps.config.publicUrl,
    });
    await deps.queue.send(sendEmailJob, email, { transaction: client });
  };
}
