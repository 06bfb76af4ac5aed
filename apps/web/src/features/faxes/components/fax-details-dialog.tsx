import { FAX_RESOLUTIONS, type TFaxDetails } from '@faxline/shared';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { useDateFormat } from '@/lib/use-date-format';

import { faxThumbnailUrl } from '../api/download-fax';
import { useFax } from '../api/get-fax';
import { useFaxActions } from '../hooks/use-fax-actions';
import { CHANNEL_NAMES } from '../utils/fax-channel';
import { canCancel, canDelete, canResend } from '../utils/fax-status';
import { formatFileSize, formatNumber } from '../utils/format';

import { CancelFaxDialog } from './cancel-fax-dialog';
import { AttemptsTable } from './fax-attempts';
import { DeleteFaxDialog } from './delete-fax-dialog';
import { DocumentClass } from './document-class';
import { FaxFailure } from './fax-failure';
import { FaxPlacement } from './fax-placement';
import { FaxStatus } from './fax-status';
import { FhirExports } from './fhir-exports';
import { FaxRetention } from './fax-retention';
import { PageProblems } from './page-problems';
import { StationCheck } from './station-check';

/** Each line's name in the details (a line added to FAX_LINES must be named here: the type says so). */
const LINE_LABELS = {
  internal: 'details.lineInternal',
  sandbox: 'details.lineSandbox',
  hylafax: 'details.lineHylafax',
  telnyx: 'details.lineTelnyx',
  signalwire: 'details.lineSignalwire',
  sinch: 'details.lineSinch',
} as const satisfies Record<NonNullable<TFaxDetails['line']>, string>;

type TFaxDetailsDialogProps = {
  faxId: string;
  onClose: () => void;
  /** Where focus goes back to when the dialog closes (the row's menu button). */
  returnFocusTo: HTMLElement | null;
};

/**
 * View Details (spec 001 §2.7): status, recipient or sender, pages, quality, times, each attempt with its result, the
 * failure message, the first page and the PDF; when the next try is due; and the actions. A resent fax and
 * the fax it repeats link to each other: following the link shows that fax here. Opening a received fax marks it read
 * (the server does, the lists follow).
 */
export function FaxDetailsDialog({ faxId, onClose, returnFocusTo }: TFaxDetailsDialogProps) {
  const { t } = useTranslation('faxes');
  const [shownId, setShownId] = useState(faxId);
  const fax = useFax(shownId);
  const data = fax.data;
  const description = data
    ? data.direction === 'outbound'
      ? t('details.sentDescription', { number: formatNumber(data.toNumber, '') })
      : t('details.receivedDescription', { number: formatNumber(data.fromNumber, t('history.unknownSender')) })
    : fax.isError
      ? t('details.loadFailed')
      : t('details.loading');

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        closeLabel={t('details.close')}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo?.focus();
        }}
      >
        <DialogTitle>{t('details.title')}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {fax.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {fax.error instanceof ApiError ? fax.error.message : t('details.loadFailed')}
          </p>
        ) : null}
        {data ? <FaxDetailsBody key={data.id} fax={data} onShow={setShownId} onDeleted={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type TFaxDetailsBodyProps = {
  fax: TFaxDetails;
  /** Shows another fax in the dialog: the one this resends, or one sent again from this. */
  onShow: (id: string) => void;
  onDeleted: () => void;
};

function FaxDetailsBody({ fax, onShow, onDeleted }: TFaxDetailsBodyProps) {
  const { t, i18n } = useTranslation(['faxes', 'messages']);
  const dates = useDateFormat();
  const sent = fax.direction === 'outbound';
  const when = (iso: string | null) => (iso ? dates.dateTime(iso) : t('details.notYet'));
  const rows: Array<[string, ReactNode]> = [
    [t('details.status'), <FaxStatus key="status" fax={fax} />],
    [t('details.from'), formatNumber(fax.fromNumber, t('history.unknownSender'))],
    [t('details.to'), formatNumber(fax.toNumber, '')],
  ];
  if (sent && fax.recipientName) rows.push([t('details.recipientName'), fax.recipientName]);
  if (!sent) rows.push([t('details.senderName'), fax.senderName ?? t('history.unknownSender')]);
  if (fax.coverSubject) rows.push([t('details.subject'), fax.coverSubject]);
  // A sent fax that ended short also says how many pages the receiver confirmed: what the month counts.
  const endedShort = fax.pages !== null && fax.pagesSent !== null && fax.pagesSent !== fax.pages;
  rows.push([
    t('details.pages'),
    endedShort ? t('details.pagesConfirmed', { sent: fax.pagesSent, pages: fax.pages }) : (fax.pages ?? t('details.notYet')),
  ]);
  rows.push([
    t('details.quality'),
    t('send.qualityOption', { name: t(`quality.${fax.quality}`), resolution: FAX_RESOLUTIONS[fax.quality].label }),
  ]);
  if (fax.line) rows.push([t('details.line'), t(LINE_LABELS[fax.line])]);
  if (sent) rows.push([t('details.channel'), t(CHANNEL_NAMES[fax.channel])]);
  rows.push([sent ? t('details.created') : t('details.received'), when(fax.createdAt)]);
  if (fax.scheduledAt) rows.push([t('details.scheduled'), when(fax.scheduledAt)]);
  if (fax.nextTryAt && fax.retryReason && fax.nextTry) {
    rows.push([
      t('details.nextTryLabel'),
      t('details.nextTry', {
        reason: t(retryReasonKey(fax.retryReason)),
        time: dates.soon(fax.nextTryAt),
        number: fax.nextTry.number,
        of: fax.nextTry.of,
      }),
    ]);
  }
  if (sent) rows.push([t('details.completed'), when(fax.completedAt)]);
  if (fax.resentFromId) {
    const original = fax.resentFromId;
    rows.push([
      t('details.resentFrom'),
      <Button key="original" type="button" variant="link" className="h-auto p-0" onClick={() => onShow(original)}>
        {t('details.viewOriginal')}
      </Button>,
    ]);
  }
  if (fax.resends.length > 0) {
    rows.push([
      t('details.resentAs'),
      <ul key="resends" className="flex flex-col items-start">
        {fax.resends.map((resend) => (
          <li key={resend.id}>
            <Button type="button" variant="link" className="h-auto p-0" onClick={() => onShow(resend.id)}>
              {t('details.viewResend', { date: dates.dateTime(resend.createdAt) })}
            </Button>
          </li>
        ))}
      </ul>,
    ]);
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-6 sm:flex-row">
        <dl className="grid flex-1 grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-medium text-muted-foreground">{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {fax.hasThumbnail ? (
          <img
            src={faxThumbnailUrl(fax.id)}
            alt={t('details.thumbnailAlt')}
            className="h-auto w-40 self-start rounded border bg-white shadow-sm"
          />
        ) : null}
      </div>

      <StationCheck fax={fax} />

      <FaxFailure fax={fax} onShow={onShow} />

      {fax.files.length > 0 ? (
        <section aria-labelledby="fax-files-heading" className="flex flex-col gap-2">
          <h3 id="fax-files-heading" className="font-semibold">
            {t('details.files')}
          </h3>
          <ol className="list-decimal pl-5 text-sm">
            {fax.files.map((file, index) => (
              <li key={`${file.name}-${index}`}>
                <span translate="no">{file.name}</span>{' '}
                <span className="text-muted-foreground">({formatFileSize(file.size, i18n.language)})</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {!sent && fax.pageProblems.length > 0 ? <PageProblems fax={fax} onShow={onShow} /> : null}
      {fax.documentClass ? <DocumentClass key={fax.documentClass} fax={{ ...fax, documentClass: fax.documentClass }} /> : null}
      {!sent && fax.placement ? <FaxPlacement fax={{ id: fax.id, placement: fax.placement }} /> : null}
      {sent || fax.attempts.length > 0 ? <AttemptsTable fax={fax} /> : null}
      {sent ? null : <FhirExports faxId={fax.id} />}
      <FaxRetention fax={fax} />

      <FaxDetailsActions fax={fax} onShow={onShow} onDeleted={onDeleted} />
    </div>
  );
}

/** Why a fax waits for another try, in a few words ("Line busy"). */
function retryReasonKey(reason: NonNullable<TFaxDetails['retryReason']>) {
  // "No answer" is short already: the shared catalogue's text serves.
  return reason === 'busy' || reason === 'line_quality'
    ? (`details.retryReasons.${reason}` as const)
    : (`messages:failureReasons.${reason}` as const);
}

/** What can be done with the fax from its details: the same actions as its history row. */
function FaxDetailsActions({ fax, onShow, onDeleted }: TFaxDetailsBodyProps) {
  const { t } = useTranslation('faxes');
  // The evidence pack's words are the receipts feature's, with its verify page.
  const { t: receipts } = useTranslation('receipts');
  const actions = useFaxActions();
  const [asking, setAsking] = useState<'cancel' | 'delete' | null>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const resend = async () => {
    const id = await actions.resend(fax);
    if (id) onShow(id);
  };
  return (
    <div ref={actionsRef} role="group" aria-label={t('details.actions')} className="flex flex-wrap gap-2">
      {fax.hasDocument ? (
        <Button type="button" onClick={() => void actions.download(fax, 'document')}>
          {t('details.download')}
        </Button>
      ) : null}
      {fax.hasImage ? (
        <Button type="button" variant="outline" onClick={() => void actions.download(fax, 'image')}>
          {t('details.downloadImage')}
        </Button>
      ) : null}
      {fax.hasReceipt ? (
        <Button type="button" variant="outline" onClick={() => void actions.download(fax, 'receipt')}>
          {t('details.downloadReceipt')}
        </Button>
      ) : null}
      {fax.hasReceipt ? (
        <Button type="button" variant="outline" onClick={() => void actions.download(fax, 'evidence-pack')}>
          {receipts('evidencePack.download')}
        </Button>
      ) : null}
      {fax.hasText ? (
        <Button type="button" variant="outline" onClick={() => void actions.download(fax, 'text')}>
          {t('details.downloadText')}
        </Button>
      ) : null}
      {canResend(fax) && !fax.contentDeleted ? (
        <Button type="button" variant="outline" disabled={actions.resending} onClick={() => void resend()}>
          {actions.resending ? t('details.resending') : t('history.resend')}
        </Button>
      ) : null}
      {canCancel(fax) ? (
        <Button type="button" variant="outline" className="text-destructive" onClick={() => setAsking('cancel')}>
          {t('history.cancel')}
        </Button>
      ) : null}
      {canDelete(fax) ? (
        <Button type="button" variant="outline" className="text-destructive" onClick={() => setAsking('delete')}>
          {t('history.delete')}
        </Button>
      ) : null}
      {asking === 'cancel' ? <CancelFaxDialog fax={fax} returnFocusTo={actionsRef.current} onClose={() => setAsking(null)} /> : null}
      {asking === 'delete' ? (
        <DeleteFaxDialog fax={fax} returnFocusTo={actionsRef.current} onClose={() => setAsking(null)} onDeleted={onDeleted} />
      ) : null}
    </div>
  );
}
