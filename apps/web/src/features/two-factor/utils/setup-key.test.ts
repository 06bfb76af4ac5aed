import { describe, expect, it } from 'vitest';

import { groupSetupKey } from './setup-key';

describe('groupSetupKey', () => {
  it('splits the key into groups of four, the last one shorter when the length says so', () => {
    expect(groupSetupKey('JBSWY3DPEHPK3PXP')).toEqual(['JBSW', 'Y3DP', 'EHPK', '3PXP']);
    expect(groupSetupKey('JBSWY3DPEH')).toEqual(['JBSW', 'Y3DP', 'EH']);
  });

  it('reads a key that already has spaces, dashes or small letters the same way', () => {
    expect(groupSetupKey('jbsw y3dp-ehpk 3pxp')).toEqual(['JBSW', 'Y3DP', 'EHPK', '3PXP']);
  });

  it('gives no groups for no key', () => {
    expect(groupSetupKey('')).toEqual([]);
  });
});
