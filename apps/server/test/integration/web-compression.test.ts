import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../support/test-app';

// A web build of its own, as `vite build` leaves it (apps/web/build-tools/precompress.ts): index.html, a hashed script
// and a public image, each with brotli (.br) and gzip (.gz) copies beside it; a file too small to gain has none.
const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Faxline</title>
<script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>\n`;
// Text that compresses as a real bundle does (repeated identifiers), with random bytes so that no answer can be canned.
const SCRIPT = Array.from(
  { length: 400 },
  (_, i) =>
    `export function render${i}(props){return createElement("div",{className:"card-${i}"},props.children,"${randomBytes(6).toString('hex')}");}\n`,
).join('');
const IMAGE = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600">${'<rect width="10" height="10" fill="#6d28d9"/>'.repeat(50)}</svg>`;

async function writeWithSiblings(file: string, text: string) {
  await fs.writeFile(file, text);
  await fs.writeFile(`${file}.br`, brotliCompressSync(text));
  await fs.writeFile(`${file}.gz`, gzipSync(text));
}

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-web-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.mkdir(path.join(dist, 'images'));
  await writeWithSiblings(path.join(dist, 'index.html'), INDEX_HTML);
  await writeWithSiblings(path.join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  await writeWithSiblings(path.join(dist, 'images', 'hero.svg'), IMAGE);
  await fs.writeFile(path.join(dist, 'assets', 'tiny-abc123.js'), 'export{};');
  t = await openTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return response.rawPayload.toString('utf8');
}

describe('the web app, compressed at build time and sent as the browser accepts', () => {
  it('sends brotli to a browser that accepts it, decoding to the file', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    // The type of the script, not of a .br file.
    expect(response.headers['content-type']).toBe((await get('/assets/index-abc123.js')).headers['content-type']);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
    expect(decoded(response)).toBe(SCRIPT);
  });

  it('sends gzip to a browser that takes gzip and not brotli', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip', '*']) {
      const response = await get('/assets/index-abc123.js', acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(response.headers.vary).toBe('accept-encoding');
      expect(decoded(response)).toBe(SCRIPT);
    }
  });

  it('sends the file itself without Accept-Encoding, or with only encodings it has no copy in', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const response = await get('/assets/index-abc123.js', acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding'], String(acceptEncoding)).toBeUndefined();
      expect(response.headers.vary).toBe('accept-encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body).toBe(SCRIPT);
    }
    const tiny = await get('/assets/tiny-abc123.js', 'br, gzip');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export{};');
  });

  it('compresses public files too (images in SVG)', async () => {
    const response = await get('/images/hero.svg', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(decoded(response)).toBe(IMAGE);
  });

  it('compresses index.html at / and on every page address, kept fresh (no-cache)', async () => {
    for (const url of ['/', '/index.html', '/pricing', '/user/fax-history?page=2']) {
      for (const [acceptEncoding, expected] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const response = await get(url, acceptEncoding);
        const label = `${url} with ${String(acceptEncoding)}`;
        expect(response.statusCode, label).toBe(200);
        expect(response.headers['content-encoding'], label).toBe(expected);
        expect(response.headers['content-type'], label).toBe('text/html; charset=utf-8');
        expect(response.headers['cache-control'], label).toBe('no-cache');
        expect(response.headers.vary, label).toBe('accept-encoding');
        expect(decoded(response), label).toBe(INDEX_HTML);
      }
    }
  });

  it('keeps answering a missing asset and an unknown API path with a JSON 404', async () => {
    for (const url of ['/assets/missing-abc123.js', '/api/nothing-here']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-encoding'], url).toBeUndefined();
      expect(response.json(), url).toMatchObject({ error: { type: 'not_found' } });
    }
  });
});
