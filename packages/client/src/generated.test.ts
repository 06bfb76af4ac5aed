import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { PACKAGE_DIR, renderGeneratedFiles } from '../scripts/generated-files';

// The client is generated from the contracts; this fails as soon as they change without `npm run generate -w @faxline/client`.
describe('the generated client', () => {
  it('is what the contracts generate today (openapi.json, src/schema.ts, the Python operations)', async () => {
    const files = await renderGeneratedFiles();
    expect(Object.keys(files)).toEqual(['openapi.json', 'src/schema.ts', 'python/faxline/_generated.py']);
    for (const [file, text] of Object.entries(files)) {
      const committed = await readFile(`${PACKAGE_DIR}/${file}`, 'utf8');
      expect(committed === text, `packages/client/${file} is stale: run npm run generate -w @faxline/client`).toBe(true);
    }
  }, 30_000);
});
