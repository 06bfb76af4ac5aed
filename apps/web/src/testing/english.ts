import { MESSAGE_DEFAULTS, MESSAGES } from '@faxline/shared';

import enAuth from '@/locales/en/auth.json';
import enCommon from '@/locales/en/common.json';
import enErrors from '@/locales/en/errors.json';

const namespaces: Record<string, unknown> = { auth: enAuth, common: enCommon, errors: enErrors, messages: MESSAGES.en };
const defaults: Record<string, string> = Object.fromEntries(Object.entries(MESSAGE_DEFAULTS).map(([name, value]) => [name, String(value)]));

/**
 * The English text of an i18n key ('auth:signIn.missingTitle', or a common key without a prefix), with {{values}}
 * filled in (the shared limits by default, as the app does): lets unit tests assert the spec's own words without starting i18next. Throws on a missing key.
 */
export function english(key: string, values: Record<string, string> = {}): string {
  const [namespace, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  let node: unknown = namespaces[namespace];
  for (const part of path.split('.'))
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No English text for ${key}`);
  return node.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? defaults[name] ?? `{{${name}}}`);
}
