import type { TContentStatus } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';

/** Published is shown green (spec 001 §4); Draft is muted. */
export function ContentStatusBadge({ status }: { status: TContentStatus }) {
  const { t } = useTranslation('admin-support');
  return <Badge variant={status === 'published' ? 'success' : 'muted'}>{t(`content.status.${status}`)}</Badge>;
}
