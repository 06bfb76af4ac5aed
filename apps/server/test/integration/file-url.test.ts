import { execFileSync } from 'node:child_process';
import dns from 'node:dns/promises';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SANDBOX_TEST_NUMBERS } from '@faxline/shared';
import { ZV1Error } from '@faxline/shared/api-v1';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { makePdf } from '@test-support/factories/documents';
import { createFax } from '@test-support/factories/faxes';
import { fetchFileUrl, FileUrlError, MAX_REDIRECTS, type FetchFileUrlOptions } from '../../src/documents/fetch-url/fetch-file-url';
import { isPublicAddress } from '../../src/documents/fetch-url/fetch-file-url-checks';
import { prepareFaxJob } from '../../src/faxes/jobs/prepare-fax';
import { SOURCE_FETCH_TRIES } from '../../src/faxes/jobs/keep-source-document';
import { users } from '../../src/auth/schema';
import { faxes, faxFiles } from '../../src/faxes/schema';
import { translator } from '../../src/platform/i18n/i18n';
import { callV1, ownerWithApiKey } from '../support/api-keys';
import { jobDepsOf, openTestApp, type TestApp } from '../support/test-app';

// A client of the public API may give `file_url` instead of files; the worker fetches it, and nothing a URL
// says can make it reach inside our network. A local HTTPS server with a self-signed certificate plays the client's
// file host, trusted (FILE_URL_TRUSTED_ORIGINS, FILE_URL_CA_FILE) as only tests may.

let t: TestApp;
let dir: string;
let ca: string;
let pdf: Buffer;
let server: https.Server;
let silent: net.Server;
let origin: string;
let port: number;
let silentOrigin: string;
const silentSockets = new Set<net.Socket>();
let unannouncedSentWhole: boolean | undefined;
const hits = new Map<string, number>();
const hitsOf = (pathname: string) => hits.get(pathname) ?? 0;

/** The client's file host: each path one behaviour. */
function answer(request: IncomingMessage, response: ServerResponse) {
  const pathname = new URL(request.url ?? '/', origin).pathname;
  hits.set(pathname, hitsOf(pathname) + 1);
  const redirect = (location: string) => response.writeHead(302, { location }).end();
  switch (pathname) {
    case '/doc.pdf':
    case '/never-fetched.pdf':
      return response.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
    case '/download':
      return response
        .writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="Referral.pdf"' })
        .end(pdf);
    case '/page':
      return response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body>Not a document</body></html>');
    case '/same-origin':
      return redirect('/doc.pdf');
    case '/to-loopback':
      return redirect(`https://127.0.0.1:${port}/doc.pdf`);
    case '/to-metadata':
      return redirect('https://169.254.169.254/');
    case '/to-http':
      return redirect(`http://localhost:${port}/doc.pdf`);
    case '/loop':
      return redirect('/loop');
    case '/big':
      return response.writeHead(200, { 'content-length': String(1.5 * 1024 * 1024) }).end(Buffer.alloc(1.5 * 1024 * 1024, 0x41));
    case '/big-unannounced': {
      // No Content-Length: the size is known only by reading, which must stop at the limit.
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.on('close', () => (unannouncedSentWhole = response.writableFinished));
      const chunk = Buffer.alloc(64 * 1024, 0x41);
      let sent = 0;
      const more = () => {
        while (sent < 8 * 1024 * 1024 && !response.destroyed) {
          sent += chunk.length;
          if (!response.write(chunk)) return response.once('drain', more);
        }
        response.end();
      };
      return more();
    }
    case '/flaky':
      if (hitsOf(pathname) === 1) return response.writeHead(503).end();
      return response.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
    case '/down':
      return response.writeHead(503).end();
    case '/slow':
      return; // never answers
    default:
      return response.writeHead(404).end('not found');
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'faxline-file-url-'));
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
      ...['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
    ],
    { stdio: 'ignore' },
  );
  ca = readFileSync(path.join(dir, 'cert.pem'), 'utf8');
  pdf = await makePdf(1, 'Fetched');
  server = https.createServer({ key: readFileSync(path.join(dir, 'key.pem')), cert: ca }, answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
  origin = `https://localhost:${port}`;
  // A server that takes the connection and never starts TLS: only the connect time limit ends the wait.
  silent = net.createServer((socket) => {
    silentSockets.add(socket);
    // Read (and drop) what comes, so that the client's hang-up is seen.
    socket
      .on('close', () => silentSockets.delete(socket))
      .on('error', () => undefined)
      .resume();
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentOrigin = `https://localhost:${(silent.address() as net.AddressInfo).port}`;
  t = await openTestApp({
    env: { FAX_CLOCK_SCALE: '0.001', FILE_URL_TRUSTED_ORIGINS: `${origin},${silentOrigin}`, FILE_URL_CA_FILE: path.join(dir, 'cert.pem') },
  });
}, 180_000);

afterAll(async () => {
  await t?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  for (const socket of silentSockets) socket.destroy();
  await new Promise((resolve) => silent?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const trusted = (): FetchFileUrlOptions => ({ maxFileSizeMB: 1, trustedOrigins: [origin, silentOrigin], ca });

/** The FileUrlError a fetch fails with (the test fails if it succeeds or fails otherwise). */
async function refusal(url: string, options: FetchFileUrlOptions = trusted()) {
  const error = await fetchFileUrl(url, options).then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(FileUrlError);
  return { reason: (error as FileUrlError).reason, params: (error as FileUrlError).params };
}

describe('fetching a file_url', () => {
  it("fetches from the trusted test origin, named by the server's Content-Disposition, after a same-origin redirect", async () => {
    const fetched = await fetchFileUrl(`${origin}/download`, trusted());
    expect(fetched.name).toBe('Referral.pdf');
    expect(Buffer.from(fetched.bytes).equals(pdf)).toBe(true);
    expect((await fetchFileUrl(`${origin}/same-origin`, trusted())).name).toBe('doc.pdf');
  });

  it.each([
    ['https://127.0.0.1/x', 'loopback'],
    ['https://10.0.0.1/x', 'a private network'],
    ['https://169.254.169.254/latest/meta-data', 'the cloud metadata address'],
    ['https://[::ffff:169.254.169.254]/latest/meta-data', 'the metadata address, IPv4-mapped'],
  ])('refuses %s (%s) without connecting', async (url) => {
    expect(await refusal(url)).toEqual({ reason: 'url_private_address', params: {} });
  });

  it('refuses http, even from the trusted origin', async () => {
    expect((await refusal(`http://localhost:${port}/doc.pdf`)).reason).toBe('url_not_https');
  });

  it('refuses this machine when its origin is not trusted: by name, and by the address a host name resolves to', async () => {
    expect((await refusal(`${origin}/doc.pdf`, { maxFileSizeMB: 1, ca })).reason).toBe('url_private_address');
    // The machine's own name resolves to one of its addresses (never a public one here): refused by the lookup that
    // the connection itself makes.
    const own = os.hostname();
    const addresses = await dns.lookup(own, { all: true }).catch(() => []);
    if (addresses.length > 0 && addresses.every((a) => !isPublicAddress(a.address))) {
      expect((await refusal(`https://${own}:${port}/doc.pdf`, { maxFileSizeMB: 1, ca })).reason).toBe('url_private_address');
    }
  });

  it('checks every redirect as the first URL: to another private address, to the metadata address, to http', async () => {
    expect((await refusal(`${origin}/to-loopback`)).reason).toBe('url_private_address');
    expect((await refusal(`${origin}/to-metadata`)).reason).toBe('url_private_address');
    expect((await refusal(`${origin}/to-http`)).reason).toBe('url_not_https');
    // The refused hop is never requested.
    const before = hitsOf('/doc.pdf');
    await refusal(`${origin}/to-loopback`);
    expect(hitsOf('/doc.pdf')).toBe(before);
  });

  it(`follows at most ${MAX_REDIRECTS} redirects`, async () => {
    const before = hitsOf('/loop');
    expect(await refusal(`${origin}/loop`)).toEqual({ reason: 'url_too_many_redirects', params: { max: MAX_REDIRECTS } });
    expect(hitsOf('/loop') - before).toBe(MAX_REDIRECTS + 1);
  });

  it('refuses a file over the size limit: announced by Content-Length, or found by reading no further than the limit', async () => {
    expect(await refusal(`${origin}/big`)).toEqual({ reason: 'url_too_large', params: { size: 1 } });
    expect(await refusal(`${origin}/big-unannounced`)).toEqual({ reason: 'url_too_large', params: { size: 1 } });
    // The 8 MB were not read to the end: the connection was closed under the sender.
    await expect.poll(() => unannouncedSentWhole, { timeout: 5_000 }).toBe(false);
  });

  it('names the HTTP status of an error answer', async () => {
    expect(await refusal(`${origin}/missing.pdf`)).toEqual({ reason: 'url_http_status', params: { status: 404 } });
  });

  it('gives up on a server that never answers, at the time limit', async () => {
    const started = Date.now();
    expect(await refusal(`${origin}/slow`, { ...trusted(), timeoutMs: 500 })).toEqual({ reason: 'url_timeout', params: { seconds: 0.5 } });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('gives up on a connection that never completes, at the connect time limit', async () => {
    const started = Date.now();
    expect(await refusal(`${silentOrigin}/doc.pdf`, { ...trusted(), connectTimeoutMs: 300 })).toEqual({
      reason: 'url_timeout',
      params: { seconds: 0.3 },
    });
    expect(Date.now() - started).toBeLessThan(3_000);
    // And it hung up rather than leave the connection open.
    await expect.poll(() => silentSockets.size, { timeout: 2_000 }).toBe(0);
  });

  it("refuses a certificate that is not trusted (the test server's, without its CA)", async () => {
    expect((await refusal(`${origin}/doc.pdf`, { maxFileSizeMB: 1, trustedOrigins: [origin] })).reason).toBe('url_unreachable');
  });
});

describe('POST /v1/faxes with a file_url', () => {
  it('refuses at once what no fetch could take (a private or loopback address, http), with a 400 and nothing stored', async () => {
    const { secret, account } = await ownerWithApiKey(t);
    const cases = [
      ['https://127.0.0.1/x', 'errors.fileUrlPrivateAddress'],
      ['https://10.0.0.1/x', 'errors.fileUrlPrivateAddress'],
      ['https://169.254.169.254/latest/meta-data', 'errors.fileUrlPrivateAddress'],
      ['https://[::1]/x', 'errors.fileUrlPrivateAddress'],
      ['http://example.com/x.pdf', 'errors.fileUrlNotHttps'],
      ['https://user:secret@example.com/x.pdf', 'errors.fileUrlInvalid'],
    ] as const;
    for (const [url, code] of cases) {
      const response = await callV1(t, secret, 'POST', '/v1/faxes', {
        payload: { recipient: SANDBOX_TEST_NUMBERS.delivers, file_url: url },
      });
      expect(response.statusCode, url).toBe(400);
      expect(ZV1Error.parse(response.json()).error, url).toMatchObject({ type: 'invalid_request_error', code });
    }
    expect(await t.db.select().from(faxes).where(eq(faxes.accountId, account.id))).toEqual([]);
  });

  it('accepts a redirect to a private address, then the worker refuses the hop and fails the fax, saying why', async () => {
    const fax = await faxFromApi(`${origin}/to-loopback`);
    await expect
      .poll(async () => (await t.db.select().from(faxes).where(eq(faxes.id, fax.id)))[0]?.status, { timeout: 60_000 })
      .toBe('failed');
    const [row] = await t.db.select().from(faxes).where(eq(faxes.id, fax.id));
    expect(row).toMatchObject({ failureReason: 'conversion_error' });
    expect(row?.failureMessage).toContain('private or reserved network address');
  });
});

/** A fax sent through the public API with a file_url, as a client sends it. */
async function faxFromApi(url: string) {
  const { secret } = await ownerWithApiKey(t);
  const sent = await callV1(t, secret, 'POST', '/v1/faxes', { payload: { recipient: SANDBOX_TEST_NUMBERS.delivers, file_url: url } });
  expect(sent.statusCode, sent.body).toBe(202);
  return { id: (sent.json() as { fax_id: string }).fax_id };
}

describe('the documents job with a file_url', () => {
  /** A fax sent through the public API with a file_url; `language` is its sender's (the fax's texts). */
  async function faxFrom(url: string, { language }: { language?: 'en' | 'es' | 'fr' } = {}) {
    const { secret, owner } = await ownerWithApiKey(t);
    if (language) await t.db.update(users).set({ language }).where(eq(users.id, owner.id));
    const sent = await callV1(t, secret, 'POST', '/v1/faxes', { payload: { recipient: SANDBOX_TEST_NUMBERS.delivers, file_url: url } });
    expect(sent.statusCode, sent.body).toBe(202);
    return { id: (sent.json() as { fax_id: string }).fax_id };
  }
  const rowOf = async (id: string) => (await t.db.select().from(faxes).where(eq(faxes.id, id)))[0]!;
  const finalState = (id: string) =>
    expect.poll(async () => (await rowOf(id)).status, { timeout: 60_000, interval: 200 }).toMatch(/^(delivered|failed|canceled)$/);

  it('fetches the document, keeps it as the fax file (the URL cleared), and delivers the fax', async () => {
    const fax = await faxFrom(`${origin}/download`);
    await finalState(fax.id);
    const done = await rowOf(fax.id);
    expect(done).toMatchObject({ status: 'delivered', pages: 1, sourceUrl: null, failureReason: null });
    const files = await t.db.select().from(faxFiles).where(eq(faxFiles.faxId, fax.id));
    expect(files).toMatchObject([{ position: 0, name: 'Referral.pdf', type: 'pdf', size: pdf.length }]);
    expect(Buffer.from(await t.files.get(files[0]!.storageKey)).equals(pdf)).toBe(true);
  });

  it('does not fetch again when the fax already has its file (a run after a crash)', async () => {
    const { owner } = await createAccount(t);
    const fax = await createFax(t, {
      accountId: owner.accountId,
      userId: owner.id,
      status: 'converting',
      pages: null,
      line: 'sandbox',
      sourceUrl: `${origin}/never-fetched.pdf`,
      files: [{ name: 'kept.pdf', bytes: pdf, type: 'pdf' }],
    });
    await prepareFaxJob.handler({ faxId: fax.id }, jobDepsOf(t));
    await finalState(fax.id);
    expect((await rowOf(fax.id)).status).toBe('delivered');
    expect(hitsOf('/never-fetched.pdf')).toBe(0);
    expect(await t.db.select().from(faxFiles).where(eq(faxFiles.faxId, fax.id))).toHaveLength(1);
  });

  it('tries again after a failure that may pass (503), and delivers', async () => {
    const fax = await faxFrom(`${origin}/flaky`);
    await finalState(fax.id);
    expect((await rowOf(fax.id)).status).toBe('delivered');
    expect(hitsOf('/flaky')).toBe(2);
  });

  it(`fails the fax after ${SOURCE_FETCH_TRIES} tries of a server that stays down, saying why`, async () => {
    const fax = await faxFrom(`${origin}/down`);
    await finalState(fax.id);
    expect(await rowOf(fax.id)).toMatchObject({
      status: 'failed',
      failureReason: 'conversion_error',
      failureMessage: 'The document could not be fetched from the file URL: its server answered with HTTP status 503.',
    });
    expect(hitsOf('/down')).toBe(SOURCE_FETCH_TRIES);
  });

  it("fails the fax at once on a 404, in the fax's language", async () => {
    const fax = await faxFrom(`${origin}/missing.pdf`, { language: 'fr' });
    await finalState(fax.id);
    expect(await rowOf(fax.id)).toMatchObject({
      status: 'failed',
      failureReason: 'conversion_error',
      failureMessage: translator('fr')('errors.fileUrlHttpStatus', { status: 404 }),
      sourceUrl: `${origin}/missing.pdf`,
    });
    expect((await rowOf(fax.id)).failureMessage).toContain('404');
    expect(await t.db.select().from(faxFiles).where(eq(faxFiles.faxId, fax.id))).toHaveLength(0);
  });

  it('fails the fax when a redirect leads to a private address', async () => {
    const fax = await faxFrom(`${origin}/to-metadata`, { language: 'es' });
    await finalState(fax.id);
    expect(await rowOf(fax.id)).toMatchObject({
      status: 'failed',
      failureReason: 'conversion_error',
      failureMessage: translator('es')('errors.fileUrlPrivateAddress'),
    });
  });

  it('checks the fetched bytes as an upload, with the same messages: a web page is not a document', async () => {
    const fax = await faxFrom(`${origin}/page`);
    await finalState(fax.id);
    expect(await rowOf(fax.id)).toMatchObject({
      status: 'failed',
      failureReason: 'conversion_error',
      failureMessage: 'File "page" has an unsupported type. Allowed: PDF, JPG, PNG, DOC, DOCX, TXT.',
    });
  });
});
