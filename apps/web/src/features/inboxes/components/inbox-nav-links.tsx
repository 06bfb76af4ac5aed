import type { TInboxList } from '@faxline/shared';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { NestedNavLink, nestedNavListClass } from '@/components/layouts/shell/nested-nav-link';
import type { useSideTooltip } from '@/components/layouts/shell/use-side-tooltip';
import { paths } from '@/config/paths';
import { useInboxes } from '@/lib/inboxes/get-inboxes';

export type TInboxNavLinksProps = {
  /** Icons only, names in tooltips (the collapsed desktop sidebar). */
  collapsed: boolean;
  tooltipProps: ReturnType<typeof useSideTooltip>['tooltipProps'];
  /** Called on a click on any link, so that the drawer can close. */
  onNavigate?: () => void;
};

type TInboxEntry = { key: string; inbox: string; name: string; newFaxes: number };

/**
 * The shared inboxes under Fax History in the user area's menu (decision 103): one entry per inbox the person sees,
 * with its count of new faxes, then Unsorted (the faxes in no inbox). Nothing while the account has no inbox the
 * person sees, so that an account without inboxes keeps the menu it had.
 */
export function InboxNavLinks(props: TInboxNavLinksProps) {
  const inboxes = useInboxes();
  if (!inboxes.data || inboxes.data.inboxes.length === 0) return null;
  return <InboxNavList list={inboxes.data} {...props} />;
}

/** The entries of a known list of inboxes (apart from the query, so that a test can render it as it is). */
export function InboxNavList({ list, collapsed, tooltipProps, onNavigate }: TInboxNavLinksProps & { list: TInboxList }) {
  const { t } = useTranslation('inboxes');
  const location = useLocation();
  const shownInbox = location.pathname === paths.user.inbox.path ? (new URLSearchParams(location.search).get('inbox') ?? 'none') : null;
  const entries: TInboxEntry[] = [
    ...list.inboxes.map((inbox) => ({ key: inbox.id, inbox: inbox.id, name: inbox.name, newFaxes: inbox.newFaxes })),
    { key: 'none', inbox: 'none', name: t('unsorted'), newFaxes: list.unsorted.newFaxes },
  ];

  return (
    <ul aria-label={t('nav.label')} className={nestedNavListClass(collapsed)}>
      {entries.map((entry) => {
        const label = entry.newFaxes > 0 ? t('nav.withNew', { name: entry.name, count: entry.newFaxes }) : entry.name;
        const current = shownInbox === entry.inbox;
        return (
          <li key={entry.key}>
            <NestedNavLink
              href={paths.user.inbox.getHref(entry.inbox)}
              label={label}
              name={entry.name}
              // Icons only: each inbox by its initial, so that they differ; the link's name says it whole.
              collapsedMark={
                <span aria-hidden="true" className="flex size-5 items-center justify-center rounded border text-xs font-semibold">
                  {initialOf(entry.name)}
                </span>
              }
              count={entry.newFaxes}
              current={current}
              collapsed={collapsed}
              tooltipProps={tooltipProps}
              onNavigate={onNavigate}
            />
          </li>
        );
      })}
    </ul>
  );
}

/** The first letter of a name, as a person reads it (a letter with its accent, not half of it). */
function initialOf(name: string): string {
  return (Array.from(name.trim())[0] ?? '').toLocaleUpperCase();
}
