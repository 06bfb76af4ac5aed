// @ts-check
import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// One zone per web feature, so that no feature imports another (bulletproof-react's rule, kept current by itself).
const featuresDir = './apps/web/src/features';

const tooDeep = { group: ['../../../../*'], message: 'Too deep: import from a closer module or a shared one.' };
// React Router's setter starts from the last render's search, so two quick changes lose the first.
const searchParamsSetter = {
  name: 'react-router',
  importNames: ['useSearchParams'],
  message: 'Use useSearchState from lib/use-search-state: each change starts from the last one asked for.',
};
const featureZones = (existsSync(featuresDir) ? readdirSync(featuresDir, { withFileTypes: true }) : [])
  .filter((entry) => entry.isDirectory())
  .map((entry) => ({
    target: `${featuresDir}/${entry.name}`,
    from: featuresDir,
    except: [`./${entry.name}`],
    message: 'Features do not import each other; move shared code to components or lib.',
  }));

// The server's floors, lowest first (ARCHITECTURE.md draws them). A capability folder of apps/server/src may import
// its own files, platform/ and the folders of lower floors: never a folder of its own floor nor of a higher one, so
// capability folders form no circle. What a lower floor needs of a higher one is passed in (route-deps.ts,
// job-deps.ts, account-lifecycle.ts). A folder missing from the list fails the config check below.
const serverSrc = './apps/server/src';
const serverFloors = [
  ['documents'],
  ['audit'],
  ['email'],
  ['auth'],
  ['plans'],
  ['accounts'],
  ['lines'],
  ['system-settings', 'line-profiles'],
  ['numbers'],
  ['blocklist', 'contacts', 'content', 'downloads', 'reviews', 'api-keys', 'billing', 'inboxes'],
  ['faxes', 'scim', 'number-choice'],
  ['receipts'],
  ['events'],
  ['fax-emails', 'webhooks', 'bells', 'tickets', 'fax-text', 'fhir', 'sso'],
  ['routing', 'announcements', 'push'],
  ['retention', 'delivery-record'],
  ['porting'],
  ['oauth'],
  ['public-api', 'email-to-fax', 'backups', 'data-export'],
  ['mcp'],
  ['admin', 'metrics', 'health', 'seed', 'cli'],
];
const capabilities = (existsSync(serverSrc) ? readdirSync(serverSrc, { withFileTypes: true }) : [])
  .filter((entry) => entry.isDirectory() && entry.name !== 'platform')
  .map((entry) => entry.name);
const unplaced = capabilities.filter((name) => !serverFloors.flat().includes(name));
if (unplaced.length > 0) throw new Error(`eslint.config.js: place ${unplaced.join(', ')} on a floor of serverFloors`);
const floorOf = (name) => serverFloors.findIndex((floor) => floor.includes(name));
const routeFilesOf = (capability) =>
  readdirSync(`${serverSrc}/${capability}`)
    .filter((name) => /(^|-)routes\.ts$/.test(name))
    .map((name) => `${serverSrc}/${capability}/${name}`);
// platform/ is the ground floor: it imports nothing above it, neither a capability nor the files beside app.ts that
// gather them (route-deps.ts, job-deps.ts, tables.ts). What it needs from above is passed in.
const aboveGroundFloor = (existsSync(serverSrc) ? readdirSync(serverSrc) : [])
  .filter((name) => name !== 'platform')
  .map((name) => `${serverSrc}/${name}`);
const serverZones = [
  {
    target: `${serverSrc}/platform`,
    from: aboveGroundFloor,
    message: 'platform/ is the ground floor: it imports no capability; pass what it needs in instead.',
  },
  ...capabilities.map((capability) => ({
    target: `${serverSrc}/${capability}`,
    from: capabilities.filter((other) => other !== capability).flatMap(routeFilesOf),
    message: "A capability uses another's services, never its routes: app.ts mounts every route plugin.",
  })),
  ...capabilities.flatMap((capability) =>
    capabilities
      // lines/ and faxes/ have a zone of their own below, which says why.
      .filter((other) => other !== capability && floorOf(other) >= floorOf(capability) && !(capability === 'lines' && other === 'faxes'))
      .map((other) => ({
        target: `${serverSrc}/${capability}`,
        from: `${serverSrc}/${other}`,
        message: `${other}/ is on the same floor as ${capability}/ or above it (eslint.config.js, serverFloors): pass it in, or move the code to its owner.`,
      })),
  ),
  {
    target: `${serverSrc}/lines`,
    from: `${serverSrc}/faxes`,
    message: 'Lines deliver into an Inbox (lines/fax-line.ts); they do not import faxes/.',
  },
].filter((zone) => zone.from.length > 0);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/.builds/**', '**/node_modules/**', 'data/**', 'apps/server/drizzle/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { import: importPlugin, 'check-file': checkFile },
    settings: {
      'import/resolver': {
        typescript: { noWarnOnMultipleProjects: true, project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'] },
        node: true,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import/no-cycle': 'error',
      'import/no-self-import': 'error',
      'no-restricted-imports': ['error', { patterns: [tooDeep] }],
      // File and folder names are kebab-case (STYLE.md).
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { 'apps/*/src/**/': 'KEBAB_CASE', 'packages/*/src/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Configuration is read once (STYLE.md 6): only the config module may read the environment.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['apps/server/src/platform/config.ts', 'apps/server/src/platform/db/embedded-postgres.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings from platform/config.ts, not process.env.' },
      ],
    },
  },
  {
    // The web app: features do not import each other; shared code flows components/lib -> features -> app.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [tooDeep], paths: [searchParamsSetter] }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features must not import from app.' },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config', './apps/web/src/locales'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code must not depend on features or app.',
            },
            { target: './apps/web/src', from: './apps/server', message: 'The web app talks to the server over HTTP only.' },
          ],
        },
      ],
    },
  },
  {
    // The server never imports web code, and shared code imports neither.
    files: ['apps/server/**/*.ts', 'packages/shared/**/*.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/server', from: './apps/web', message: 'The server does not import web code.' },
            { target: './packages/shared', from: ['./apps/server', './apps/web'], message: 'Shared code depends on no app.' },
            ...serverZones,
          ],
        },
      ],
    },
  },
  prettier,
);
