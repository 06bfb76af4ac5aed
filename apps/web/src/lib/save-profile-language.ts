import { ZOk, type TLanguage } from '@faxline/shared';

import { apiSend } from './api-client';

/** PUT /api/profile/language. Loaded on the first change only, keeping the API client out of the first-load bundle. */
export async function saveProfileLanguage(language: TLanguage): Promise<void> {
  await apiSend('PUT', '/profile/language', { language }, ZOk);
}
