import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { NODE_CLIENT_TARBALL, SANDBOX_TEST_NUMBERS, ZClientDownloads, type TClientDownload } from '@faxline/shared';
import { freePort } from '@test-support/faxline-process';
import { makePdf } from '@test-support/factories/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithApiKey } from '../support/api-keys';
import { openTestApp, type TestApp } from '../support/test-app';

// The clients as a customer installs them (decision 127): from this server's /downloads, into an empty folder and a
// fresh virtual environment, with no package index for Python; each runs its documented send-and-wait example against
// the server, its worker and the sandbox line, and gets a delivered fax.
const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const examples = {
  node: path.join(root, 'packages/client/examples/send-and-wait.mjs'),
  python: path.join(root, 'packages/client/python/examples/send_and_wait.py'),
};

let t: TestApp;
let served: TestApp;
let origin: string;
let scratch: string;
let downloads: TClientDownload[];
beforeAll(async () => {
  // The same build `npm start` and `npm test` make (scripts/build-changed.mjs): nothing to do when it is current.
  await run('node', ['scripts/build-changed.mjs', 'client'], { cwd: root });
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await openTestApp({ env: { FAX_CLOCK_SCALE: '0.05' } });
  // The same server, with its public address where it listens: the index gives absolute addresses (PUBLIC_URL's).
  // Keys are made through `t`, whose address the test kit's sign-in comes from.
  served = await openTestApp({ sharing: { env: t.env }, env: { FAX_CLOCK_SCALE: '0.05', PUBLIC_URL: origin } });
  await served.app.listen({ host: '127.0.0.1', port });
  scratch = await mkdtemp(path.join(tmpdir(), 'faxline-clients-'));
  downloads = ZClientDownloads.parse(await (await fetch(`${origin}/downloads/index.json`)).json()).downloads;
}, 180_000);
afterAll(async () => {
  await served?.close();
  await t?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const downloadOf = (language: TClientDownload['language']) => downloads.find((download) => download.language === language)!;

/** A folder of its own with a one-page PDF in it, and the environment the examples read the server and key from. */
async function customerFolder(name: string) {
  const folder = path.join(scratch, name);
  const { secret } = await ownerWithApiKey(t, undefined, name);
  await run('mkdir', ['-p', folder]);
  await writeFile(path.join(folder, 'referral.pdf'), await makePdf(1));
  return { folder, env: { ...process.env, FAXLINE_API_URL: `${origin}/v1`, FAXLINE_API_KEY: secret } };
}

describe('/downloads', () => {
  it('lists the Node.js tarball and the Python wheel, each with the SHA-256 of what it serves', async () => {
    expect(downloads.map(({ language, name }) => ({ language, name }))).toEqual([
      { language: 'javascript', name: '@faxline/client' },
      { language: 'python', name: 'faxline' },
    ]);
    const node = downloadOf('javascript');
    const python = downloadOf('python');
    expect(node.url).toBe(`${origin}/downloads/${NODE_CLIENT_TARBALL}`);
    expect(python.url).toBe(`${origin}/downloads/faxline-${python.version}-py3-none-any.whl`);
    for (const download of downloads) {
      const response = await fetch(download.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(download.language === 'python' ? 'application/zip' : 'application/gzip');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(download.sha256);
    }
  });

  it('serves only the files it lists: another name is a translated 404', async () => {
    for (const name of ['faxline-0.0.1-py3-none-any.whl', 'downloads.json', '..%2Fpackage%2Fpackage.json']) {
      const response = await fetch(`${origin}/downloads/${name}`, { headers: { 'accept-language': 'fr' } });
      expect(response.status, name).toBe(404);
      expect((await response.json()).error).toMatchObject({
        code: 'errors.clientDownloadNotFound',
        message: expect.stringContaining('bibliothèque'),
      });
    }
  });
});

// The two wait on their own processes: side by side.
describe.concurrent('the clients, installed from the server', () => {
  it('npm install <served tarball> in an empty folder: plain node runs the example and the fax is delivered; require() works too', async () => {
    const { folder, env } = await customerFolder('node');
    // Its one dependency (openapi-fetch) comes from npm's cache when it is there, as after `npm install` of this repository.
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', downloadOf('javascript').url], {
      cwd: folder,
    });
    await copyFile(examples.node, path.join(folder, 'send-and-wait.mjs'));
    const sent = await run('node', ['send-and-wait.mjs', 'referral.pdf', SANDBOX_TEST_NUMBERS.delivers], { cwd: folder, env });
    expect(sent.stdout).toMatch(/^[0-9a-f-]{36} delivered 1\n$/);

    const required = await run(
      'node',
      ['-e', "const c = require('@faxline/client'); console.log(typeof c.createFaxlineClient, c.FINAL_FAX_STATUSES.length)"],
      {
        cwd: folder,
      },
    );
    expect(required.stdout).toBe('function 5\n');
  }, 120_000);

  it('pip install <served wheel> with no index in a fresh virtual environment: the example sends, waits, and the fax is delivered', async () => {
    const { folder, env } = await customerFolder('python');
    await run('python3', ['-m', 'venv', 'venv'], { cwd: folder });
    const python = path.join(folder, 'venv', 'bin', 'python');
    await run(python, ['-m', 'pip', 'install', '--no-index', '--disable-pip-version-check', '--quiet', downloadOf('python').url], {
      cwd: folder,
    });
    await copyFile(examples.python, path.join(folder, 'send_and_wait.py'));
    const sent = await run(python, ['send_and_wait.py', 'referral.pdf', SANDBOX_TEST_NUMBERS.delivers], { cwd: folder, env });
    expect(sent.stdout).toMatch(/^[0-9a-f-]{36} delivered 1\n$/);

    // An error answer raises FaxlineApiError with the API's stable code.
    const refused = await run(
      python,
      [
        '-c',
        'import faxline\ntry:\n  faxline.Faxline(__import__("os").environ["FAXLINE_API_URL"], "fl_live_nope").list_faxes()\nexcept faxline.FaxlineApiError as e:\n  print(e.status, e.code)',
      ],
      {
        cwd: folder,
        env,
      },
    );
    expect(refused.stdout).toBe('401 errors.invalidApiKey\n');
  }, 120_000);
});
