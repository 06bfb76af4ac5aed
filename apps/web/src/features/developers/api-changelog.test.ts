import { openApiDocument } from '@faxline/shared/api-v1';
import { describe, expect, it } from 'vitest';

import en from '@/locales/en/developers.json';

import { API_CHANGELOG } from './api-changelog';

describe('the API changelog', () => {
  it('starts with the version the OpenAPI document states, newest first, each change written', () => {
    expect(API_CHANGELOG[0].version).toBe(openApiDocument().info.version);
    const dates = API_CHANGELOG.map((entry) => entry.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(API_CHANGELOG.map((entry) => entry.version)).size).toBe(API_CHANGELOG.length);
    for (const change of API_CHANGELOG.flatMap((entry) => entry.changes)) expect(en.changelog.changes[change]).toBeTruthy();
  });
});
