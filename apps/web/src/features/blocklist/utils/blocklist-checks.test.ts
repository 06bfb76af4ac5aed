import { describe, expect, it } from 'vitest';

import { checkBlockedNumber } from './blocklist-checks';

describe('checkBlockedNumber', () => {
  it('drops the spaces, dashes and brackets people type, and sends no empty note', () => {
    expect(checkBlockedNumber({ prefix: ' +1 (888) 555 ', note: '  ' })).toEqual({ ok: true, request: { prefix: '+1888555' } });
    expect(checkBlockedNumber({ prefix: '+44-20', note: ' Junk ' })).toEqual({ ok: true, request: { prefix: '+4420', note: 'Junk' } });
  });

  it('asks for a number, and refuses what is not an international number or prefix, with the shared message', () => {
    expect(checkBlockedNumber({ prefix: ' ', note: '' })).toEqual({ ok: false, field: 'prefix', key: 'messages:validation.required' });
    for (const prefix of ['1888555', '+0123', 'abc', '+1234567890123456'])
      expect(checkBlockedNumber({ prefix, note: '' }), prefix).toEqual({
        ok: false,
        field: 'prefix',
        key: 'messages:errors.invalidBlockedPrefix',
      });
  });

  it('puts a note that is too long on the note field', () => {
    expect(checkBlockedNumber({ prefix: '+1888', note: 'x'.repeat(201) })).toEqual({
      ok: false,
      field: 'note',
      key: 'messages:errors.blocklistNoteTooLong',
    });
  });
});
