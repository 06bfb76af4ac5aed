import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLANNED_SETTINGS, PLANNED_SYSTEM_SETTINGS } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

const SERVER_SOURCE = fileURLToPath(new URL('..', import.meta.url));
// Where a person's preferences are only stored and read back, not acted on.
const STORAGE = new Set(['accounts/settings.ts', 'accounts/settings-schema.ts']);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Decision 039: a control shown "Planned" is one the server does not act on yet. The day the server reads one of these
 * settings, this fails, so that the setting leaves the planned list and its control opens in the same change.
 */
describe('settings shown as planned', () => {
  const files = sourceFiles(SERVER_SOURCE)
    .map((path) => ({ path: relative(SERVER_SOURCE, path), text: readFileSync(path, 'utf8') }))
    .filter((file) => !STORAGE.has(file.path));

  it.each([...PLANNED_SYSTEM_SETTINGS, ...PLANNED_SETTINGS])('%s is read nowhere in the server', (name) => {
    const word = new RegExp(`\\b${name}\\b`);
    expect(files.filter((file) => word.test(file.text)).map((file) => file.path)).toEqual([]);
  });

  it('finds the server source it searches', () => {
    expect(files.some((file) => file.path === 'system-settings/effects.ts' && /\bmaintenanceMode\b/.test(file.text))).toBe(true);
  });
});
