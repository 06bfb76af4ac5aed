// Builds the installable clients into dist/downloads, which the server serves at /downloads (decision 127):
// - the Node.js package: ESM and CommonJS builds of src/index.ts with its types, packed by `npm pack` from
//   dist/package, whose package.json points at the builds (the workspace's points at the TypeScript source);
// - the Python client: python/faxline (stdlib only), as a wheel made by scripts/wheel.ts;
// - downloads.json: each file's language, name, version and SHA-256.
// Run by `npm run build -w @faxline/client`, and by scripts/build-changed.mjs when the package changed.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { NODE_CLIENT_TARBALL, type TClientDownloadManifest } from '@faxline/shared';
import { build, type BuildOptions } from 'esbuild';
import packageJson from '../package.json' with { type: 'json' };
import { PACKAGE_DIR } from './generated-files';
import { buildWheel, wheelFileName } from './wheel';

const dist = path.join(PACKAGE_DIR, 'dist');
const staged = path.join(dist, 'package');
const downloads = path.join(dist, 'downloads');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The published package.json: the workspace's name, version and dependencies, its entry points the builds. */
const publishedManifest = {
  name: packageJson.name,
  version: packageJson.version,
  description: packageJson.description,
  type: 'module',
  main: './dist/index.cjs',
  module: './dist/index.js',
  types: './dist/index.d.ts',
  exports: {
    '.': {
      import: { types: './dist/index.d.ts', default: './dist/index.js' },
      require: { types: './dist/index.d.cts', default: './dist/index.cjs' },
    },
    './openapi.json': './openapi.json',
    './package.json': './package.json',
  },
  engines: { node: '>=20' },
  dependencies: packageJson.dependencies,
  sideEffects: false,
};

async function buildNodePackage(): Promise<Buffer> {
  const out = path.join(staged, 'dist');
  const options: BuildOptions = {
    entryPoints: [path.join(PACKAGE_DIR, 'src/index.ts')],
    bundle: true,
    packages: 'external',
    target: 'es2022',
    logLevel: 'warning',
  };
  await Promise.all([
    build({ ...options, format: 'esm', platform: 'neutral', outfile: path.join(out, 'index.js') }),
    build({ ...options, format: 'cjs', platform: 'node', outfile: path.join(out, 'index.cjs') }),
  ]);
  execFileSync('npx', ['tsc', '-p', path.join(PACKAGE_DIR, 'tsconfig.build.json'), '--outDir', out], {
    cwd: PACKAGE_DIR,
    stdio: 'inherit',
  });
  // The same declarations for `require`: TypeScript reads a .d.cts as CommonJS, as index.cjs is.
  await copyFile(path.join(out, 'index.d.ts'), path.join(out, 'index.d.cts'));
  await writeFile(path.join(staged, 'package.json'), `${JSON.stringify(publishedManifest, null, 2)}\n`);
  for (const file of ['README.md', 'openapi.json']) await copyFile(path.join(PACKAGE_DIR, file), path.join(staged, file));
  await cp(path.join(PACKAGE_DIR, 'examples'), path.join(staged, 'examples'), { recursive: true });

  const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', downloads], { cwd: staged, encoding: 'utf8' }).trim();
  await rename(path.join(downloads, packed), path.join(downloads, NODE_CLIENT_TARBALL));
  return readFile(path.join(downloads, NODE_CLIENT_TARBALL));
}

async function buildPythonWheel(): Promise<{ file: string; bytes: Buffer }> {
  const source = path.join(PACKAGE_DIR, 'python', 'faxline');
  const modules = (await readdir(source)).filter((name) => name.endsWith('.py')).sort();
  const files = Object.fromEntries(
    await Promise.all(modules.map(async (name) => [`faxline/${name}`, await readFile(path.join(source, name))])),
  );
  const spec = {
    name: 'faxline',
    version: packageJson.version,
    summary: 'A client of the Faxline REST API v1, generated from its OpenAPI document (standard library only).',
    requiresPython: '>=3.9',
    readme: await readFile(path.join(PACKAGE_DIR, 'python', 'README.md'), 'utf8'),
    files,
  };
  const file = wheelFileName(spec);
  const bytes = await buildWheel(spec);
  await writeFile(path.join(downloads, file), bytes);
  return { file, bytes };
}

await rm(dist, { recursive: true, force: true });
await mkdir(downloads, { recursive: true });
const [tarball, wheel] = await Promise.all([buildNodePackage(), buildPythonWheel()]);
const manifest: TClientDownloadManifest = {
  downloads: [
    { language: 'javascript', name: packageJson.name, version: packageJson.version, file: NODE_CLIENT_TARBALL, sha256: sha256(tarball) },
    { language: 'python', name: 'faxline', version: packageJson.version, file: wheel.file, sha256: sha256(wheel.bytes) },
  ],
};
await writeFile(path.join(downloads, 'downloads.json'), `${JSON.stringify(manifest, null, 2)}\n`);
