import type { TTicketMessage } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { MessageThread } from '@/components/ui/message-thread';
import { formatFileSize } from '@/lib/format-units';

import { adminTicketAttachmentHref } from '../api/get-admin-ticket';

/** The conversation as the support team sees it: each message's author, how it was written, and its files. */
export function TicketThread({ ticketId, messages }: { ticketId: string; messages: readonly TTicketMessage[] }) {
  const { t, i18n } = useTranslation('admin-support');
  return (
    <MessageThread
      messages={messages}
      reader="team"
      byline={(message) => ({
        name: message.authorName,
        detail:
          (message.author === 'admin' ? t('tickets.view.supportTeam') : t('tickets.view.customer')) +
          (message.via === 'email' ? ` · ${t('tickets.view.byEmail')}` : ''),
      })}
      attachmentHref={(attachmentId) => adminTicketAttachmentHref(ticketId, attachmentId)}
      labels={{
        thread: t('tickets.view.thread'),
        files: t('tickets.view.files'),
        download: (file) => t('tickets.view.download', { name: file.name, size: formatFileSize(file.size, i18n.language) }),
      }}
    />
  );
}
