import { SENDER_CONFIRMATION_DAYS, type TLanguage } from '@faxline/shared';
import { translator } from '../platform/i18n/i18n';
import { renderEmail } from './render-email';
import type { TEmail } from './send-email-job';

const k = 'emails.emailToFax.sender' as const;

/**
 * Asks the owner of an address whether it may send faxes for the account named (decision 064): one link to a page
 * that says the same and offers Confirm, valid for a few days and once. Sent in the language of the person who asked.
 */
export function renderSenderConfirmationEmail(input: {
  to: string;
  language: TLanguage;
  accountName: string;
  requestedBy: string | null;
  url: string;
}): TEmail {
  const t = translator(input.language);
  const rendered = renderEmail({
    language: input.language,
    subject: t(`${k}.confirm.subject`, { address: input.to, account: input.accountName }),
    paragraphs: [
      input.requestedBy
        ? t(`${k}.confirm.askedBy`, { account: input.accountName, person: input.requestedBy, address: input.to })
        : t(`${k}.confirm.asked`, { account: input.accountName, address: input.to }),
      t(`${k}.confirm.meaning`, { account: input.accountName }),
    ],
    action: { label: t(`${k}.confirm.action`), url: input.url },
    notes: [t(`${k}.confirm.expiry`, { days: SENDER_CONFIRMATION_DAYS }), t(`${k}.confirm.moves`), t(`${k}.confirm.ignore`)],
    signature: t('emails.signature'),
  });
  return { to: input.to, ...rendered, headers: { 'Auto-Submitted': 'auto-generated' } };
}

/**
 * Tells a person who keeps an account's E-mail to fax page that an address no longer sends faxes for it: its owner
 * confirmed it for another account (never named), or someone of the account removed it.
 */
export function renderSenderLostEmail(input: {
  to: string;
  language: TLanguage;
  name: string;
  accountName: string;
  address: string;
  reason: { moved: true } | { removedBy: string };
  pageUrl: string;
}): TEmail {
  const t = translator(input.language);
  const rendered = renderEmail({
    language: input.language,
    subject: t(`${k}.lost.subject`, { address: input.address, account: input.accountName }),
    greeting: t('emails.greeting', { name: input.name }),
    paragraphs: [
      'moved' in input.reason
        ? t(`${k}.lost.moved`, { address: input.address, account: input.accountName })
        : t(`${k}.lost.removed`, { address: input.address, account: input.accountName, person: input.reason.removedBy }),
      t(`${k}.lost.effect`, { address: input.address }),
    ],
    action: { label: t(`${k}.lost.action`), url: input.pageUrl },
    signature: t('emails.signature'),
  });
  return { to: input.to, ...rendered };
}
