import { z } from 'zod';
import { LANGUAGES, type TLanguage } from '../constants';
import { multiLineText, singleLineText } from '../text';

/**
 * Announcements (decision 118): the back office's notices to customers, by e-mail and as a banner in the portal.
 * Maintenance and incident notices follow each person's "service notices" preference; a change to the terms is sent
 * to everyone, because customers must be told of it.
 */
export const ANNOUNCEMENT_KINDS = ['maintenance', 'incident', 'terms'] as const;
export type TAnnouncementKind = (typeof ANNOUNCEMENT_KINDS)[number];
/** The kinds a person may decline by e-mail; the others are sent whatever their preferences say. */
export const OPTIONAL_ANNOUNCEMENT_KINDS = ['maintenance', 'incident'] as const satisfies readonly TAnnouncementKind[];
export const announcementRespectsPreferences = (kind: TAnnouncementKind): boolean =>
  (OPTIONAL_ANNOUNCEMENT_KINDS as readonly string[]).includes(kind);

export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 2000;
/** How long a banner may stay up at most, from its sending. */
export const ANNOUNCEMENT_MAX_DAYS = 90;

/** One language's words. English is required; Spanish and French may be left empty and then fall back to English. */
const ZAnnouncementText = z.object({
  title: z.string().trim().max(ANNOUNCEMENT_TITLE_MAX, { error: 'validation.tooLong' }).check(singleLineText),
  body: z.string().trim().max(ANNOUNCEMENT_BODY_MAX, { error: 'validation.tooLong' }).check(multiLineText),
});
export type TAnnouncementText = z.infer<typeof ZAnnouncementText>;

export const ZAnnouncementTexts = z
  .object({ en: ZAnnouncementText, es: ZAnnouncementText, fr: ZAnnouncementText })
  .superRefine((texts, context) => {
    if (texts.en.title === '') context.addIssue({ code: 'custom', path: ['en', 'title'], message: 'validation.announcementTitleRequired' });
    if (texts.en.body === '') context.addIssue({ code: 'custom', path: ['en', 'body'], message: 'validation.announcementBodyRequired' });
    // A translation is whole or absent: a Spanish title over an English body would read as a mistake.
    for (const language of ['es', 'fr'] as const) {
      const { title, body } = texts[language];
      if ((title === '') !== (body === ''))
        context.addIssue({
          code: 'custom',
          path: [language, title === '' ? 'title' : 'body'],
          message: 'validation.announcementTranslationHalf',
        });
    }
  });
export type TAnnouncementTexts = z.infer<typeof ZAnnouncementTexts>;

/** The words a reader of this language sees: their own when the admin wrote them, English otherwise. */
export function announcementTextIn(texts: TAnnouncementTexts, language: TLanguage): TAnnouncementText & { language: TLanguage } {
  const own = texts[language];
  return own.title !== '' ? { ...own, language } : { ...texts.en, language: 'en' };
}

/** POST /api/admin/announcements. */
export const ZCreateAnnouncementRequest = z.object({
  kind: z.enum(ANNOUNCEMENT_KINDS),
  /** Every customer (null), or the people of the accounts on this plan. */
  planId: z.string().min(1).max(100).check(singleLineText).nullable(),
  texts: ZAnnouncementTexts,
  /** When the banner comes down (it also goes once a person dismisses it); within ANNOUNCEMENT_MAX_DAYS. */
  endsAt: z.iso.datetime({ offset: true, error: 'validation.announcementEndsAt' }),
});
export type TCreateAnnouncementRequest = z.input<typeof ZCreateAnnouncementRequest>;

/** What was done for each person the announcement reached: e-mailed, or not because they turned such notices off. */
export const ANNOUNCEMENT_EMAIL_OUTCOMES = ['emailed', 'declined', 'unreachable'] as const;
export type TAnnouncementEmailOutcome = (typeof ANNOUNCEMENT_EMAIL_OUTCOMES)[number];

/** One announcement in the back office's list, with what its record counts. */
export const ZAdminAnnouncement = z.object({
  id: z.string(),
  kind: z.enum(ANNOUNCEMENT_KINDS),
  planId: z.string().nullable(),
  planName: z.string().nullable(),
  texts: z.object({ en: ZAnnouncementText, es: ZAnnouncementText, fr: ZAnnouncementText }),
  endsAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }),
  sentBy: z.string().nullable(),
  /** Null until the fan-out has listed the people it reaches. */
  recipients: z.number().int().nullable(),
  counts: z.record(z.enum(ANNOUNCEMENT_EMAIL_OUTCOMES), z.number().int()),
  dismissals: z.number().int(),
});
export type TAdminAnnouncement = z.infer<typeof ZAdminAnnouncement>;
export const ZAdminAnnouncementList = z.object({ announcements: z.array(ZAdminAnnouncement) });
export type TAdminAnnouncementList = z.infer<typeof ZAdminAnnouncementList>;

/** GET /api/admin/announcements/:id/recipients: the record of who was sent what. */
export const ZAnnouncementRecipient = z.object({
  email: z.string(),
  name: z.string(),
  accountName: z.string().nullable(),
  language: z.enum(LANGUAGES),
  /** The language of the words sent (English when theirs was not written). */
  sentLanguage: z.enum(LANGUAGES),
  outcome: z.enum(ANNOUNCEMENT_EMAIL_OUTCOMES),
  emailedAt: z.iso.datetime({ offset: true }).nullable(),
  dismissedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TAnnouncementRecipient = z.infer<typeof ZAnnouncementRecipient>;
export const ZAnnouncementRecipients = z.object({ recipients: z.array(ZAnnouncementRecipient), total: z.number().int() });
export type TAnnouncementRecipients = z.infer<typeof ZAnnouncementRecipients>;
export const ZAnnouncementRecipientsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const ANNOUNCEMENT_RECIPIENTS_PAGE_SIZE = 50;

/** GET /api/announcements: the banners the signed-in person has not dismissed, in their language. */
export const ZActiveAnnouncement = z.object({
  id: z.string(),
  kind: z.enum(ANNOUNCEMENT_KINDS),
  title: z.string(),
  body: z.string(),
  language: z.enum(LANGUAGES),
  sentAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
});
export type TActiveAnnouncement = z.infer<typeof ZActiveAnnouncement>;
export const ZActiveAnnouncements = z.object({ announcements: z.array(ZActiveAnnouncement) });
export type TActiveAnnouncements = z.infer<typeof ZActiveAnnouncements>;

export const ZAnnouncementIdParams = z.object({ id: z.uuid() });
