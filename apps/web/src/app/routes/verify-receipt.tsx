import { Trans, useTranslation } from 'react-i18next';

import { CodeBlock } from '@/components/ui/code-block';
import { PageHeader } from '@/components/ui/page-header';
import { ReceiptVerifier } from '@/features/receipts/components/receipt-verifier';
import { useDocumentMeta } from '@/lib/use-document-meta';

/** Where the server publishes the keys that check a report (a server route, outside the app's pages). */
const RECEIPT_KEY_URL = '/.well-known/faxline-receipt-key';

const linkClass = 'font-medium text-primary underline underline-offset-4 break-words hover:no-underline';

/**
 * /verify-receipt: anyone, signed in or not, checks a transmission report here; the page explains
 * what a report proves and how to check one without it.
 */
export default function VerifyReceiptRoute() {
  const { t } = useTranslation('receipts');
  useDocumentMeta({ title: t('meta.title'), description: t('meta.description') });
  // The command checks against the keys of the server this page came from, whatever the copy's own settings say.
  const command = `npm run receipt:verify -- report.pdf \\
  --server ${window.location.origin}`;

  return (
    <>
      <PageHeader title={t('heading')} intro={t('intro')} />
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="verify-receipt-form" className="flex min-w-0 flex-col gap-6">
          <h2 id="verify-receipt-form" className="text-2xl font-bold tracking-tight">
            {t('form.title')}
          </h2>
          <ReceiptVerifier />
        </section>

        <section aria-labelledby="verify-receipt-about" className="flex min-w-0 flex-col gap-4 text-muted-foreground">
          <h2 id="verify-receipt-about" className="text-2xl font-bold tracking-tight text-foreground">
            {t('about.title')}
          </h2>
          <p>{t('about.proves')}</p>
          <p>{t('about.signature')}</p>
          <p>
            <Trans t={t} i18nKey="about.key" components={{ keyLink: <a href={RECEIPT_KEY_URL} className={linkClass} translate="no" /> }} />
          </p>
          <p>{t('about.offline')}</p>
          <CodeBlock label={t('about.command')} code={command} />
        </section>
      </div>
    </>
  );
}
