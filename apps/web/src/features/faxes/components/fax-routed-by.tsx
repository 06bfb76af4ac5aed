import type { TRoutedBy } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { verdictWords } from '../utils/routed-by';

/** "Placed by the rule “Referrals”:" and why, each of its conditions as the fax met it (decision 104). */
export function FaxRoutedBy({ routedBy }: { routedBy: TRoutedBy }) {
  const { t, i18n } = useTranslation('faxes');
  return (
    <div className="flex flex-col gap-1">
      <p>{t('placement.routedBy', { rule: routedBy.ruleName })}</p>
      {routedBy.verdicts.length > 0 ? (
        <ul className="list-disc pl-5 text-muted-foreground">
          {routedBy.verdicts.map((verdict, index) => (
            <li key={index}>{verdictWords(verdict, t, i18n.language)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
