import {
  announcementRespectsPreferences,
  announcementTextIn,
  webPaths,
  type TAnnouncementKind,
  type TAnnouncementTexts,
  type TLanguage,
} from '@faxline/shared';
import { renderEmail } from '../email/render-email';
import type { TEmail } from '../email/send-email-job';
import { noticeHeaders, noticeMessageId } from '../fax-emails/fax-email-parts';
import { translator } from '../platform/i18n/i18n';

export type TAnnouncementEmailInput = {
  announcement: { id: string; kind: TAnnouncementKind; texts: TAnnouncementTexts };
  recipient: { address: string; name: string; language: TLanguage };
  publicUrl: string;
  mailFrom: string;
  /** The one-click link that turns service notices off; none for a change to the terms, which everyone is sent. */
  unsubscribeLink: string | null;
};

/**
 * An announcement's e-mail to one person, in their language when the admin wrote it, else in English (the words'
 * language is the e-mail's, so that a Spanish reader of an English notice gets an English page, not a mixed one).
 * Its Message-ID is made from the announcement and the address, so that a copy sent again after a crash is the same
 * message (decision 051).
 */
export function renderAnnouncementEmail(input: TAnnouncementEmailInput): TEmail & { language: TLanguage } {
  const { announcement, recipient } = input;
  const words = announcementTextIn(announcement.texts, recipient.language);
  const t = translator(words.language);
  const k = 'emails.announcement' as const;
  const optional = announcementRespectsPreferences(announcement.kind);
  const rendered = renderEmail({
    language: words.language,
    subject: t(`${k}.subject`, { kind: t(`${k}.kinds.${announcement.kind}`), title: words.title }),
    greeting: t('emails.greeting', { name: recipient.name }),
    paragraphs: [
      words.title,
      ...words.body
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean),
    ],
    action: { label: t(`${k}.action`), url: `${input.publicUrl}${webPaths.user.dashboard.path}` },
    notes: [t(`${k}.why.${announcement.kind}`)],
    signature: t('emails.signature'),
    ...(optional && input.unsubscribeLink
      ? { footer: t(`${k}.footer`), footerLink: { label: t(`${k}.unsubscribe`), url: input.unsubscribeLink } }
      : {}),
  });
  return {
    to: recipient.address,
    ...rendered,
    messageId: noticeMessageId(`announcement-${announcement.id}`, recipient.address, input.mailFrom),
    headers: optional && input.unsubscribeLink ? noticeHeaders(input.unsubscribeLink) : { 'Auto-Submitted': 'auto-generated' },
    language: words.language,
  };
}
