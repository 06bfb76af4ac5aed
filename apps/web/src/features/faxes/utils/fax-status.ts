import { displayStatusOf, isInFlightFaxStatus, mayCancelFax, mayResendFax, type TFax } from '@faxline/shared';

export type TStatusTone = 'success' | 'danger' | 'pending' | 'unread' | 'neutral';
export type TStatusIcon = 'check' | 'cross' | 'clock' | 'dot' | 'envelope';
export type TStatusLabelKey =
  | 'status.delivered'
  | 'status.partiallyDelivered'
  | 'status.uncertain'
  | 'status.failed'
  | 'status.processing'
  | 'status.canceled'
  | 'status.read'
  | 'status.unread';
export type TStatusView = { label: TStatusLabelKey; tone: TStatusTone; icon: TStatusIcon };

type TStatusOf = Pick<TFax, 'direction' | 'status' | 'read'> & Partial<Pick<TFax, 'failureReason'>>;

/**
 * Spec 001 §2.7: Delivered and Read show a green check; Failed red; Processing a yellow clock; others neutral. Unread
 * departs from the spec's yellow clock (decision 039): a clock reads as "pending", so an unread fax shows a
 * closed envelope in the primary colour, as mail clients mark new mail. The label is always shown beside the icon, so
 * colour is never the only cue. A partial delivery is not shown as a success: it gets its own label and the neutral
 * icon.
 */
export function statusViewOf(fax: TStatusOf): TStatusView {
  if (fax.direction === 'inbound') {
    return fax.read
      ? { label: 'status.read', tone: 'success', icon: 'check' }
      : { label: 'status.unread', tone: 'unread', icon: 'envelope' };
  }
  if (fax.status === 'received') return { label: 'status.delivered', tone: 'success', icon: 'check' };
  if (fax.status === 'partially_delivered') return { label: 'status.partiallyDelivered', tone: 'neutral', icon: 'dot' };
  // Maybe delivered, maybe not (decision 119): never a success, and not a plain failure either.
  if (fax.status === 'failed' && fax.failureReason === 'uncertain') return { label: 'status.uncertain', tone: 'neutral', icon: 'dot' };
  switch (displayStatusOf(fax.status)) {
    case 'Delivered':
      return { label: 'status.delivered', tone: 'success', icon: 'check' };
    case 'Failed':
      return { label: 'status.failed', tone: 'danger', icon: 'cross' };
    case 'Canceled':
      return { label: 'status.canceled', tone: 'neutral', icon: 'dot' };
    case 'Processing':
      return { label: 'status.processing', tone: 'pending', icon: 'clock' };
  }
}

/** A sent fax may be canceled before it converts and while it waits for its next try (shared `mayCancelFax`). */
export function canCancel(fax: Pick<TFax, 'direction' | 'status' | 'nextTryAt'>): boolean {
  return mayCancelFax(fax);
}

/** A sent fax that has ended may be sent again (shared `mayResendFax`). */
export function canResend(fax: Pick<TFax, 'direction' | 'status'>): boolean {
  return mayResendFax(fax);
}

/** Any fax may be deleted except a sent one still on its way (the server answers 409 then). */
export function canDelete(fax: Pick<TFax, 'direction' | 'status'>): boolean {
  return fax.direction === 'inbound' || !isInFlightFaxStatus(fax.status);
}

/**
 * Whether the document of record exists yet: it is made when the files have been converted, so not while the fax
 * waits or converts, and never for a fax that failed or was stopped before that.
 */
export function canDownload(fax: Pick<TFax, 'status' | 'failureReason'>): boolean {
  if (fax.status === 'queued' || fax.status === 'scheduled' || fax.status === 'converting' || fax.status === 'canceled') return false;
  return fax.failureReason !== 'conversion_error' && fax.failureReason !== 'quota_exceeded';
}

/** Spec 001 §2.7 and the issue: the list updates without a reload while any listed fax is in flight. */
export function needsPolling(faxes: readonly Pick<TFax, 'status'>[] | undefined): boolean {
  return Boolean(faxes?.some((fax) => isInFlightFaxStatus(fax.status)));
}
