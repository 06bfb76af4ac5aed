import { useTranslation } from 'react-i18next';

import { PageHeader } from '@/components/ui/page-header';
import { SenderConfirmation } from '@/features/email-to-fax/components/sender-confirmation';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useSearchState } from '@/lib/use-search-state';

/**
 * /confirm-email-sender?token=... (decision 064): the owner of an address an account wants to fax from by e-mail reads
 * which account asks and confirms, signed in or not.
 */
export default function ConfirmEmailSenderRoute() {
  const { t } = useTranslation('email-to-fax');
  useDocumentMeta({ title: t('confirmSender.title'), description: t('confirmSender.metaDescription') });
  const [searchParams] = useSearchState();
  const token = searchParams.get('token');

  return (
    <>
      <PageHeader title={t('confirmSender.title')} />
      <section className="mx-auto flex w-full max-w-3xl min-w-0 flex-col gap-6 px-4 py-12">
        {token ? (
          <SenderConfirmation token={token} />
        ) : (
          <p role="alert" className="rounded-lg border border-destructive/40 p-4">
            {t('confirmSender.missingToken')}
          </p>
        )}
      </section>
    </>
  );
}
