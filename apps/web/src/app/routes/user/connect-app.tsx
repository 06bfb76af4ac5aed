import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { UserPage } from '@/components/layouts/user/user-page';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { ConsentCard } from '@/features/agents/components/consent-card';
import { useConsent } from '@/features/agents/api/agents-api';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /user/connect/:uid: an app or AI agent asks the signed-in person for access to their account (OAuth, decision 130). */
export default function ConnectAppRoute() {
  const { t } = useTranslation('agents');
  useDocumentTitle(t('consent.title'));
  const { uid = '' } = useParams();
  const consent = useConsent(uid);
  return (
    <UserPage title={t('consent.title')} intro={t('consent.intro')}>
      {consent.isPending ? <Loading>{t('consent.loading')}</Loading> : null}
      {consent.isError ? (
        <LoadFailed title={t('consent.loadFailed')} error={consent.error} retryLabel={t('retry')} onRetry={() => void consent.refetch()} />
      ) : null}
      {consent.data ? <ConsentCard consent={consent.data} /> : null}
    </UserPage>
  );
}
