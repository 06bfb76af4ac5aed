import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

import { paths } from '@/config/paths';

// Spec 000 §2, in its order. `end`: Home is the current page at / only, not under every path.
const MAIN_MENU = [
  { key: 'home', to: paths.home.getHref(), end: true },
  { key: 'faxPlans', to: paths.faxPlans.getHref(), end: false },
  { key: 'support', to: paths.support.getHref(), end: false },
  { key: 'developers', to: paths.developers.getHref(), end: false },
  { key: 'aboutUs', to: paths.aboutUs.getHref(), end: false },
  { key: 'reviews', to: paths.reviews.getHref(), end: false },
] as const;

const linkClass = {
  // The current page is highlighted, bold and underlined (not by colour alone); NavLink marks it aria-current="page".
  horizontal:
    'block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground hover:bg-accent hover:text-accent-foreground aria-[current=page]:bg-accent aria-[current=page]:font-semibold aria-[current=page]:text-accent-foreground aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8',
  vertical:
    'block rounded-md px-3 py-3 text-base font-medium hover:bg-accent hover:text-accent-foreground aria-[current=page]:bg-accent aria-[current=page]:font-semibold aria-[current=page]:text-accent-foreground aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-4',
};

/** The header's main menu: a row on desktop, a column in the mobile menu (which closes through `onNavigate`). */
export function MainMenu({ orientation, onNavigate }: { orientation: 'horizontal' | 'vertical'; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('header.mainMenu')}>
      <ul className={orientation === 'horizontal' ? 'flex items-center gap-1' : 'flex flex-col gap-1'}>
        {MAIN_MENU.map(({ key, to, end }) => (
          <li key={key}>
            <NavLink to={to} end={end} onClick={onNavigate} className={linkClass[orientation]}>
              {t(`pages.${key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
