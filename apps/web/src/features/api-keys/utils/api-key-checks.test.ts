import { MAX_API_KEY_NAME_LENGTH } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import { checkApiKey } from './api-key-checks';

describe('checkApiKey', () => {
  it('trims the name and keeps each scope once', () => {
    expect(checkApiKey({ name: '  Billing system ', scopes: ['faxes:read', 'faxes:write', 'faxes:read'] })).toEqual({
      ok: true,
      request: { name: 'Billing system', scopes: ['faxes:read', 'faxes:write'] },
    });
  });

  it('asks for a name, then for at least one scope, with the shared messages', () => {
    expect(checkApiKey({ name: '   ', scopes: ['faxes:read'] })).toEqual({
      ok: false,
      field: 'name',
      key: 'messages:errors.apiKeyNameRequired',
    });
    expect(checkApiKey({ name: 'EHR', scopes: [] })).toEqual({ ok: false, field: 'scopes', key: 'messages:errors.apiKeyScopesRequired' });
  });

  it('refuses a name past the contract’s limit', () => {
    expect(checkApiKey({ name: 'x'.repeat(MAX_API_KEY_NAME_LENGTH + 1), scopes: ['faxes:read'] })).toEqual({
      ok: false,
      field: 'name',
      key: 'messages:errors.apiKeyNameTooLong',
    });
  });
});
