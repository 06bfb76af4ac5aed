import { describe, expect, it } from 'vitest';

import { resolveDestination } from './route-access';

const visitor = { signedIn: false, isAdmin: false };
const customer = { signedIn: true, isAdmin: false };
const admin = { signedIn: true, isAdmin: true };

describe('where the helpers really go (spec 000 §2)', () => {
  it('opens public pages for anyone', () => {
    for (const viewer of [visitor, customer, admin]) {
      expect(resolveDestination('pricing', viewer)).toEqual({ page: 'pricing', href: '/pricing' });
    }
  });

  it('sends a signed-out visitor to /sign-in for a protected page, and back to it afterwards', () => {
    expect(resolveDestination('sendFax', visitor)).toEqual({ page: 'signIn', href: '/sign-in?redirectTo=%2Fuser%2Fsend-fax' });
    expect(resolveDestination('sendFax', customer)).toEqual({ page: 'sendFax', href: '/user/send-fax' });
  });

  it('sends a non-admin to /user/dashboard and a signed-out visitor to /admin/login for an admin page', () => {
    expect(resolveDestination('userManagement', customer)).toEqual({ page: 'dashboard', href: '/user/dashboard' });
    expect(resolveDestination('userManagement', visitor)).toEqual({ page: 'adminLogin', href: '/admin/login?redirectTo=%2Fadmin%2Fusers' });
    expect(resolveDestination('userManagement', admin)).toEqual({ page: 'userManagement', href: '/admin/users' });
  });
});
