import type { TTicketPriority, TTicketStatus } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';

// The words carry the meaning; the colours only help the eye (each pair keeps at least 4.5:1 contrast).
const STATUS_VARIANT = { open: 'default', in_progress: 'accent', closed: 'muted' } as const;
const PRIORITY_CLASS: Record<TTicketPriority, string> = {
  low: 'bg-muted text-muted-foreground',
  medium: 'bg-amber-100 text-amber-900',
  high: 'bg-red-100 text-red-800',
};

export function TicketStatusBadge({ status }: { status: TTicketStatus }) {
  const { t } = useTranslation('admin-support');
  return <Badge variant={STATUS_VARIANT[status]}>{t(`tickets.status.${status}`)}</Badge>;
}

export function TicketPriorityBadge({ priority }: { priority: TTicketPriority }) {
  const { t } = useTranslation('admin-support');
  return <Badge className={PRIORITY_CLASS[priority]}>{t(`tickets.priority.${priority}`)}</Badge>;
}
