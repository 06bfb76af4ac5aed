import type { TTicketMessage } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { formatFileSize } from '@/lib/format-units';
import { useDateFormat } from '@/lib/use-date-format';
import { cn } from '@/lib/utils';

import { adminTicketAttachmentHref } from '../api/get-admin-ticket';

/**
 * The conversation, oldest first: the person's messages on one side (with how they were written and the files they
 * sent), the support team's replies set off.
 */
export function TicketThread({ ticketId, messages }: { ticketId: string; messages: readonly TTicketMessage[] }) {
  const { t, i18n } = useTranslation('admin-support');
  const dates = useDateFormat();

  return (
    <ol className="flex flex-col gap-4" aria-label={t('tickets.view.thread')}>
      {messages.map((message) => {
        const fromTeam = message.author === 'admin';
        return (
          <li
            key={message.id}
            className={cn(
              'flex flex-col gap-2 rounded-lg border p-4',
              fromTeam ? 'border-l-4 border-l-primary bg-accent/40 sm:ml-8' : 'sm:mr-8',
            )}
          >
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-semibold">{message.authorName}</span>
              <span className="text-muted-foreground">
                {fromTeam ? t('tickets.view.supportTeam') : t('tickets.view.customer')}
                {message.via === 'email' ? ` · ${t('tickets.view.byEmail')}` : null}
              </span>
              <time className="text-muted-foreground sm:ml-auto" dateTime={message.createdAt}>
                {dates.dateTime(message.createdAt)}
              </time>
            </p>
            {/* Plain text as written: line breaks kept, nothing interpreted. */}
            {message.body ? <p className="break-words whitespace-pre-wrap">{message.body}</p> : null}
            {message.attachments.length > 0 ? (
              <ul aria-label={t('tickets.view.files')} className="flex flex-wrap gap-2">
                {message.attachments.map((file) => (
                  <li key={file.id}>
                    <a
                      href={adminTicketAttachmentHref(ticketId, file.id)}
                      download={file.name}
                      className="inline-flex rounded-md border px-3 py-1 text-sm text-primary underline-offset-4 hover:underline"
                    >
                      {t('tickets.view.download', { name: file.name, size: formatFileSize(file.size, i18n.language) })}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
