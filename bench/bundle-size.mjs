// The landing page's JavaScript budget (spec 000 §2 "/"): what must download before the first render, at most
// 150 kB gzip. Run after `npm run build`:  node bench/bundle-size.mjs
//
// It reads Vite's manifest (apps/web/dist/.vite/manifest.json) and gzips (zlib, default level, as Vite reports) each
// chunk: the entry and its static imports, which block the first render and count against the budget; then, each on
// its own line, the chunks the landing page fetches by itself right after (the page, the account control, the
// toasts ...); then those fetched only when someone uses a control (mobile menu, chat, navigation box). Beside the
// first-render files, the size of the brotli copy the build made and the server sends to browsers (the budget stays in
// gzip, as it was set). Exits 1 when the first-render total is over budget, 2 when the build, a listed module or a
// brotli copy is missing.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1000; // kB as Vite prints them (1 kB = 1000 bytes)
const webRoot = fileURLToPath(new URL('../apps/web/', import.meta.url));
// Another build's folder may be given (to compare two builds); the web app's dist by default.
const dist = process.argv[2] ? path.resolve(process.argv[2]) : path.join(webRoot, 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');

// What the landing page at 1280 px, in English, signed out, loads without being asked: matched on a chunk's source
// path, or its name for a chunk Rollup built without one (a module that is also reached from the entry).
const LANDING_LAZY = [
  ['the page', /^src\/app\/routes\/home\.tsx$/],
  ['its texts (marketing, en)', /^src\/locales\/en\/marketing\.json$/],
  ['who is signed in (GET /api/auth/session)', /^src\/lib\/auth\/api\/get-session\.ts$/],
  ['account control', /^(src\/components\/layouts\/site\/)?account-control(\.tsx)?$/],
  ['products menu', /^src\/components\/layouts\/site\/products-menu\.tsx$/],
  ['toasts', /^src\/components\/ui\/toaster\.tsx$/],
  ['footer (comes with the page)', /^src\/components\/layouts\/site\/site-footer\.tsx$/],
  ['service worker registration', /^src\/service-worker\/register\.ts$/],
  ['update banner (new version)', /^src\/features\/installed-app\/components\/update-banner\.tsx$/],
];
// Fetched when a person uses a control.
const ON_USE = [
  ['mobile menu (toggle)', /^src\/components\/layouts\/site\/mobile-menu\.tsx$/],
  ['chat panel (chat button)', /^src\/features\/assistant\/components\/chat-panel\.tsx$/],
  ['navigation box keywords (on focus)', /^src\/features\/assistant\/utils\/keyword-routes\.ts$/],
  ['navigation box access rule (on focus)', /^src\/features\/assistant\/utils\/route-access\.ts$/],
];

if (!existsSync(manifestPath)) {
  console.error(`No Vite manifest at ${path.relative(process.cwd(), manifestPath)}: run \`npm run build\` first.`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
  return gzipCache.get(file);
}

/** A manifest entry and everything it imports statically, as chunk files not already in `seen`. */
function withStaticImports(key, seen) {
  const files = [];
  const visit = (k) => {
    const chunk = manifest[k];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

/** The brotli copy `vite build` writes beside each text file (apps/web/build-tools/precompress.ts), if any. */
function brotliSize(file) {
  const copy = path.join(dist, `${file}.br`);
  return existsSync(copy) ? statSync(copy).size : undefined;
}

const kB = (bytes) => `${(bytes / 1000).toFixed(2).padStart(7)} kB`;
const sum = (files) => files.reduce((total, file) => total + gzipSize(file), 0);
let missing = false;

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1) {
  console.error(`Expected one entry in the manifest, found ${entries.length}.`);
  process.exit(2);
}
const [entryKey] = entries[0];
const seen = new Set();
const initial = withStaticImports(entryKey, seen);
const initialTotal = sum(initial);

console.log('Before the first render (entry and its static imports), gzip, and as sent (brotli):');
const unsent = initial.filter((file) => brotliSize(file) === undefined);
for (const file of initial) console.log(`  ${kB(gzipSize(file))}  ${kB(brotliSize(file) ?? 0)} br  ${file}`);
console.log(
  `  ${kB(initialTotal)}  ${kB(initial.reduce((total, file) => total + (brotliSize(file) ?? 0), 0))} br  total, budget ${kB(BUDGET_BYTES).trim()} gzip`,
);
const css = [...new Set(initial.flatMap((file) => Object.values(manifest).find((c) => c.file === file)?.css ?? []))];
for (const file of css) console.log(`  (and ${kB(gzipSize(file)).trim()} of CSS: ${file})`);

function group(title, list) {
  console.log(`\n${title}, gzip:`);
  let total = 0;
  for (const [label, pattern] of list) {
    const key = Object.keys(manifest).find((k) => pattern.test(manifest[k].src ?? manifest[k].name ?? k));
    if (!key) {
      console.log(`  missing: ${label} (${pattern})`);
      missing = true;
      continue;
    }
    const files = withStaticImports(key, seen);
    const bytes = sum(files);
    total += bytes;
    console.log(`  ${kB(bytes)}  ${label}${files.length ? `: ${files.join(', ')}` : ' (already loaded)'}`);
  }
  console.log(`  ${kB(total)}  total`);
}
group('Loaded by the landing page right after the first render', LANDING_LAZY);
group('Loaded when a control is first used', ON_USE);

if (unsent.length > 0) {
  console.error(`\nNo brotli copy of ${unsent.join(', ')}: the build's precompress step did not run.`);
  process.exit(2);
}
if (missing) {
  console.error('\nA module listed in bench/bundle-size.mjs is not in the build: update the list.');
  process.exit(2);
}
if (initialTotal > BUDGET_BYTES) {
  console.error(`\nOver budget: ${kB(initialTotal).trim()} before the first render, budget ${kB(BUDGET_BYTES).trim()}.`);
  process.exit(1);
}
console.log(`\nWithin budget: ${kB(initialTotal).trim()} of ${kB(BUDGET_BYTES).trim()}.`);
