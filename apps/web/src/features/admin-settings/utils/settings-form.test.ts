import { DEFAULT_SYSTEM_SETTINGS } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import { checkDraft, draftOf, fieldErrorsOf, noSecretEdits, secretsOf } from './settings-form';

const draft = (changes: Partial<ReturnType<typeof draftOf>> = {}) => ({ ...draftOf(DEFAULT_SYSTEM_SETTINGS), ...changes });

describe('checkDraft', () => {
  it('accepts the defaults, with the numbers back as numbers', () => {
    expect(checkDraft(draft())).toEqual({ ok: true, values: DEFAULT_SYSTEM_SETTINGS });
  });

  it("reports a price list that is not JSON of [{ label, id }] with the spec's check", () => {
    for (const text of ['[{"label":', '{"label":"Pro","id":"price_1"}', '[{"label":"Pro"}]']) {
      expect(checkDraft(draft({ stripeAdditionalPriceIds: text }))).toMatchObject({
        ok: false,
        priceListInvalid: true,
        errors: { stripeAdditionalPriceIds: { key: 'validation.stripePriceListJson' } },
      });
    }
    expect(checkDraft(draft({ stripeAdditionalPriceIds: '[{"label":"Pro","id":"price_1"}]' })).ok).toBe(true);
    // An emptied field means no additional prices.
    expect(checkDraft(draft({ stripeAdditionalPriceIds: '  ' }))).toMatchObject({ ok: true, values: { stripeAdditionalPriceIds: '[]' } });
  });

  it('puts each problem on its field, the first on the page first', () => {
    const check = checkDraft(
      draft({ primaryColor: 'purple', maxFileSizeMB: '26', apiRateLimit: '', backupRetentionDays: '1.5', defaultEmail: 'nope' }),
    );
    expect(check).toEqual({
      ok: false,
      priceListInvalid: false,
      first: 'defaultEmail',
      errors: {
        defaultEmail: { key: 'validation.email' },
        maxFileSizeMB: { key: 'validation.range' },
        apiRateLimit: { key: 'validation.required' },
        backupRetentionDays: { key: 'validation.wholeNumber' },
        primaryColor: { key: 'validation.colour' },
      },
    });
    expect(checkDraft(draft({ siteName: '   ' }))).toMatchObject({
      first: 'siteName',
      errors: { siteName: { key: 'validation.required' } },
    });
    expect(checkDraft(draft({ faviconUrl: 'ftp://example.com/icon.ico' }))).toMatchObject({
      errors: { faviconUrl: { key: 'validation.imageUrl' } },
    });
  });
});

describe('secretsOf', () => {
  it('sends a typed value, an empty string to remove, and nothing to keep', () => {
    const edits = noSecretEdits();
    expect(secretsOf(edits)).toEqual({});
    edits.apiKey = { replacement: ' fxk_live_123456789 ', remove: false };
    edits.paypalWebhookId = { replacement: 'typed then removed', remove: true };
    expect(secretsOf(edits)).toEqual({ apiKey: 'fxk_live_123456789', paypalWebhookId: '' });
  });
});

describe('fieldErrorsOf', () => {
  it("marks the fields named by the server's issues", () => {
    expect(
      fieldErrorsOf([
        { path: 'body.values.primaryColor', message: 'Enter a colour' },
        { path: 'body.secrets.apiKey', message: 'Too long' },
        { path: 'body', message: 'ignored' },
      ]),
    ).toEqual({ primaryColor: { message: 'Enter a colour' }, apiKey: { message: 'Too long' } });
  });
});
