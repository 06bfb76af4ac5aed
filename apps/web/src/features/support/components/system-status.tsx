import { useTranslation } from 'react-i18next';

import { PageSection } from '@/components/ui/page-section';

const STATUS_POINTS = ['maintenance', 'page', 'check', 'report'] as const;

/** /support#system-status: how maintenance and incidents are announced, and how to report one. */
export function SystemStatus() {
  const { t } = useTranslation('help');

  return (
    <PageSection id="system-status" title={t('support.status.heading')} intro={t('support.status.intro')}>
      <ul className="flex max-w-3xl list-disc flex-col gap-2 pl-6">
        {STATUS_POINTS.map((key) => (
          <li key={key}>{t(`support.status.points.${key}`)}</li>
        ))}
      </ul>
    </PageSection>
  );
}
