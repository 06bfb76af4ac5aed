import { stationCheckOf, type TFax, type TLanguage } from '@faxline/shared';
import { translator } from '../platform/i18n/i18n';
import type { faxes } from './schema';

type FaxRow = typeof faxes.$inferSelect;

/** A fax as the API shows it (packages/shared ZFax). */
export function toPublicFax(row: FaxRow): TFax {
  return {
    id: row.id,
    direction: row.direction,
    status: row.status,
    read: row.readAt !== null,
    fromNumber: row.fromNumber,
    toNumber: row.toNumber,
    recipientName: row.recipientName,
    senderName: row.senderName,
    pages: row.pages,
    pagesSent: row.pagesSent,
    quality: row.quality,
    failureReason: row.failureReason,
    failureMessage: row.failureMessage,
    uncertainChoice: row.uncertainChoice,
    coverSubject: row.coverSubject,
    line: row.line,
    channel: row.channel,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    nextTryAt: row.nextTryAt?.toISOString() ?? null,
    retryReason: row.retryReason,
    resentFromId: row.resentFromId,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    stationCheck: row.direction === 'outbound' ? stationCheckOf(row.expectedStationId, row.announcedStationId) : null,
  };
}

/** What the sender is told when a fax is accepted: it is on its way, or when it will go. */
export function acceptedMessage(fax: Pick<FaxRow, 'toNumber' | 'scheduledAt'>, language: TLanguage): string {
  const t = translator(language);
  return fax.scheduledAt
    ? t('faxes.scheduled', {
        number: fax.toNumber,
        date: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(fax.scheduledAt),
      })
    : t('faxes.accepted', { number: fax.toNumber });
}
