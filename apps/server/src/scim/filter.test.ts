import { describe, expect, it } from 'vitest';
import { AppError } from '../platform/http/app-error';
import { matches, parseFilter, parsePath } from './filter';
import { applyPatch } from './patch';

const user = {
  id: 'u1',
  externalId: 'Ext-1',
  userName: 'Grace@Example.org',
  name: { givenName: 'Grace', familyName: 'Hopper' },
  emails: [
    { value: 'grace@example.org', type: 'work', primary: true },
    { value: 'g@home.example', type: 'home' },
  ],
  active: true,
};
const hits = (filter: string) => matches(user, parseFilter(filter));
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.messageKey : String(error);
  }
  return null;
};

describe('SCIM filters (RFC 7644 §3.4.2.2)', () => {
  it('compares strings without regard to case, but ids and externalId exactly', () => {
    expect(hits('userName eq "grace@example.org"')).toBe(true);
    expect(hits('USERNAME Eq "GRACE@EXAMPLE.ORG"')).toBe(true);
    expect(hits('externalId eq "ext-1"')).toBe(false);
    expect(hits('externalId eq "Ext-1"')).toBe(true);
    expect(hits('urn:ietf:params:scim:schemas:core:2.0:User:userName sw "grace"')).toBe(true);
  });

  it('reads and, or, not and parentheses with and binding tighter than or', () => {
    expect(hits('userName eq "x" or userName co "hopper" or active eq true and name.familyName eq "Hopper"')).toBe(true);
    expect(hits('(userName eq "x" or active eq true) and name.givenName eq "Ada"')).toBe(false);
    expect(hits('not (active eq false) and emails pr')).toBe(true);
    expect(hits('name.givenName ne "Grace"')).toBe(false);
  });

  it("reads value paths, and Entra's sub-attribute after them", () => {
    expect(hits('emails[type eq "work" and value ew "example.org"]')).toBe(true);
    expect(hits('emails[type eq "work"].value eq "GRACE@example.org"')).toBe(true);
    expect(hits('emails[type eq "home"].value eq "grace@example.org"')).toBe(false);
  });

  it('refuses what is not a filter with invalidFilter', () => {
    for (const bad of [
      'userName',
      'userName zz "x"',
      'userName eq',
      '(userName eq "x"',
      'userName eq "x" extra',
      'userName eq "unterminated',
    ])
      expect(
        codeOf(() => parseFilter(bad)),
        bad,
      ).toBe('scim.invalidFilter');
  });
});

describe('SCIM PATCH (RFC 7644 §3.5.2)', () => {
  it('replaces without a path from a value object whose keys may be paths', () => {
    const patched = applyPatch(user, [{ op: 'Replace', value: { active: 'False', 'name.givenName': 'G.' } }]);
    expect(patched).toMatchObject({ active: 'False', name: { givenName: 'G.', familyName: 'Hopper' } });
    expect(user.active).toBe(true);
  });

  it('changes the elements a filtered path names, and adds the one it describes when none matches', () => {
    const changed = applyPatch(user, [{ op: 'replace', path: 'emails[type eq "work"].value', value: 'new@example.org' }]);
    expect(changed.emails).toEqual([{ value: 'new@example.org', type: 'work', primary: true }, user.emails[1]]);
    const added = applyPatch({ emails: [] }, [{ op: 'add', path: 'emails[type eq "work"].value', value: 'a@example.org' }]);
    expect(added.emails).toEqual([{ type: 'work', value: 'a@example.org' }]);
  });

  it("adds and removes members in Okta's and Entra's shapes, and ignores extensions", () => {
    const group = { displayName: 'G', members: [{ value: 'a' }, { value: 'b' }] };
    const added = applyPatch(group, [{ op: 'add', path: 'members', value: [{ value: 'b' }, { value: 'c' }] }]);
    expect(added.members).toEqual([{ value: 'a' }, { value: 'b' }, { value: 'c' }]);
    expect(applyPatch(added, [{ op: 'remove', path: 'members[value eq "b"]' }]).members).toEqual([{ value: 'a' }, { value: 'c' }]);
    expect(applyPatch(added, [{ op: 'Remove', path: 'members', value: [{ value: 'a' }, { value: 'c' }] }]).members).toEqual([
      { value: 'b' },
    ]);
    const extension = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department';
    expect(applyPatch(group, [{ op: 'Add', path: extension, value: 'Radiology' }])).toEqual(group);
  });

  it('refuses an unknown operation, a remove without a path and a path it cannot read', () => {
    expect(codeOf(() => applyPatch(user, [{ op: 'move', path: 'userName', value: 'x' }]))).toBe('scim.invalidPatchOperation');
    expect(codeOf(() => applyPatch(user, [{ op: 'remove' }]))).toBe('scim.noTarget');
    expect(codeOf(() => parsePath('emails[type eq "work"'))).toBe('scim.invalidPath');
  });
});
