import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { WEBHOOK_PERIODS } from '../utils/webhook-periods';

const linkClass = 'font-medium text-primary underline underline-offset-4 hover:no-underline';
const code = <code translate="no" className="rounded bg-muted px-1 py-0.5 font-mono text-[0.8125rem] break-words" />;

/** How messages are signed and checked (Standard Webhooks), what the endpoint must answer, and the way to the reference. */
export function AboutWebhooks() {
  const { t } = useTranslation('webhooks');
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={t('about.label')} className="flex list-disc flex-col gap-1 rounded-lg bg-accent/40 py-3 pr-4 pl-8 text-sm">
        <li>
          <Trans t={t} i18nKey="about.headers" components={{ code }} />
        </li>
        <li>
          <Trans t={t} i18nKey="about.verify" components={{ code }} />
        </li>
        <li>{t('about.retries', WEBHOOK_PERIODS)}</li>
      </ul>
      <p className="text-sm">
        <Link to={{ pathname: paths.apiDocumentation.getHref(), hash: 'webhooks' }} className={linkClass}>
          {t('about.docsLink')}
        </Link>
      </p>
    </div>
  );
}
