import { roleMay, type TAgentSettings } from '@faxline/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { LoadFailed, Loading } from '@/components/ui/query-states';
import { SettingSwitch } from '@/components/ui/setting-switch';
import { ApiError } from '@/lib/api-client';
import { useAccountSummary } from '@/lib/account/get-account-summary';
import { paths } from '@/config/paths';

import { useAgentSettings, useSaveAgentSettings } from '../api/agents-api';

/**
 * AI agents, in the account's settings: whether their faxes wait for a member's approval, and whether they may read
 * fax contents. For the owner and sub-admins; the server refuses others all the same.
 */
export function AgentSettingsSection() {
  const { t } = useTranslation('agents');
  const account = useAccountSummary();
  if (!account.data || !roleMay(account.data.role, 'manageAgents')) return null;
  return (
    <section id="ai-agents" aria-labelledby="ai-agents-heading" className="flex min-w-0 scroll-mt-24 flex-col gap-6 rounded-lg border p-6">
      <div className="flex flex-col gap-1">
        <h2 id="ai-agents-heading" className="text-xl font-semibold">
          {t('settings.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('settings.description')}</p>
      </div>
      <AgentSettingsForm />
      <Link className="w-fit text-sm font-medium text-primary underline underline-offset-4" to={paths.user.agentFaxes.getHref()}>
        {t('settings.queueLink')}
      </Link>
    </section>
  );
}

function AgentSettingsForm() {
  const { t } = useTranslation('agents');
  const settings = useAgentSettings();
  const save = useSaveAgentSettings();
  if (settings.isPending) return <Loading>{t('settings.loading')}</Loading>;
  if (settings.isError)
    return (
      <LoadFailed title={t('settings.loadFailed')} error={settings.error} retryLabel={t('retry')} onRetry={() => void settings.refetch()} />
    );
  const change = (changed: Partial<TAgentSettings>) => save.mutate({ ...settings.data, ...changed });
  return (
    <div className="flex flex-col gap-4">
      <SettingSwitch
        id="agent-approval"
        label={t('settings.approval')}
        description={t('settings.approvalDescription')}
        checked={settings.data.approvalRequired}
        disabled={save.isPending}
        onChange={(approvalRequired) => change({ approvalRequired })}
      />
      <SettingSwitch
        id="agent-contents"
        label={t('settings.contents')}
        description={t('settings.contentsDescription')}
        checked={settings.data.contentsForbidden}
        disabled={save.isPending}
        onChange={(contentsForbidden) => change({ contentsForbidden })}
      />
      {save.error instanceof ApiError ? (
        <p role="alert" className="text-sm text-destructive">
          {save.error.message}
        </p>
      ) : null}
    </div>
  );
}
