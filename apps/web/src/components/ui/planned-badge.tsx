import { useTranslation } from 'react-i18next';

import { Badge } from './badge';

/**
 * Beside a control that has no effect yet (decision 039): the control is disabled, this says why in a word, and
 * PlannedNote says it in a sentence (give the control `aria-describedby` the note's id).
 */
export function PlannedBadge() {
  const { t } = useTranslation('common');
  return <Badge variant="muted">{t('planned')}</Badge>;
}

export function PlannedNote({ id }: { id: string }) {
  const { t } = useTranslation('common');
  return (
    <p id={id} className="text-sm text-muted-foreground">
      {t('plannedNote')}
    </p>
  );
}
