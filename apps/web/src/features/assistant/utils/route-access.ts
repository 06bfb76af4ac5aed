import { paths } from '../../../config/paths';

import { DESTINATIONS, type TPage } from './keyword-routes';

export type TViewer = { signedIn: boolean; isAdmin: boolean };

/** Where a helper really goes, and the page it names in 'Taking you to ...'. */
export type TResolvedDestination = { page: TPage; href: string };

/**
 * Spec 000 §2: a protected page sends a signed-out visitor to /sign-in (and back afterwards); an admin page sends a
 * signed-in non-admin to their dashboard and a signed-out visitor to the admin login (and back afterwards). The
 * server still decides: this only spares a person the detour through a refusal.
 */
export function resolveDestination(page: TPage, viewer: TViewer): TResolvedDestination {
  const { path, access } = DESTINATIONS[page];
  if (access === 'user' && !viewer.signedIn) return { page: 'signIn', href: paths.signIn.getHref(path) };
  if (access === 'admin' && !viewer.isAdmin) {
    return viewer.signedIn
      ? { page: 'dashboard', href: paths.user.dashboard.getHref() }
      : { page: 'adminLogin', href: paths.admin.login.getHref(path) };
  }
  return { page, href: path };
}
