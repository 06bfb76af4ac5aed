import { API_VERSION } from '@faxline/shared';

/**
 * The public API's versions, newest first, as /developers/changelog lists them: the first is API_VERSION, the one the
 * OpenAPI document states (a test holds them together). Each change is a text key of `changelog.changes`.
 */
export const API_CHANGELOG = [
  { version: API_VERSION, date: '2026-12-06', changes: ['oauthTokens', 'answersDeclared'] },
  {
    version: '1.1.0',
    date: '2026-12-05',
    changes: ['idempotencyEveryPost', 'idempotencyKeyChecked', 'errorDocUrl', 'numberFilter', 'webhookEvents', 'pollsAudited'],
  },
  { version: '1.0.0', date: '2026-11-26', changes: ['firstRelease'] },
] as const;

export type TApiChange = (typeof API_CHANGELOG)[number]['changes'][number];
