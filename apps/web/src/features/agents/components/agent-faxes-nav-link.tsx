import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import type { useSideTooltip } from '@/components/layouts/shell/use-side-tooltip';
import { maySeeFaxes } from '@/components/layouts/user/user-nav';
import { ShieldCheckIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useAccountSummary } from '@/lib/account/get-account-summary';
import { cn } from '@/lib/utils';

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
    <ul aria-label={t('nav.label')} className={cn('mt-1 flex flex-col gap-1', !collapsed && 'ml-6 border-l pl-2')}>
      <li>
        <Link
          to={href}
          aria-current={current ? 'page' : undefined}
          aria-label={label}
          onClick={onNavigate}
          {...tooltipProps(label)}
          className={cn(
            'flex min-h-9 items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground outline-hidden transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
            current && 'bg-accent text-accent-foreground',
            collapsed && 'relative justify-center px-0',
          )}
        >
          <ShieldCheckIcon aria-hidden="true" className={cn('size-4 shrink-0', !collapsed && 'hidden')} />
          {collapsed ? null : <span className="min-w-0 flex-1 leading-snug break-words">{t('nav.queue')}</span>}
          {summary.waiting > 0 ? (
            <span
              aria-hidden="true"
              className={cn(
                'rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground tabular-nums',
                collapsed && 'absolute -top-1 right-0',
              )}
            >
              {summary.waiting > 99 ? '99+' : summary.waiting}
            </span>
          ) : null}
        </Link>
      </li>
    </ul>
  );
}
