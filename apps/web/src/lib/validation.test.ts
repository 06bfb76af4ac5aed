import { ZAddNumbersRequest, ZContactRequest, ZEditNumberRequest, ZSendFaxRequest, ZSignUpRequest } from '@faxline/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { english } from '@/testing/english';

import { firstIssue, maxLengthOf, VALIDATION_KEYS, validationKey } from './validation';

describe('validationKey', () => {
  it('keeps the keys the shared schemas use', () => {
    expect(validationKey('validation.passwordTooShort')).toBe('messages:validation.passwordTooShort');
    expect(validationKey('validation.email')).toBe('messages:validation.email');
  });

  it('turns anything else (a zod default message) into the generic key', () => {
    expect(validationKey('Too big: expected string to have <=120 characters')).toBe('errors:validation.invalid');
    expect(validationKey(undefined)).toBe('errors:validation.invalid');
  });

  it('has an English text for every key', () => {
    for (const key of VALIDATION_KEYS) expect(english(validationKey(key))).not.toBe('');
    expect(english('errors:validation.invalid')).not.toBe('');
    expect(english('messages:validation.passwordTooShort')).toBe('Password must be at least 8 characters long.');
  });
});

describe('firstIssue', () => {
  it('names the field and the message key of the first problem of a shared schema', () => {
    const result = ZSignUpRequest.safeParse({ name: 'Ada', email: 'not-an-address', password: 'abc' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(firstIssue(result.error.issues, ['name', 'email', 'password'] as const)).toEqual({
      field: 'email',
      key: 'messages:validation.email',
    });
  });

  it('has no field for a path outside the form', () => {
    expect(firstIssue([{ path: ['token'], message: 'x' }], ['email'] as const)).toEqual({ field: null, key: 'errors:validation.invalid' });
  });
});

describe('maxLengthOf', () => {
  it("reads a text field's limit from the shared contract, through optional and default", () => {
    expect(maxLengthOf(ZSendFaxRequest.shape.recipientName)).toBe(120);
    expect(maxLengthOf(ZSendFaxRequest.shape.coverSubject)).toBe(200);
    expect(maxLengthOf(ZContactRequest.shape.message)).toBe(5000);
    expect(maxLengthOf(ZAddNumbersRequest.shape.provider)).toBe(40);
    expect(maxLengthOf(ZEditNumberRequest.shape.provider)).toBe(40);
  });

  it('gives no limit for a text field that has none', () => {
    expect(maxLengthOf(z.string().optional())).toBeUndefined();
  });
});
