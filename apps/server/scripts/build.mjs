// Bundles the server and @faxline/shared (TypeScript source) into dist/main.js, and its document threads' entry into
// dist/document-thread.js; npm packages stay external and load from node_modules at run time.
import path from 'node:path';
import { build } from 'esbuild';

/** @type {import('esbuild').Plugin} */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@faxline/') ? undefined : { path: args.path, external: true }));
  },
};

// `--outfile <path>` builds elsewhere (scripts/build-private.sh: a build of one's own, for parallel work).
const outfileFlag = process.argv.indexOf('--outfile');
const outfile = outfileFlag > 0 ? process.argv[outfileFlag + 1] : new URL('../dist/main.js', import.meta.url).pathname;

const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalNpmPackages],
  logLevel: 'warning',
};
// The server, and beside it the entry of its document threads (documents/threads/document-threads.ts loads it by that name).
await Promise.all([
  build({ ...options, entryPoints: [new URL('../src/main.ts', import.meta.url).pathname], outfile }),
  build({
    ...options,
    entryPoints: [new URL('../src/documents/threads/document-thread.ts', import.meta.url).pathname],
    outfile: path.join(path.dirname(outfile), 'document-thread.js'),
  }),
]);
