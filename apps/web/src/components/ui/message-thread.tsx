import type { TTicketMessage } from '@faxline/shared';
import type { ReactNode } from 'react';

import { useDateFormat } from '@/lib/use-date-format';
import { cn } from '@/lib/utils';

type TMessageThreadProps = {
  messages: readonly TTicketMessage[];
  /** Which side is the reader's own: the team's answers are set off on the other side. */
  reader: 'customer' | 'team';
  /** Who wrote a message and how, as the reader names them ("You", "Support team · by e-mail"). */
  byline: (message: TTicketMessage) => { name: string; detail: string | null };
  /** Where a message's file downloads for this reader (each side has its own route, checking its own rights). */
  attachmentHref: (attachmentId: string) => string;
  labels: { thread: string; files: string; download: (file: { name: string; size: number }) => ReactNode };
};

/**
 * A support ticket's conversation, oldest first: the person's messages on one side, the support team's answers set
 * off on the other, each with the files it carried. The customer's /user/support and the back office show the same
 * thread; only the words and the download routes are each side's.
 */
export function MessageThread({ messages, reader, byline, attachmentHref, labels }: TMessageThreadProps) {
  const dates = useDateFormat();
  return (
    <ol className="flex flex-col gap-4" aria-label={labels.thread}>
      {messages.map((message) => {
        const fromTeam = message.author === 'admin';
        const fromReader = fromTeam === (reader === 'team');
        const { name, detail } = byline(message);
        return (
          <li
            key={message.id}
            className={cn(
              'flex flex-col gap-2 rounded-lg border p-4',
              fromTeam && 'border-l-4 border-l-primary bg-accent/40',
              fromReader ? 'sm:ml-8' : 'sm:mr-8',
            )}
          >
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-semibold">{name}</span>
              {detail ? <span className="text-muted-foreground">{detail}</span> : null}
              <time className="text-muted-foreground sm:ml-auto" dateTime={message.createdAt}>
                {dates.dateTime(message.createdAt)}
              </time>
            </p>
            {/* Plain text as written: line breaks kept, nothing interpreted. */}
            {message.body ? <p className="break-words whitespace-pre-wrap">{message.body}</p> : null}
            {message.attachments.length > 0 ? (
              <ul aria-label={labels.files} className="flex flex-wrap gap-2">
                {message.attachments.map((file) => (
                  <li key={file.id}>
                    <a
                      href={attachmentHref(file.id)}
                      download={file.name}
                      className="inline-flex rounded-md border px-3 py-1 text-sm text-primary underline-offset-4 hover:underline"
                    >
                      {labels.download(file)}
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
