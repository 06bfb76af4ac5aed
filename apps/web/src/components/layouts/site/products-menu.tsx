import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { ProductsTrigger } from './products-trigger';
import { SIBLING_PRODUCTS } from './sibling-products';

const itemClass = 'flex items-center justify-between gap-4 rounded-sm px-3 py-2 text-sm outline-hidden select-none';

/**
 * The desktop products menu (spec 000 §2), loaded after the first paint. The sibling products have no site yet: they
 * are menu items that do nothing, marked aria-disabled and "Coming soon", yet still reachable with the arrow keys so
 * that keyboard and screen reader users learn of them too (WAI-ARIA menu pattern).
 */
export default function ProductsMenu() {
  const { t } = useTranslation();

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <ProductsTrigger />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 min-w-[18rem] rounded-md border bg-background p-1 text-foreground shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {t('products.heading')}
          </DropdownMenu.Label>
          <DropdownMenu.Item
            asChild
            className={`${itemClass} cursor-pointer data-highlighted:bg-accent data-highlighted:text-accent-foreground`}
          >
            <Link to={paths.home.getHref()}>
              <span className="font-medium">{t('products.current')}</span>{' '}
              <span className="text-xs text-muted-foreground">{t('products.currentNote')}</span>
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          {SIBLING_PRODUCTS.map((key) => (
            <DropdownMenu.Item
              key={key}
              aria-disabled="true"
              onSelect={(event) => event.preventDefault()}
              className={`${itemClass} cursor-default text-muted-foreground data-highlighted:bg-muted`}
            >
              <span>{t(`products.items.${key}`)}</span>{' '}
              <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium whitespace-nowrap">{t('products.comingSoon')}</span>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
