import { UserLayout } from '@/components/layouts/user/user-layout';
import { UserNotifications } from '@/features/notifications/components/user-notifications';

/**
 * Every /user page's layout with its header's bell of fax events: the app puts the feature in, since a layout
 * (components/) may not import a feature itself.
 */
export function UserAreaLayout() {
  return <UserLayout notifications={<UserNotifications />} />;
}
