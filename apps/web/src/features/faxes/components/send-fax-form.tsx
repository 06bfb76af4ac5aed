import {
  formatAsTyped,
  MAX_COVER_MESSAGE_LENGTH,
  MAX_COVER_SUBJECT_LENGTH,
  MAX_RECIPIENT_NAME_LENGTH,
  type TFaxPreviewResponse,
  type TFaxQuality,
} from '@faxline/shared';
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useSettings } from '@/lib/account/get-settings';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useFormProblem } from '@/lib/form-problem';
import { toast } from '@/lib/toast';
import { useDateFormat } from '@/lib/use-date-format';

import { useDebouncedValue } from '@/lib/use-debounced-value';

import { usePreviewFax } from '../api/preview-fax';
import { useSendQuote, type TSendToQuote } from '../api/quote-fax';
import { useSendFax } from '../api/send-fax';
import { checkSendFax, SEND_PROBLEM_NAMESPACES, type TSendField, type TSendProblemKey } from '../utils/send-checks';
import { newIdempotencyKey, submissionSignature } from '../utils/send-form-data';

import { AttachmentPicker, withIds, type TAttachment, type TAttachSourceRenderer } from './attachment-picker';
import { ExpectedStationField } from './expected-station-field';
import { FaxPreview } from './fax-preview';
import { FromNumberField } from './from-number-field';
import { QualityField } from './quality-field';
import { ScheduleField } from './schedule-field';
import { SendPrice } from './send-price';
import { SentNotice, type TSentFax } from './sent-notice';

const COVER_ONLY_NOTICE_MS = 7_000;
/** The price is asked for once the form has stayed the same this long, not at every key. */
const QUOTE_DELAY_MS = 600;

const EMPTY = { recipient: '', recipientName: '', expectedStationId: '', coverSubject: '', coverMessage: '', schedule: '' };
type TTextField = keyof typeof EMPTY;

/**
 * A recipient picked elsewhere (a contact): its number, the name for the cover page, and the station id its machine
 * should announce (decision 121).
 */
export type TRecipient = { number: string; name: string; stationId?: string | null };

/** The recipient's input, when another part of the app supplies it (the address book's suggestions). */
export type TRecipientInputRenderer = (
  props: ComponentProps<'input'> & { value: string; onChoose: (choice: TRecipient) => void },
) => ReactNode;

type TSendFaxFormProps = {
  /** Fills the recipient at first (`?to=&name=`, from the Contacts page). */
  initialRecipient?: Partial<TRecipient>;
  /** Renders the recipient's input instead of a plain one, with the same props and a way to choose a recipient. */
  renderRecipientInput?: TRecipientInputRenderer;
  /** Another way to attach files beside the picker (the camera scanner). */
  renderAttachSource?: TAttachSourceRenderer;
  /** Files that arrive after the form opened (shared from another app): added to the attachments as they come. */
  arrivingFiles?: File[];
};

/** /user/send-fax (spec 001 §2.6, §5): recipient, quality, files in order, cover page, schedule, preview, send. */
export function SendFaxForm({ initialRecipient, renderRecipientInput, renderAttachSource, arrivingFiles }: TSendFaxFormProps = {}) {
  const { t } = useTranslation(['faxes', 'messages']);
  const dates = useDateFormat();
  const { user, refresh } = useAuth();
  const sendFax = useSendFax();
  const previewFax = usePreviewFax();
  const { report, fieldProps, clear } = useFormProblem<TSendField, TSendProblemKey>(SEND_PROBLEM_NAMESPACES);
  const [texts, setTexts] = useState(() => ({
    ...EMPTY,
    recipient: initialRecipient?.number ? formatAsTyped(initialRecipient.number) : '',
    recipientName: initialRecipient?.name ?? '',
    expectedStationId: initialRecipient?.stationId ?? '',
  }));
  // The saved default (spec 001 §2.5) until the person picks another quality for this fax.
  const defaultQuality = useSettings().data?.defaultFaxQuality;
  const [chosenQuality, setQuality] = useState<TFaxQuality | null>(null);
  const quality = chosenQuality ?? defaultQuality ?? 'standard';
  const [fromNumber, setFromNumber] = useState('');
  const [attachments, setAttachments] = useState<TAttachment[]>([]);
  useEffect(() => {
    if (arrivingFiles?.length) setAttachments((current) => [...current, ...withIds(arrivingFiles)]);
  }, [arrivingFiles]);
  const [preview, setPreview] = useState<{ signature: string; result: TFaxPreviewResponse } | null>(null);
  const [sent, setSent] = useState<TSentFax | null>(null);
  // The key of the last submission that did not succeed: sending the unchanged form again reuses it.
  const lastAttempt = useRef<{ signature: string; key: string } | null>(null);
  const sending = sendFax.isPending;
  const busy = sending || previewFax.isPending;

  const change = (field: TTextField) => (value: string) => {
    setTexts((current) => ({ ...current, [field]: value }));
    clear(field);
    if (field === 'coverMessage') clear('attachments');
  };

  // Formats as typed or pasted ("+1 555 123 4567"); while deleting, what is left is kept as it is, so that Backspace
  // is not fought over the spaces it would remove. Letters are a contact's name being looked up: kept as typed.
  const changeRecipient = (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    const deleting = (event.nativeEvent as InputEvent).inputType?.startsWith('delete') ?? false;
    // A list ("+15550100000, +15550100005") stays as typed too: formatting would keep its first number only, and the
    // check says that a list is a broadcast.
    change('recipient')(deleting || /[\p{L},;\n\t]/u.test(value) ? value : formatAsTyped(value));
  };

  const chooseRecipient = (choice: TRecipient) => {
    setTexts((current) => ({
      ...current,
      recipient: formatAsTyped(choice.number),
      recipientName: choice.name.slice(0, MAX_RECIPIENT_NAME_LENGTH),
      expectedStationId: choice.stationId ?? '',
    }));
    clear('recipient');
    clear('recipientName');
    clear('expectedStationId');
  };

  const formSignature = useMemo(
    () =>
      JSON.stringify([
        texts.recipient,
        texts.recipientName,
        texts.expectedStationId,
        texts.coverSubject,
        texts.coverMessage,
        quality,
        fromNumber,
        attachments.map((a) => a.id),
      ]),
    [texts, quality, fromNumber, attachments],
  );

  /** The spec's checks of the form as it stands; `schedule` empty checks it as sent now (a preview, a quote). */
  const checkForm = (schedule: string) =>
    checkSendFax(
      {
        signedIn: Boolean(user),
        recipient: texts.recipient,
        recipientName: texts.recipientName,
        expectedStationId: texts.expectedStationId,
        faxQuality: quality,
        fromNumber,
        fileCount: attachments.length,
        coverSubject: texts.coverSubject,
        coverMessage: texts.coverMessage,
        schedule,
      },
      new Date(),
      dates.timeZone,
    );

  // What the send would cost beyond the plan, asked for as the form changes (decision 096): shown before sending, and
  // its total goes with the send, which the server refuses (409) when the price has gone up since.
  const toQuote = useMemo((): TSendToQuote | null => {
    const checked = checkForm('');
    return checked.ok ? { request: checked.request, files: attachments.map((a) => a.file), signature: formSignature } : null;
    // formSignature changes with every input the check reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formSignature, user]);
  const settled = useDebouncedValue(toQuote, QUOTE_DELAY_MS);
  const quoted = useSendQuote(settled);
  // The answer is for the form as it was asked; once the form changes, it is not shown until asked again.
  const current = settled !== null && settled.signature === toQuote?.signature;
  const shownQuote = current ? quoted.data : undefined;

  /** The spec's checks and the request as the API wants it; null (after saying why) when the form cannot go. */
  const prepare = (forPreview: boolean) => {
    const checked = checkForm(forPreview ? '' : texts.schedule);
    if (!checked.ok) {
      report(checked.problem);
      return null;
    }
    return { checked, request: checked.request, files: attachments.map((a) => a.file) };
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const prepared = prepare(false);
    if (!prepared) return;
    const { checked, request, files } = prepared;
    if (checked.coverOnly) {
      toast({ title: t('send.errors.coverOnlyTitle'), description: t('send.errors.coverOnlyDescription'), duration: COVER_ONLY_NOTICE_MS });
    }
    const signature = submissionSignature(request, files);
    const priced = shownQuote ? { ...request, quotedTotalCents: shownQuote.totalCents } : request;
    const idempotencyKey = lastAttempt.current?.signature === signature ? lastAttempt.current.key : newIdempotencyKey();
    lastAttempt.current = { signature, key: idempotencyKey };
    setSent(null);
    try {
      const result = await sendFax.mutateAsync({ request: priced, files, idempotencyKey });
      lastAttempt.current = null;
      setTexts(EMPTY);
      setAttachments([]);
      setPreview(null);
      // A scheduled time is said here, in the person's own time zone; the server's sentence would use its own.
      const message = request.scheduledAt
        ? t('messages:faxes.scheduled', {
            number: request.recipientNumber,
            date: dates.dateTime(request.scheduledAt),
          })
        : result.message || t('messages:faxes.accepted', { number: request.recipientNumber });
      setSent({ number: request.recipientNumber, line: result.line, message });
      toast({
        title: t('send.sentTitle'),
        description: (
          <>
            <span className="block">{message}</span>
            {result.line === 'sandbox' ? <span className="mt-1 block">{t('send.sentSandbox')}</span> : null}
          </>
        ),
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        report({ field: null, title: 'send.errors.authTitle', description: 'send.errors.authDescription' });
        void refresh().catch(() => null);
        return;
      }
      toast({
        title: t('send.failedTitle'),
        description: error instanceof ApiError && error.message ? error.message : t('send.failedFallback'),
        variant: 'destructive',
      });
    }
  };

  const showPreview = async () => {
    if (busy) return;
    const prepared = prepare(true);
    if (!prepared) return;
    const signature = formSignature;
    try {
      const result = await previewFax.mutateAsync({ request: prepared.request, files: prepared.files });
      setPreview({ signature, result });
    } catch (error) {
      toast({
        title: t('send.previewFailedTitle'),
        description: error instanceof ApiError && error.message ? error.message : t('send.failedFallback'),
        variant: 'destructive',
      });
    }
  };

  const optional = <span className="font-normal text-muted-foreground">{t('send.optional')}</span>;

  return (
    <div className="flex flex-col gap-8">
      {sent ? <SentNotice fax={sent} /> : null}
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-6 rounded-lg border p-4 sm:p-6"
        aria-busy={sending}
      >
        <div className="grid gap-6 md:grid-cols-2">
          <FromNumberField value={fromNumber} onChange={setFromNumber} disabled={sending} />
          <QualityField value={quality} onChange={setQuality} disabled={sending} />
          <div className="flex flex-col gap-2">
            <Label htmlFor="fax-recipient">{t('send.recipientLabel')}</Label>
            {(renderRecipientInput ?? plainInput)({
              id: 'fax-recipient',
              name: 'recipient',
              type: 'tel',
              inputMode: 'tel',
              autoComplete: 'off',
              placeholder: t('send.recipientPlaceholder'),
              value: texts.recipient,
              onChange: changeRecipient,
              onChoose: chooseRecipient,
              disabled: sending,
              'aria-describedby': 'fax-recipient-description',
              ...fieldProps('recipient'),
            })}
            <p id="fax-recipient-description" className="text-sm text-muted-foreground">
              {t('send.recipientDescription')}
            </p>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="fax-recipient-name">
              {t('send.recipientNameLabel')} {optional}
            </Label>
            <Input
              id="fax-recipient-name"
              name="recipientName"
              autoComplete="off"
              maxLength={MAX_RECIPIENT_NAME_LENGTH}
              value={texts.recipientName}
              onChange={(event) => change('recipientName')(event.target.value)}
              disabled={sending}
              {...fieldProps('recipientName')}
            />
          </div>
          <ExpectedStationField
            value={texts.expectedStationId}
            onChange={change('expectedStationId')}
            disabled={sending}
            fieldProps={fieldProps('expectedStationId')}
          />
        </div>

        <AttachmentPicker
          attachments={attachments}
          onChange={(next) => {
            setAttachments(next);
            clear('attachments');
          }}
          disabled={sending}
          zoneRef={fieldProps('attachments').ref}
          invalid={fieldProps('attachments')['aria-invalid']}
          renderAttachSource={renderAttachSource}
        />

        <div className="flex flex-col gap-2">
          <Label htmlFor="fax-cover-subject">
            {t('send.coverSubjectLabel')} {optional}
          </Label>
          <Input
            id="fax-cover-subject"
            name="coverSubject"
            maxLength={MAX_COVER_SUBJECT_LENGTH}
            value={texts.coverSubject}
            onChange={(event) => change('coverSubject')(event.target.value)}
            disabled={sending}
            {...fieldProps('coverSubject')}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="fax-cover-message">
            {t('send.coverMessageLabel')} {optional}
          </Label>
          <Textarea
            id="fax-cover-message"
            name="coverMessage"
            maxLength={MAX_COVER_MESSAGE_LENGTH}
            value={texts.coverMessage}
            onChange={(event) => change('coverMessage')(event.target.value)}
            disabled={sending}
            aria-describedby="fax-cover-message-description"
            {...fieldProps('coverMessage')}
          />
          <p id="fax-cover-message-description" className="text-sm text-muted-foreground">
            {t('send.coverMessageDescription')}
          </p>
        </div>
        <ScheduleField
          value={texts.schedule}
          onChange={change('schedule')}
          disabled={sending}
          optional={optional}
          dayProps={fieldProps('schedule')}
        />

        <SendPrice quote={shownQuote} error={current && quoted.isError ? quoted.error : null} />

        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {sending ? t('send.submitting') : t('send.submit')}
          </Button>
          <Button type="button" variant="outline" disabled={busy} onClick={() => void showPreview()}>
            {previewFax.isPending ? t('send.previewing') : t('send.preview')}
          </Button>
        </div>
      </form>
      {preview ? <FaxPreview preview={preview.result} stale={preview.signature !== formSignature} /> : null}
    </div>
  );
}

/** The recipient's input when no other part of the app supplies one. */
const plainInput: TRecipientInputRenderer = ({ onChoose: _onChoose, ...props }) => <Input {...props} />;
