import { roleMay } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { AboutWebhooks } from '@/features/webhooks/components/about-webhooks';
import { WebhooksManager } from '@/features/webhooks/components/webhooks-manager';
import { useAccountSummary } from '@/lib/account/get-account-summary';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /user/webhooks: the account's webhook endpoints, for its owner and sub-admins. Anyone else who
 * opens the address is told who can help; the server refuses them all the same.
 */
export default function WebhooksRoute() {
  const { t } = useTranslation('webhooks');
  useDocumentTitle(t('title'));
  const account = useAccountSummary();
  const role = account.data?.role;

  return (
    <section className="mx-auto flex w-full max-w-4xl min-w-0 flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="text-muted-foreground">{t('intro')}</p>
      </div>
      <AboutWebhooks />
      {account.isPending ? (
        <p role="status" className="text-muted-foreground">
          {t('checkingRole')}
        </p>
      ) : role && roleMay(role, 'manageWebhooks') ? (
        <WebhooksManager />
      ) : (
        <p role="note" className="rounded-lg border border-dashed p-4">
          {t('notAllowed')}
        </p>
      )}
    </section>
  );
}
