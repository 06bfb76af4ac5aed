import { useTranslation } from 'react-i18next';

import { SideDrawer } from './side-drawer';
import { UserLogo } from './user-logo';
import type { TMemberRole } from './user-nav';
import { UserSidebarLinks } from './user-sidebar-links';

type TUserDrawerProps = {
  id: string;
  role: TMemberRole | undefined;
  onClose: () => void;
};

/** The user area's sidebar as a drawer below 768 px (spec 001 §2.2). */
export function UserDrawer({ id, role, onClose }: TUserDrawerProps) {
  const { t } = useTranslation('user');
  return (
    <SideDrawer
      id={id}
      title={t('nav.label')}
      closeLabel={t('layout.closeNavigation')}
      logo={<UserLogo onClick={onClose} />}
      widthClassName="w-72"
      onClose={onClose}
    >
      <UserSidebarLinks role={role} onNavigate={onClose} />
    </SideDrawer>
  );
}
