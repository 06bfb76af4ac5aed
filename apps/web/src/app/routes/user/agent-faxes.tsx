import { useTranslation } from 'react-i18next';

import { ForRolesThatMay, UserPage } from '@/components/layouts/user/user-page';
import { AgentFaxQueue } from '@/features/agents/components/agent-fax-queue';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /user/agent-faxes: faxes AI agents sent while the account requires approval, for members who may send faxes. */
export default function AgentFaxesRoute() {
  const { t } = useTranslation('agents');
  useDocumentTitle(t('queue.title'));
  return (
    <UserPage title={t('queue.title')} intro={t('queue.intro')}>
      <ForRolesThatMay permission="useFaxes" checking={t('checkingRole')} notAllowed={t('queue.notAllowed')}>
        <AgentFaxQueue />
      </ForRolesThatMay>
    </UserPage>
  );
}
