import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { PageSection } from '@/components/ui/page-section';
import { paths } from '@/config/paths';

/** The end of /support: the support hours, the contact form and number porting. */
export function SupportContact() {
  const { t } = useTranslation('help');

  return (
    <PageSection title={t('support.contact.heading')} intro={t('support.contact.hours')} tinted>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.contact.getHref()}>{t('support.contact.button')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.portingYourNumber.getHref()}>{t('support.contact.porting')}</Link>
        </Button>
      </div>
    </PageSection>
  );
}
