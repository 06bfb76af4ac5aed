import { RETRYABLE_FAX_FAILURES, type TFax, type TFaxDetails, type TLanguage } from '@faxline/shared';
import type { TV1Fax, TV1FaxDetails } from '@faxline/shared/api-v1';
import { translator } from '../platform/i18n/i18n';

/**
 * A fax as the public API shows it (snake_case, @faxline/shared/api-v1 ZV1Fax), from the portal's view of it. Its
 * failure speaks the one taxonomy (decision 119): the class, whether another try may help, and the class's sentence in
 * `language` (the key holder's, or the Accept-Language asked for; a webhook's: the fax's own).
 */
export function toV1Fax(fax: TFax, language: TLanguage): TV1Fax {
  const reason = fax.failureReason;
  return {
    id: fax.id,
    direction: fax.direction,
    status: fax.status,
    read: fax.read,
    from: fax.fromNumber,
    to: fax.toNumber,
    recipient_name: fax.recipientName,
    sender_name: fax.senderName,
    pages: fax.pages,
    pages_sent: fax.pagesSent,
    quality: fax.quality,
    failure_reason: reason,
    retryable: reason ? RETRYABLE_FAX_FAILURES[reason] : null,
    failure_message: reason ? translator(language)(`failureReasons.${reason}`) : null,
    failure_detail: fax.failureMessage,
    uncertain_choice: fax.uncertainChoice ?? null,
    cover_subject: fax.coverSubject,
    channel: fax.channel,
    scheduled_at: fax.scheduledAt,
    next_try_at: fax.nextTryAt,
    created_at: fax.createdAt,
    completed_at: fax.completedAt,
    station_check: fax.stationCheck,
  };
}

/** A fax with its attempts as GET /v1/faxes/{fax_id} shows it (and the webhooks' payload carries it). */
export function toV1FaxDetails(
  fax: TFax & Pick<TFaxDetails, 'attempts' | 'documentClass' | 'classConfidence' | 'fields' | 'pageProblems'>,
  language: TLanguage,
): TV1FaxDetails {
  return {
    ...toV1Fax(fax, language),
    document_class: fax.documentClass,
    class_confidence: fax.classConfidence,
    fields: fax.fields,
    page_problems: fax.pageProblems,
    attempts: fax.attempts.map((attempt) => ({
      number: attempt.number,
      started_at: attempt.startedAt,
      ended_at: attempt.endedAt,
      duration_ms: attempt.durationMs,
      first_page: attempt.firstPage,
      pages_sent: attempt.pagesSent,
      result: attempt.result,
    })),
  };
}
