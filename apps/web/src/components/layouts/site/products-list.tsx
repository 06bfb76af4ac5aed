import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { SIBLING_PRODUCTS } from './sibling-products';

/** The products menu's content as a plain list, for the mobile menu. */
export function ProductsList({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="mobile-products-heading" className="flex flex-col gap-2">
      <h2 id="mobile-products-heading" className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {t('products.heading')}
      </h2>
      <ul className="flex flex-col gap-1 text-sm">
        <li>
          <Link to={paths.home.getHref()} onClick={onNavigate} className="flex justify-between gap-3 rounded-md px-3 py-2 hover:bg-accent">
            <span className="font-medium">{t('products.current')}</span>{' '}
            <span className="text-xs text-muted-foreground">{t('products.currentNote')}</span>
          </Link>
        </li>
        {SIBLING_PRODUCTS.map((key) => (
          <li key={key} className="flex items-center justify-between gap-3 px-3 py-2 text-muted-foreground">
            <span>{t(`products.items.${key}`)}</span>{' '}
            <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-medium whitespace-nowrap">
              {t('products.comingSoon')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
