import { useAuth } from '@/lib/auth/use-auth';

import type { TViewer } from '../utils/route-access';

/** Who is looking, as the helpers' access rule needs it. */
export function useViewer(): TViewer {
  const { user } = useAuth();
  return { signedIn: user !== null, isAdmin: user?.platformRole === 'Admin' };
}
