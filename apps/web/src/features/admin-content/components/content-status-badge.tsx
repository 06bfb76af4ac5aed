import type { TContentStatus } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { useDateFormat } from '@/lib/use-date-format';

/**
 * Published is shown green (spec 001 §4); Draft is muted; a published item whose time is still ahead is Scheduled, with
 * its time (decision 116).
 */
export function ContentStatusBadge({ status, publishedAt = null }: { status: TContentStatus; publishedAt?: string | null }) {
  const { t } = useTranslation(['admin-support', 'admin-publishing']);
  const dates = useDateFormat();
  if (status === 'published' && publishedAt && Date.parse(publishedAt) > Date.now())
    return <Badge variant="accent">{t('admin-publishing:content.scheduledFor', { date: dates.dateTime(publishedAt) })}</Badge>;
  return <Badge variant={status === 'published' ? 'success' : 'muted'}>{t(`content.status.${status}`)}</Badge>;
}
