import {
  MAX_BROADCAST_RECIPIENTS,
  MAX_COVER_MESSAGE_LENGTH,
  MAX_COVER_SUBJECT_LENGTH,
  type TFaxQuality,
  type TFaxQuote,
  type TSendBroadcastRequest,
} from '@faxline/shared';
import { useMemo, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { XIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { useBroadcastQuote, type TBroadcastToQuote } from '../api/quote-broadcast';
import { useSendBroadcast } from '../api/send-broadcast';
import { mergeNumbers, readCsvNumbers, readPastedNumbers, type TReadNumbers } from '../utils/recipient-list';

/** The price is asked for once the form has stayed the same this long. */
const QUOTE_DELAY_MS = 600;

/** A contact chosen one by one: its number, and its name to show. */
type TChosenContact = { number: string; name: string };

/** The parts of the send form the broadcast form shares, put in by the page (features do not import each other). */
export type TBroadcastFormSlots = {
  attachments: (props: { files: File[]; onChange: (files: File[]) => void; disabled: boolean }) => ReactNode;
  quality: (props: { value: TFaxQuality; onChange: (value: TFaxQuality) => void; disabled: boolean }) => ReactNode;
  schedule: (props: { value: string; onChange: (value: string) => void; disabled: boolean; optional: ReactNode }) => ReactNode;
  /** The schedule's value checked: the time to send, or why it cannot be used (already translated). */
  checkSchedule: (value: string) => { ok: true; scheduledAt: string | undefined } | { ok: false; message: string };
  price: (props: { quote: TFaxQuote | undefined; error: unknown }) => ReactNode;
  contactInput: (props: { id: string; describedBy: string; onChoose: (contact: TChosenContact) => void; disabled: boolean }) => ReactNode;
};

const newKey = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

/**
 * A new broadcast (decision 111): recipients from a pasted list, a CSV file, contacts chosen one by one and contact
 * tags, at most MAX_BROADCAST_RECIPIENTS; one document and cover page; a quality, a send time and the whole set's
 * price. Sent, it opens the broadcast's own view.
 */
export function BroadcastForm({ slots }: { slots: TBroadcastFormSlots }) {
  const { t } = useTranslation(['broadcasts', 'messages']);
  const navigate = useNavigate();
  const send = useSendBroadcast();
  const sending = send.isPending;
  const [pasted, setPasted] = useState('');
  const [csv, setCsv] = useState<{ name: string; read: TReadNumbers } | null>(null);
  const [contacts, setContacts] = useState<TChosenContact[]>([]);
  const [tags, setTags] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [coverSubject, setCoverSubject] = useState('');
  const [coverMessage, setCoverMessage] = useState('');
  const [quality, setQuality] = useState<TFaxQuality>('standard');
  const [schedule, setSchedule] = useState('');
  const csvInput = useRef<HTMLInputElement>(null);
  const lastAttempt = useRef<{ signature: string; key: string } | null>(null);

  const typed = useMemo(() => readPastedNumbers(pasted), [pasted]);
  const tagList = useMemo(
    () =>
      tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    [tags],
  );
  const invalid = [...typed.invalid, ...(csv?.read.invalid ?? [])];
  const { numbers, overLimit } = mergeNumbers(
    typed.numbers,
    csv?.read.numbers ?? [],
    contacts.map((c) => c.number),
  );

  /** The request as the server wants it, or null when it cannot go yet (for the price and the send). */
  const request = useMemo((): TSendBroadcastRequest | null => {
    if ((numbers.length === 0 && tagList.length === 0) || overLimit || invalid.length > 0) return null;
    if (files.length === 0 && coverMessage.trim() === '') return null;
    return {
      recipients: numbers,
      tags: tagList,
      faxQuality: quality,
      ...(coverSubject.trim() ? { coverSubject: coverSubject.trim() } : {}),
      ...(coverMessage.trim() ? { coverPageMessage: coverMessage.trim() } : {}),
    };
  }, [numbers, tagList, overLimit, invalid.length, files.length, coverMessage, coverSubject, quality]);
  const signature = JSON.stringify([request, files.map((file) => [file.name, file.size, file.lastModified])]);
  const toQuote = useMemo((): TBroadcastToQuote | null => (request ? { request, files, signature } : null), [request, files, signature]);
  const settled = useDebouncedValue(toQuote, QUOTE_DELAY_MS);
  const quoted = useBroadcastQuote(settled);
  const current = settled !== null && settled.signature === toQuote?.signature;
  const shownQuote = current ? quoted.data : undefined;

  const readCsv = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setCsv({ name: file.name, read: readCsvNumbers(await file.text()) });
  };

  const problem = (title: string, description: string) => toast({ title, description, variant: 'destructive' });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (numbers.length === 0 && tagList.length === 0) return problem(t('form.noRecipientsTitle'), t('form.noRecipients'));
    if (invalid.length > 0) return problem(t('form.recipientsTitle'), t('form.invalid', { entries: invalid.slice(0, 5).join(', ') }));
    if (overLimit) return problem(t('form.recipientsTitle'), t('form.overLimit', { count: numbers.length, max: MAX_BROADCAST_RECIPIENTS }));
    if (!request) return problem(t('form.nothingTitle'), t('form.nothing'));
    const when = slots.checkSchedule(schedule);
    if (!when.ok) return problem(t('form.scheduleTitle'), when.message);
    const body: TSendBroadcastRequest = {
      ...request,
      ...(when.scheduledAt ? { scheduledAt: when.scheduledAt } : {}),
      ...(shownQuote ? { quotedTotalCents: shownQuote.totalCents } : {}),
    };
    const sendSignature = JSON.stringify([body, signature]);
    const idempotencyKey = lastAttempt.current?.signature === sendSignature ? lastAttempt.current.key : newKey();
    lastAttempt.current = { signature: sendSignature, key: idempotencyKey };
    try {
      const result = await send.mutateAsync({ request: body, files, idempotencyKey });
      lastAttempt.current = null;
      toast({ title: t('form.sentTitle'), description: result.message });
      void navigate(paths.user.broadcast.getHref(result.broadcastId));
    } catch (error) {
      problem(t('form.failedTitle'), error instanceof ApiError && error.message ? error.message : t('form.failedFallback'));
    }
  };

  const optional = <span className="font-normal text-muted-foreground">{t('form.optional')}</span>;

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-6 rounded-lg border p-4 sm:p-6"
      aria-busy={sending}
    >
      <fieldset className="flex flex-col gap-5">
        <legend className="mb-2 text-lg font-semibold">{t('form.recipientsLegend')}</legend>
        <div className="flex flex-col gap-2">
          <Label htmlFor="broadcast-numbers">{t('form.pasteLabel')}</Label>
          <Textarea
            id="broadcast-numbers"
            value={pasted}
            onChange={(event) => setPasted(event.target.value)}
            disabled={sending}
            rows={4}
            aria-describedby="broadcast-numbers-description"
            aria-invalid={typed.invalid.length > 0 || undefined}
          />
          <p id="broadcast-numbers-description" className="text-sm text-muted-foreground">
            {t('form.pasteDescription')}
          </p>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="broadcast-csv">{t('form.csvLabel')}</Label>
          <Input
            ref={csvInput}
            id="broadcast-csv"
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void readCsv(event)}
            disabled={sending}
            aria-describedby="broadcast-csv-description"
            aria-invalid={(csv?.read.invalid.length ?? 0) > 0 || undefined}
          />
          <p id="broadcast-csv-description" className="text-sm text-muted-foreground">
            {csv ? t('form.csvRead', { count: csv.read.numbers.length, file: csv.name }) : t('form.csvDescription')}
          </p>
          {csv ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => {
                setCsv(null);
                if (csvInput.current) csvInput.current.value = '';
              }}
            >
              {t('form.csvRemove')}
            </Button>
          ) : null}
        </div>
        <div className="grid gap-5 md:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor="broadcast-contact">{t('form.contactLabel')}</Label>
            {slots.contactInput({
              id: 'broadcast-contact',
              describedBy: 'broadcast-contact-description',
              disabled: sending,
              onChoose: (contact) => setContacts((list) => (list.some((c) => c.number === contact.number) ? list : [...list, contact])),
            })}
            <p id="broadcast-contact-description" className="text-sm text-muted-foreground">
              {t('form.contactDescription')}
            </p>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="broadcast-tags">{t('form.tagsLabel')}</Label>
            <Input
              id="broadcast-tags"
              value={tags}
              onChange={(event) => setTags(event.target.value)}
              disabled={sending}
              aria-describedby="broadcast-tags-description"
            />
            <p id="broadcast-tags-description" className="text-sm text-muted-foreground">
              {t('form.tagsDescription')}
            </p>
          </div>
        </div>
        {contacts.length > 0 ? (
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium">{t('form.chosenContacts')}</p>
            <ul className="flex flex-wrap gap-2">
              {contacts.map((contact) => (
                <li key={contact.number} className="flex items-center gap-1 rounded-full border px-3 py-1 text-sm">
                  <span>{contact.name}</span>
                  <button
                    type="button"
                    className="rounded-full p-0.5 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
                    aria-label={t('form.removeContact', { name: contact.name })}
                    onClick={() => setContacts((list) => list.filter((c) => c.number !== contact.number))}
                  >
                    <XIcon className="size-3.5" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div role="status" className="text-sm">
          <p className="font-medium">{t('form.count', { count: numbers.length })}</p>
          {invalid.length > 0 ? <p className="text-destructive">{t('form.invalid', { entries: invalid.slice(0, 5).join(', ') })}</p> : null}
          {overLimit ? (
            <p className="text-destructive">{t('form.overLimit', { count: numbers.length, max: MAX_BROADCAST_RECIPIENTS })}</p>
          ) : null}
        </div>
      </fieldset>

      {slots.attachments({ files, onChange: setFiles, disabled: sending })}

      <div className="flex flex-col gap-2">
        <Label htmlFor="broadcast-cover-subject">
          {t('form.coverSubjectLabel')} {optional}
        </Label>
        <Input
          id="broadcast-cover-subject"
          maxLength={MAX_COVER_SUBJECT_LENGTH}
          value={coverSubject}
          onChange={(event) => setCoverSubject(event.target.value)}
          disabled={sending}
          aria-describedby="broadcast-cover-description"
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="broadcast-cover-message">
          {t('form.coverMessageLabel')} {optional}
        </Label>
        <Textarea
          id="broadcast-cover-message"
          maxLength={MAX_COVER_MESSAGE_LENGTH}
          value={coverMessage}
          onChange={(event) => setCoverMessage(event.target.value)}
          disabled={sending}
          aria-describedby="broadcast-cover-description"
        />
        <p id="broadcast-cover-description" className="text-sm text-muted-foreground">
          {t('form.coverDescription')}
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-2">{slots.quality({ value: quality, onChange: setQuality, disabled: sending })}</div>
      {slots.schedule({ value: schedule, onChange: setSchedule, disabled: sending, optional })}
      {slots.price({ quote: shownQuote, error: current && quoted.isError ? quoted.error : null })}
      <div>
        <Button type="submit" disabled={sending}>
          {sending ? t('form.submitting') : numbers.length > 0 ? t('form.submit', { count: numbers.length }) : t('form.submitTags')}
        </Button>
      </div>
    </form>
  );
}
