import type { TTicketStatus } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';

// The words carry the meaning; the colours only help the eye (each pair keeps at least 4.5:1 contrast).
const STATUS_VARIANT = { open: 'default', in_progress: 'accent', closed: 'muted' } as const;

export function SupportStatusBadge({ status }: { status: TTicketStatus }) {
  const { t } = useTranslation('support-tickets');
  return <Badge variant={STATUS_VARIANT[status]}>{t(`status.${status}`)}</Badge>;
}
