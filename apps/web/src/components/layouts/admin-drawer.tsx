import { useTranslation } from 'react-i18next';

import { AdminLogo } from './admin-logo';
import { AdminSidebarLinks } from './admin-sidebar-links';
import { SideDrawer } from './side-drawer';

/** The back office's sidebar as a slide-over below 768 px (spec 001 §2.10). */
export function AdminDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <SideDrawer
      id={id}
      title={t('layout.navLabel')}
      closeLabel={t('layout.closeNavigation')}
      logo={<AdminLogo onClick={onClose} />}
      widthClassName="w-64"
      onClose={onClose}
    >
      <AdminSidebarLinks onNavigate={onClose} />
    </SideDrawer>
  );
}
