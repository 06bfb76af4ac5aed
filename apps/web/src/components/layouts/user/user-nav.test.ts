import { describe, expect, it } from 'vitest';

import { matchingNavEntry, maySeeFaxes, navEntriesFor } from './user-nav';

const keys = (role: Parameters<typeof navEntriesFor>[0]) => navEntriesFor(role).map((entry) => entry.key);

describe('navEntriesFor', () => {
  it('shows every entry to the owner, and all but Fax Numbers and Billing to a sub-admin', () => {
    const all = [
      'overview',
      'sendFax',
      'broadcasts',
      'faxHistory',
      'contacts',
      'profile',
      'userAdministration',
      'settings',
      'security',
      'auditTrail',
      'apiKeys',
      'webhooks',
      'inboxes',
      'routingRules',
      'numbers',
      'emailToFax',
      'porting',
      'billing',
      'support',
    ];
    expect(keys('owner')).toEqual(all);
    // The account's numbers and porting are the owner's alone: they cost money or bind the holder (decisions 112, 113).
    expect(keys('admin')).toEqual(all.filter((key) => key !== 'billing' && key !== 'porting' && key !== 'numbers'));
  });

  it('hides User Administration, API Keys, Webhooks, Inboxes, Routing Rules, E-mail to Fax and Billing from a standard user', () => {
    expect(keys('user')).toEqual([
      'overview',
      'sendFax',
      'broadcasts',
      'faxHistory',
      'contacts',
      'profile',
      'settings',
      'security',
      'support',
    ]);
  });

  it('shows a Billing contact Overview, My Profile, Settings, Security, Billing and Support only', () => {
    expect(keys('billing')).toEqual(['overview', 'profile', 'settings', 'security', 'billing', 'support']);
  });

  it('shows what a standard user may use while the role is unknown', () => {
    expect(keys(undefined)).toEqual(keys('user'));
  });
});

describe('matchingNavEntry', () => {
  it('finds the entry of the page shown, also below it or with a trailing slash', () => {
    expect(matchingNavEntry('/user/dashboard')?.key).toBe('overview');
    expect(matchingNavEntry('/user/fax-history/')?.key).toBe('faxHistory');
    expect(matchingNavEntry('/user/fax-review')?.key).toBe('faxHistory');
    expect(matchingNavEntry('/user/settings/advanced')?.key).toBe('settings');
    expect(matchingNavEntry('/user/add-user')?.key).toBe('userAdministration');
    expect(matchingNavEntry('/user/contacts')?.key).toBe('contacts');
    expect(matchingNavEntry('/user/support')?.key).toBe('support');
    expect(matchingNavEntry('/user/api-keys')?.key).toBe('apiKeys');
    expect(matchingNavEntry('/user/webhooks')?.key).toBe('webhooks');
    expect(matchingNavEntry('/user/inboxes')?.key).toBe('inboxes');
    expect(matchingNavEntry('/user/routing-rules')?.key).toBe('routingRules');
    expect(matchingNavEntry('/user/numbers')?.key).toBe('numbers');
    expect(matchingNavEntry('/user/email-to-fax')?.key).toBe('emailToFax');
    expect(matchingNavEntry('/user/billing')?.key).toBe('billing');
    expect(matchingNavEntry('/user/porting')?.key).toBe('porting');
    expect(matchingNavEntry('/user/security')?.key).toBe('security');
    expect(matchingNavEntry('/user/audit-trail')?.key).toBe('auditTrail');
  });

  it('finds none for a page without an entry (the header then says User Dashboard)', () => {
    expect(matchingNavEntry('/user/no-such-page')).toBeNull();
    expect(matchingNavEntry('/user/send-faxes')).toBeNull();
  });
});

describe('maySeeFaxes', () => {
  it('is true for every role but Billing, and for an unknown role', () => {
    expect(maySeeFaxes('owner')).toBe(true);
    expect(maySeeFaxes('admin')).toBe(true);
    expect(maySeeFaxes('user')).toBe(true);
    expect(maySeeFaxes('billing')).toBe(false);
    expect(maySeeFaxes(undefined)).toBe(true);
  });
});
