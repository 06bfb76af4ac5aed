import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

const linkClass = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

/** What a key is for and how it is kept, with the way to the developer guide and the reference. */
export function AboutApiKeys() {
  const { t } = useTranslation('api-keys');
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={t('about.label')} className="flex list-disc flex-col gap-1 rounded-lg bg-accent/40 py-3 pr-4 pl-8 text-sm">
        <li>{t('about.header')}</li>
        <li>{t('about.secret')}</li>
        <li>{t('about.revoke')}</li>
      </ul>
      <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link to={paths.developers.getHref()} className={linkClass}>
          {t('developersLink')}
        </Link>
        <Link to={paths.apiDocumentation.getHref()} className={linkClass}>
          {t('docsLink')}
        </Link>
      </p>
    </div>
  );
}
