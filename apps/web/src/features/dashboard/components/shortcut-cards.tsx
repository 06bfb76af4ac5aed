import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { ArrowRightIcon, HistoryIcon, SendIcon, UserIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

type TShortcut = { key: 'sendFax' | 'faxHistory' | 'profile'; href: string; icon: ComponentType<{ className?: string }>; fax: boolean };

const SHORTCUTS: readonly TShortcut[] = [
  { key: 'sendFax', href: paths.user.sendFax.getHref(), icon: SendIcon, fax: true },
  { key: 'faxHistory', href: paths.user.faxHistory.getHref(), icon: HistoryIcon, fax: true },
  { key: 'profile', href: paths.user.profile.getHref(), icon: UserIcon, fax: false },
];

/** The three shortcut cards of spec 001 §2.3; the fax ones only for a role that may see faxes. */
export function ShortcutCards({ showFaxShortcuts }: { showFaxShortcuts: boolean }) {
  const { t } = useTranslation('user');
  const shown = SHORTCUTS.filter((shortcut) => showFaxShortcuts || !shortcut.fax);
  return (
    <nav aria-label={t('dashboard.shortcuts.label')}>
      <ul className="grid gap-4 sm:grid-cols-3">
        {shown.map(({ key, href, icon: Icon }) => (
          <li key={key} className="flex">
            <Link
              to={href}
              className="group flex flex-1 flex-col gap-3 rounded-lg border bg-background p-5 shadow-sm outline-hidden transition-colors hover:border-primary/40 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            >
              <span className="grid size-10 place-items-center rounded-full bg-accent text-accent-foreground group-hover:bg-background">
                <Icon />
              </span>
              <span className="flex items-center gap-1 text-lg font-semibold">
                {t(`dashboard.shortcuts.${key}.title`)}
                <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none" />
              </span>
              <span className="text-sm text-muted-foreground">{t(`dashboard.shortcuts.${key}.description`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
