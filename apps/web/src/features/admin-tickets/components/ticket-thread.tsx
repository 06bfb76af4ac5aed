import type { TTicketMessage } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { useDateFormat } from '@/lib/use-date-format';
import { cn } from '@/lib/utils';

/** The conversation, oldest first: the person's messages on one side, the support team's replies set off. */
export function TicketThread({ messages }: { messages: readonly TTicketMessage[] }) {
  const { t } = useTranslation('admin-support');
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
              <span className="text-muted-foreground">{fromTeam ? t('tickets.view.supportTeam') : t('tickets.view.customer')}</span>
              <time className="text-muted-foreground sm:ml-auto" dateTime={message.createdAt}>
                {dates.dateTime(message.createdAt)}
              </time>
            </p>
            {/* Plain text as written: line breaks kept, nothing interpreted. */}
            <p className="break-words whitespace-pre-wrap">{message.body}</p>
          </li>
        );
      })}
    </ol>
  );
}
