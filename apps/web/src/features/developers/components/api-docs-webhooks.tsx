import { WEBHOOK_TEST_EVENT } from '@faxline/shared';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { CodeBlock } from '@/components/ui/code-block';
import { paths } from '@/config/paths';

import { webhookFigures, webhookSamples } from '../webhook-reference';
import { DocSection } from './doc-section';
import { WebhookEventsTable, WebhookHeadersTable } from './webhook-tables';

const linkClass = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

/**
 * /api-documentation#webhooks: what a webhook is and where endpoints are added, the events and the message,
 * the Standard Webhooks signatures with samples that verify them, and the delivery rules, figures from the constants.
 */
export function ApiDocsWebhooks() {
  const { t, i18n } = useTranslation('developers');
  const samples = webhookSamples();
  const figures = webhookFigures(i18n.language);

  return (
    <DocSection id="webhooks" title={t('apiDocs.webhooks.heading')}>
      <p>{t('apiDocs.webhooks.body')}</p>
      <p>
        <Trans
          t={t}
          i18nKey="apiDocs.webhooks.where"
          components={{ pageLink: <Link to={paths.user.webhooks.getHref()} className={linkClass} /> }}
        />
      </p>

      <h3 className="text-lg font-semibold">{t('apiDocs.webhooks.events.heading')}</h3>
      <p>{t('apiDocs.webhooks.events.body')}</p>
      <WebhookEventsTable />
      <p>{t('apiDocs.webhooks.events.test', { type: WEBHOOK_TEST_EVENT })}</p>

      <h3 className="text-lg font-semibold">{t('apiDocs.webhooks.payload.heading')}</h3>
      <p>{t('apiDocs.webhooks.payload.body')}</p>
      <CodeBlock label={t('apiDocs.webhooks.payload.sample')} code={samples.message} />
      <p>{t('apiDocs.webhooks.payload.snapshot')}</p>

      <h3 className="text-lg font-semibold">{t('apiDocs.webhooks.signatures.heading')}</h3>
      <p>{t('apiDocs.webhooks.signatures.body')}</p>
      <WebhookHeadersTable />
      <p>{t('apiDocs.webhooks.signatures.hmac')}</p>
      <CodeBlock label={t('apiDocs.webhooks.signatures.hmacSample')} code={samples.verifyHmac} />
      <p>{t('apiDocs.webhooks.signatures.ed25519')}</p>
      <CodeBlock label={t('apiDocs.webhooks.signatures.ed25519Sample')} code={samples.verifyEd25519} />
      <ul className="flex list-disc flex-col gap-2 pl-6">
        <li>{t('apiDocs.webhooks.signatures.points.raw')}</li>
        <li>{t('apiDocs.webhooks.signatures.points.dedupe')}</li>
        <li>{t('apiDocs.webhooks.signatures.points.timestamp')}</li>
        <li>{t('apiDocs.webhooks.signatures.points.rotation', { overlap: figures.overlap })}</li>
      </ul>

      <h3 className="text-lg font-semibold">{t('apiDocs.webhooks.delivery.heading')}</h3>
      <ul className="flex list-disc flex-col gap-2 pl-6">
        <li>{t('apiDocs.webhooks.delivery.points.success', { timeout: figures.timeout })}</li>
        <li>{t('apiDocs.webhooks.delivery.points.redirects')}</li>
        <li>{t('apiDocs.webhooks.delivery.points.retries', { delays: figures.delays })}</li>
        <li>{t('apiDocs.webhooks.delivery.points.disabled', { period: figures.disableAfter })}</li>
        <li>{t('apiDocs.webhooks.delivery.points.addresses')}</li>
      </ul>
    </DocSection>
  );
}
