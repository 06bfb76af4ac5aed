import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { NestedNavLink, nestedNavListClass } from '@/components/layouts/shell/nested-nav-link';
import type { useSideTooltip } from '@/components/layouts/shell/use-side-tooltip';
import { maySeeFaxes } from '@/components/layouts/user/user-nav';
import { ShieldCheckIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useAccountSummary } from '@/lib/account/get-account-summary';

import { useAgentFaxSummary } from '../api/agents-api';

type TAgentFaxesNavLinkProps = {
  /** Icons only, names in tooltips (the collapsed desktop sidebar). */
  collapsed: boolean;
  tooltipProps: ReturnType<typeof useSideTooltip>['tooltipProps'];
  /** Called on a click, so that the drawer can close. */
  onNavigate?: () => void;
};

/**
 * The approval queue under Fax History in the user area's menu (decision 135), with the count of faxes waiting: for
 * a person who may decide them (who may send faxes), once the account asks for approval or has a fax waiting (one
 * held before approval was turned off still needs a decision). Nothing otherwise, so the menu stays as it was.
 */
export function AgentFaxesNavLink({ collapsed, tooltipProps, onNavigate }: TAgentFaxesNavLinkProps) {
  const { t } = useTranslation('agents');
  const role = useAccountSummary().data?.role;
  const summary = useAgentFaxSummary(role !== undefined && maySeeFaxes(role)).data;
  const href = paths.user.agentFaxes.getHref();
  const current = useLocation().pathname === href;
  if (!summary || (!summary.approvalRequired && summary.waiting === 0)) return null;
  const label = summary.waiting > 0 ? t('nav.withWaiting', { count: summary.waiting }) : t('nav.queue');

  return (
    <ul aria-label={t('nav.label')} className={nestedNavListClass(collapsed)}>
      <li>
        <NestedNavLink
          href={href}
          label={label}
          name={t('nav.queue')}
          collapsedMark={<ShieldCheckIcon aria-hidden="true" className="size-4 shrink-0" />}
          count={summary.waiting}
          current={current}
          collapsed={collapsed}
          tooltipProps={tooltipProps}
          onNavigate={onNavigate}
        />
      </li>
    </ul>
  );
}
