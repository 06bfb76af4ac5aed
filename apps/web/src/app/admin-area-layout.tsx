import { AdminLayout } from '@/components/layouts/admin/admin-layout';
import { AdminNotifications } from '@/features/notifications/components/admin-notifications';

/**
 * Every protected /admin page's layout with its header's bell of platform events: the app puts the feature in, since
 * a layout (components/) may not import a feature itself.
 */
export function AdminAreaLayout() {
  return <AdminLayout notifications={<AdminNotifications />} />;
}
