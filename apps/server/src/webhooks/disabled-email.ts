import { LANGUAGES, type TLanguage, WEBHOOK_DISABLE_AFTER_SECONDS, webPaths } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import { accountMembers, accounts } from '../accounts/schema';
import { users } from '../auth/schema';
import { renderEmail } from '../email/render-email';
import type { TEmail } from '../email/send-email-job';
import type { Database } from '../platform/db/client';
import { translator } from '../platform/i18n/i18n';

const languageOf = (value: string): TLanguage => ((LANGUAGES as readonly string[]).includes(value) ? (value as TLanguage) : 'en');

/**
 * The e-mail that tells an account's owner, in their language, that Faxline disabled one of its endpoints (five
 * days of failures), and where to enable it again; its time in the owner's time zone, else the account's. Null when
 * the account has no owner any more.
 */
export async function endpointDisabledEmail(
  db: Database,
  input: { accountId: string; url: string; failingSince: Date; publicUrl: string },
): Promise<TEmail | null> {
  const [owner] = await db
    .select({
      email: users.email,
      name: users.name,
      language: users.language,
      timeZone: users.timeZone,
      accountTimeZone: accounts.timeZone,
    })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .innerJoin(accounts, eq(accounts.id, accountMembers.organizationId))
    .where(and(eq(accountMembers.organizationId, input.accountId), eq(accountMembers.role, 'owner')))
    .limit(1);
  if (!owner) return null;
  const language = languageOf(owner.language);
  const t = translator(language);
  const rendered = renderEmail({
    language,
    subject: t('emails.webhookDisabled.subject'),
    greeting: t('emails.greeting', { name: owner.name }),
    paragraphs: [t('emails.webhookDisabled.body', { days: WEBHOOK_DISABLE_AFTER_SECONDS / 86_400 })],
    facts: [
      { label: t('emails.webhookDisabled.url'), value: input.url },
      {
        label: t('emails.webhookDisabled.failingSince'),
        value: new Intl.DateTimeFormat(language, {
          dateStyle: 'long',
          timeStyle: 'long',
          timeZone: owner.timeZone ?? owner.accountTimeZone,
        }).format(input.failingSince),
      },
    ],
    action: { label: t('emails.webhookDisabled.action'), url: `${input.publicUrl}${webPaths.user.webhooks.path}` },
    notes: [t('emails.webhookDisabled.next')],
    signature: t('emails.signature'),
  });
  return { to: owner.email, ...rendered };
}
