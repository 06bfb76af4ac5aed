// Builds the web app, the server and the client libraries only when something they are built from changed since their last build here, so
// that `npm start` on an unchanged checkout starts at once (decision 077). `npm run build` still builds everything.
//
// A build's stamp (node_modules/.cache/faxline-build/<part>.json) holds two hashes: of everything the part is built
// from (its folder, @faxline/shared, the lock file, the root package.json and TypeScript settings, and for the web app
// the environment Vite reads), and of the build it made. A part is built again when either differs: a source changed,
// or its build was changed, removed or made by another command (`npm run build`, an older checkout) since.
//
// `node scripts/build-changed.mjs client` builds the parts named (by stamp) only: a test that needs one part.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampDir = path.join(root, 'node_modules', '.cache', 'faxline-build');

/** Folders that are never a source: installed packages, builds (ours and scripts/build-private.sh's), tests, Python's caches. */
const NOT_SOURCES = new Set(['node_modules', 'dist', '.builds', 'test', '__pycache__']);
/** What both parts are built from. */
const COMMON_SOURCES = ['packages/shared', 'package-lock.json', 'package.json', 'tsconfig.base.json'];

const parts = [
  {
    name: 'web app',
    stamp: 'web',
    // The API documentation shows the clients' send-and-wait examples as they are.
    sources: ['apps/web', 'packages/client/examples', 'packages/client/python/examples', ...COMMON_SOURCES],
    // Vite builds differently by NODE_ENV and gives the app the VITE_ variables.
    environment: () => Object.entries(process.env).filter(([name]) => name === 'NODE_ENV' || name.startsWith('VITE_')),
    output: 'apps/web/dist',
    workspace: '@faxline/web',
  },
  {
    name: 'server',
    stamp: 'server',
    sources: ['apps/server', ...COMMON_SOURCES],
    environment: () => [],
    output: 'apps/server/dist',
    workspace: '@faxline/server',
  },
  {
    // The Node.js tarball and the Python wheel the server serves at /downloads (decision 127).
    name: 'client libraries',
    stamp: 'client',
    sources: ['packages/client', ...COMMON_SOURCES],
    environment: () => [],
    output: 'packages/client/dist',
    workspace: '@faxline/client',
  },
];
const asked = process.argv.slice(2);
const unknown = asked.filter((stamp) => !parts.some((part) => part.stamp === stamp));
if (unknown.length > 0)
  throw new Error(`build-changed: no part ${unknown.join(', ')} (parts: ${parts.map((part) => part.stamp).join(', ')})`);

/** Every file under `relative` (or the file itself), as paths relative to the repository, in a stable order. */
function filesOf(relative) {
  const absolute = path.join(root, relative);
  let entries;
  try {
    entries = readdirSync(absolute, { withFileTypes: true });
  } catch (error) {
    if (error.code === 'ENOTDIR') return [relative];
    if (error.code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => !(entry.isDirectory() && NOT_SOURCES.has(entry.name)))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) return filesOf(child);
      return entry.isFile() ? [child] : [];
    });
}

/** One hash of the files' names and contents (a renamed or removed file changes it too), and of `extra`. */
function hashOf(files, extra = []) {
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  hash.update(JSON.stringify(extra));
  return hash.digest('hex');
}

/** The hash of a build folder's files, or null when it holds none. */
function outputHashOf(output) {
  const files = filesOf(output);
  return files.length === 0 ? null : hashOf(files);
}

function readStamp(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Written whole or not at all: a start stopped half-way through must not leave a stamp that says "built". */
function writeStamp(file, stamp) {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, `${JSON.stringify(stamp, null, 2)}\n`);
  renameSync(partial, file);
}

for (const part of parts.filter((candidate) => asked.length === 0 || asked.includes(candidate.stamp))) {
  const started = Date.now();
  const stampFile = path.join(stampDir, `${part.stamp}.json`);
  const inputs = hashOf(part.sources.flatMap(filesOf), part.environment());
  const stamp = readStamp(stampFile);
  const output = outputHashOf(part.output);
  if (stamp?.inputs === inputs && output !== null && stamp.output === output) {
    console.log(`build: ${part.name} unchanged since its last build (checked in ${Date.now() - started} ms)`);
    continue;
  }
  const reason =
    stamp === null || output === null
      ? 'has no build of its own yet'
      : stamp.inputs !== inputs
        ? 'changed'
        : 'has a build other than its own last one';
  console.log(`build: ${part.name} ${reason}: building`);
  rmSync(stampFile, { force: true });
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', part.workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeStamp(stampFile, { inputs, output: outputHashOf(part.output), builtAt: new Date().toISOString() });
  console.log(`build: ${part.name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
