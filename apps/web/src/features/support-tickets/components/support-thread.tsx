import type { TTicketMessage } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { MessageThread } from '@/components/ui/message-thread';
import { formatFileSize } from '@/lib/format-units';

import { supportAttachmentHref } from '../api/get-support-ticket';

/** The conversation as the person sees it: their own messages ("You"), and the team's answers set off. */
export function SupportThread({ ticketId, messages }: { ticketId: string; messages: readonly TTicketMessage[] }) {
  const { t, i18n } = useTranslation('support-tickets');
  return (
    <MessageThread
      messages={messages}
      reader="customer"
      byline={(message) =>
        message.author === 'admin'
          ? { name: message.authorName, detail: t('view.team') }
          : { name: t('view.you'), detail: message.via === 'email' ? t('view.byEmail') : null }
      }
      attachmentHref={(attachmentId) => supportAttachmentHref(ticketId, attachmentId)}
      labels={{
        thread: t('view.thread'),
        files: t('view.files'),
        download: (file) => t('view.download', { name: file.name, size: formatFileSize(file.size, i18n.language) }),
      }}
    />
  );
}
