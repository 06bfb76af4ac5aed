import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found from this file whether it runs from `src/` (development, tests) or bundled into
 * `dist/main.js` (production), so that migrations and the web build are found in both.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@faxline/server') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @faxline/server package folder');
    dir = parent;
  }
}

const root = findServerRoot();

export function serverPath(...segments: string[]): string {
  return path.join(root, ...segments);
}
