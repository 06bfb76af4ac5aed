import { useTranslation } from 'react-i18next';

import { Card } from '@/components/ui/card';
import { ActivityIcon, CodeIcon, LockIcon, UsersIcon } from '@/components/ui/icons';
import { PageSection } from '@/components/ui/page-section';

const WHY = [
  { key: 'rest', icon: CodeIcon },
  { key: 'delivery', icon: ActivityIcon },
  { key: 'security', icon: LockIcon },
  { key: 'account', icon: UsersIcon },
] as const;

/** /developers#why-choose-api: four reasons, each a card. */
export function WhyChooseApi() {
  const { t } = useTranslation('developers');

  return (
    <PageSection id="why-choose-api" title={t('developers.why.heading')} intro={t('developers.why.intro')}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {WHY.map(({ key, icon: Icon }) => (
          <li key={key}>
            <Card className="h-full gap-3">
              <span className="grid size-10 place-items-center rounded-full bg-accent text-accent-foreground">
                <Icon />
              </span>
              <h3 className="text-lg font-semibold">{t(`developers.why.items.${key}.title`)}</h3>
              <p className="text-muted-foreground">{t(`developers.why.items.${key}.body`)}</p>
            </Card>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
