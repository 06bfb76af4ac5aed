import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { DrawerPanel } from '../drawer-panel';
import { LanguagePicker } from '../language-picker';
import { MainMenu } from './main-menu';
import { ProductsList } from './products-list';
import { SiteLogo } from './site-logo';

type TMobileMenuProps = {
  id: string;
  onClose: () => void;
  navigationBox?: ReactNode;
};

/**
 * The slide-out menu below 1024 px (spec 000 §2), loaded on first use. A native modal <dialog>: the page behind it is
 * inert, so Tab stays inside; Esc closes it. It exists only while open: the header unmounts it on close, after which
 * the header puts focus back on the menu button.
 */
export default function MobileMenu({ id, onClose, navigationBox }: TMobileMenuProps) {
  const { t } = useTranslation();

  return (
    <DrawerPanel
      id={id}
      title={t('header.menuTitle')}
      closeLabel={t('header.closeMenu')}
      logo={<SiteLogo onClick={onClose} />}
      side="right"
      widthClassName="w-80"
      onClose={onClose}
    >
      <div className="flex flex-1 flex-col gap-6 overflow-y-auto p-4">
        {navigationBox}
        <MainMenu orientation="vertical" onNavigate={onClose} />
        <LanguagePicker />
        <ProductsList onNavigate={onClose} />
      </div>
    </DrawerPanel>
  );
}
