import { describe, expect, it } from 'vitest';

import { checkContact, EMPTY_CONTACT_VALUES, fieldOf, formValuesOf, tagsOf } from './contact-form';

describe('checkContact', () => {
  it('passes a contact on as the API takes it, tags split and empty fields as null', () => {
    expect(checkContact({ ...EMPTY_CONTACT_VALUES, name: 'Ana', fax_number: '+1 555 010 2030', tags: 'vip, lab;;' })).toEqual({
      ok: true,
      input: {
        name: 'Ana',
        fax_number: '+1 555 010 2030',
        company: null,
        email: null,
        notes: null,
        tags: ['vip', 'lab'],
        station_id: null,
      },
    });
  });

  it("checks the station id its machine should announce as a number's own: digits, + and spaces, 20 at most", () => {
    const base = { ...EMPTY_CONTACT_VALUES, name: 'Ana', fax_number: '+15550102030' };
    expect(checkContact({ ...base, station_id: ' +1 555 010 2030 ' })).toMatchObject({
      ok: true,
      input: { station_id: '+1 555 010 2030' },
    });
    expect(checkContact({ ...base, station_id: 'ACME' })).toEqual({
      ok: false,
      problems: [{ field: 'station_id', message: 'errors.invalidStationId' }],
    });
    expect(checkContact({ ...base, station_id: '1'.repeat(21) })).toMatchObject({
      ok: false,
      problems: [{ field: 'station_id', message: 'errors.stationIdTooLong' }],
    });
  });

  it('names every field at fault with the shared message keys, in the form order', () => {
    const checked = checkContact({ ...EMPTY_CONTACT_VALUES, name: ' ', fax_number: '555', email: 'nope' });
    expect(checked).toEqual({
      ok: false,
      problems: [
        { field: 'name', message: 'errors.contactNameRequired' },
        { field: 'fax_number', message: 'errors.invalidRecipient' },
        { field: 'email', message: 'validation.email' },
      ],
    });
  });

  it('refuses an eleventh tag', () => {
    const tags = Array.from({ length: 11 }, (_, i) => `t${i}`).join(',');
    expect(checkContact({ ...EMPTY_CONTACT_VALUES, name: 'Ana', fax_number: '+15550102030', tags })).toMatchObject({
      ok: false,
      problems: [{ field: 'tags', message: 'errors.contactTooManyTags' }],
    });
  });
});

describe('the form values', () => {
  it('show a contact as typed, tags joined by commas', () => {
    const contact = {
      id: 'x',
      name: 'Ana',
      fax_number: '+15550102030',
      company: null,
      email: 'ana@example.com',
      notes: null,
      tags: ['a', 'b'],
      station_id: null,
      station_warning: null,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    };
    expect(formValuesOf(contact)).toEqual({
      name: 'Ana',
      fax_number: '+15550102030',
      company: '',
      email: 'ana@example.com',
      station_id: '',
      tags: 'a, b',
      notes: '',
    });
    expect(tagsOf(' a ; b,c ,')).toEqual(['a', 'b', 'c']);
  });

  it('find the field of a server issue path', () => {
    expect(fieldOf('body.fax_number')).toBe('fax_number');
    expect(fieldOf('tags')).toBe('tags');
    expect(fieldOf('body')).toBeNull();
    expect(fieldOf(undefined)).toBeNull();
  });
});
