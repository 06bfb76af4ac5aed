import { ATTACHMENT_EXTENSIONS, MAX_ATTACHMENTS, TICKET_REPLY_MAX_LENGTH } from '@faxline/shared';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { formatFileSize } from '@/lib/format-units';
import { useMaxFileSizeMB } from '@/lib/platform/use-platform-info';
import { toast } from '@/lib/toast';

import { useReplyToSupportTicket } from '../api/reply-to-support-ticket';

type TChosen = { id: number; file: File };
let nextId = 0;

/**
 * The person's reply: words, files, or both. The count and sizes are told here before sending; everything else about
 * a file (its type from its bytes, what a PDF can hide) is the server's check, whose message is shown as it comes.
 */
export function SupportReplyForm({ ticketId }: { ticketId: string }) {
  const { t, i18n } = useTranslation('support-tickets');
  const id = useId();
  const reply = useReplyToSupportTicket();
  const maxFileSizeMB = useMaxFileSizeMB();
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<TChosen[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const added = [...(event.target.files ?? [])];
    event.target.value = '';
    const tooLarge = added.find((file) => file.size > maxFileSizeMB * 1024 * 1024);
    if (tooLarge) return setProblem(t('reply.tooLarge', { name: tooLarge.name, size: maxFileSizeMB }));
    if (files.length + added.length > MAX_ATTACHMENTS) return setProblem(t('reply.tooMany', { count: MAX_ATTACHMENTS }));
    setProblem(null);
    setFiles((current) => [...current, ...added.map((file) => ({ id: ++nextId, file }))]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim() && files.length === 0) {
      setProblem(t('reply.required'));
      field.current?.focus();
      return;
    }
    setProblem(null);
    try {
      await reply.mutateAsync({ id: ticketId, body, files: files.map((chosen) => chosen.file) });
      setBody('');
      setFiles([]);
      toast({ title: t('reply.sentTitle'), description: t('reply.sentDescription') });
    } catch (error) {
      toast({
        title: t('reply.failedTitle'),
        description: error instanceof ApiError ? error.message : t('loadFailed'),
        variant: 'destructive',
      });
    }
  };

  const describedBy = [`${id}-hint`, problem ? `${id}-problem` : null].filter(Boolean).join(' ');
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <Label htmlFor={`${id}-body`}>{t('reply.label')}</Label>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {t('reply.hint')}
      </p>
      <Textarea
        ref={field}
        id={`${id}-body`}
        value={body}
        rows={5}
        maxLength={TICKET_REPLY_MAX_LENGTH}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => setBody(event.target.value)}
      />
      <div className="flex flex-col gap-2">
        <p id={`${id}-files-hint`} className="text-sm text-muted-foreground">
          {t('reply.filesHint', { count: MAX_ATTACHMENTS, size: maxFileSizeMB })}
        </p>
        {/* The browser's own file button speaks the browser's language: this label, drawn as a button, speaks the page's. */}
        <input
          ref={picker}
          id={`${id}-files`}
          type="file"
          multiple
          accept={ATTACHMENT_EXTENSIONS.join(',')}
          aria-describedby={`${id}-files-hint`}
          onChange={choose}
          className="peer sr-only"
        />
        <label
          htmlFor={`${id}-files`}
          className="inline-flex w-fit cursor-pointer items-center rounded-md border bg-background px-3 py-1.5 text-sm font-medium hover:bg-accent peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2"
        >
          {t('reply.files')}
        </label>
        {files.length > 0 ? (
          <ul aria-label={t('reply.chosen')} className="flex flex-col gap-1">
            {files.map(({ id: key, file }) => (
              <li key={key} className="flex items-center justify-between gap-2 rounded-md border px-3 py-1 text-sm">
                <span className="min-w-0 break-all">
                  {file.name} <span className="text-muted-foreground">({formatFileSize(file.size, i18n.language)})</span>
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setFiles((current) => current.filter((chosen) => chosen.id !== key));
                    picker.current?.focus();
                  }}
                >
                  {t('reply.remove', { name: file.name })}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {/* Said at once: a file refused on choosing moves no focus. */}
      <p id={`${id}-problem`} role="alert" className="text-sm font-medium text-destructive empty:hidden">
        {problem}
      </p>
      <div>
        <Button type="submit" disabled={reply.isPending}>
          {reply.isPending ? t('reply.sending') : t('reply.send')}
        </Button>
      </div>
    </form>
  );
}
