// Shared by the customer's porting page and the back office's queue (both features show a request's status).
import type { TPortingStatus } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';

const VARIANT = { submitted: 'muted', in_review: 'accent', approved: 'default', completed: 'success', rejected: 'muted' } as const;

/** A request's status as a badge, in the reader's language. */
export function PortingStatusBadge({ status }: { status: TPortingStatus }) {
  const { t } = useTranslation('porting');
  return <Badge variant={VARIANT[status]}>{t(`statuses.${status}`)}</Badge>;
}
