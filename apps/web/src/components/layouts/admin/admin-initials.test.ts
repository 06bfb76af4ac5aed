import { describe, expect, it } from 'vitest';

import { adminInitials, nameFromEmail } from './admin-initials';

describe('the back-office avatar (spec 001 §2.10)', () => {
  it('derives a name from the e-mail address', () => {
    expect(nameFromEmail('jane.doe@x.com')).toBe('Jane Doe');
    expect(nameFromEmail('ops_team-2@faxline.test')).toBe('Ops Team');
    expect(nameFromEmail('admin@faxline.test')).toBe('Admin');
  });

  it('shows at most two initials, uppercased', () => {
    expect(adminInitials('jane.doe@x.com')).toBe('JD');
    expect(adminInitials('mary.ann.smith@x.com')).toBe('MA');
    expect(adminInitials('admin@faxline.test')).toBe('A');
    expect(adminInitials('émile.zola@x.fr')).toBe('ÉZ');
    expect(adminInitials('1234@x.com')).toBe('?');
  });
});
