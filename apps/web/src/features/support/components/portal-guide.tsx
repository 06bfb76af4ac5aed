import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { PageSection } from '@/components/ui/page-section';
import { paths } from '@/config/paths';

import { useUploadLimits } from '../hooks/use-upload-limits';

const PORTAL_STEPS = ['signIn', 'open', 'recipient', 'upload', 'options', 'send'] as const;

/** /support#how-to-fax-online: sending a fax from the web portal, numbered steps, then sign in or sign up. */
export function PortalGuide() {
  const { t } = useTranslation('help');
  const limits = useUploadLimits();

  return (
    <PageSection id="how-to-fax-online" title={t('support.portalGuide.heading')} intro={t('support.portalGuide.intro')}>
      <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {PORTAL_STEPS.map((key, index) => (
          <li key={key} className="flex gap-3 rounded-lg border p-4">
            <span
              aria-hidden="true"
              className="grid size-8 shrink-0 place-items-center rounded-full bg-primary font-semibold text-primary-foreground"
            >
              {index + 1}
            </span>
            <span>{t(`support.portalGuide.steps.${key}`, limits)}</span>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.signIn.getHref()}>{t('support.portalGuide.signIn')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.signUp.getHref()}>{t('support.portalGuide.signUp')}</Link>
        </Button>
      </div>
    </PageSection>
  );
}
