import type { TAuditOutcome } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';

// Text on tinted backgrounds, each pair at least 4.5:1; the word says it, the colour only helps.
const TONE: Record<TAuditOutcome, string> = {
  success: 'bg-emerald-100 text-emerald-800',
  denied: 'bg-amber-100 text-amber-900',
  failure: 'bg-red-100 text-red-800',
};

export function AuditOutcome({ outcome }: { outcome: TAuditOutcome }) {
  const { t } = useTranslation('admin-insights');
  return <Badge className={TONE[outcome]}>{t(`audit.outcome.${outcome}`)}</Badge>;
}
