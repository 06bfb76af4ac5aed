import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openApiDocument, v1Samples, ZV1Error } from '@faxline/shared/api-v1';
import { makePdf } from '@test-support/factories/documents';
import { freePort, repoRoot } from '@test-support/faxline-process';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/audit/schema';
import { apiIdempotency } from '../../src/public-api/schema';
import { callV1, ownerWithApiKey } from '../support/api-keys';
import { openTestApp, type TestApp } from '../support/test-app';

// What a developer feels of /v1 (issue 41, item 4): every answer of a broad run of /v1 requests passes Stoplight
// Prism's validating proxy, the CLI as a developer runs it, against the OpenAPI document (every other /v1 answer of the
// tests is judged by Prism's pipeline in the test process, decision 136); the documentation's curl samples run in bash
// as they are pasted; Idempotency-Key is checked and honoured on every POST; a status poll is audited once an hour.

const run = promisify(execFile);
let t: TestApp;
let serverUrl: string;
let prism: ChildProcess;
let prismUrl: string;
let work: string;
let secret: string;

/** Prism's proxy in front of the server, validating every answer against the document (`--errors`: a breach is a 500). */
async function startPrism(documentPath: string, upstream: string): Promise<{ process: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(
    path.join(repoRoot, 'node_modules/.bin/prism'),
    ['proxy', documentPath, upstream, '--errors', '--host', '127.0.0.1', '--port', String(port)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Prism did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`Prism ended (${code}):\n${output}`)));
  });
  return { process: child, url: `http://127.0.0.1:${port}` };
}

beforeAll(async () => {
  t = await openTestApp({ work: false, env: { RATE_LIMIT_FACTOR: '100' } });
  serverUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  work = await mkdtemp(path.join(os.tmpdir(), 'faxline-api-quality-'));
  const documentPath = path.join(work, 'openapi.json');
  await writeFile(documentPath, JSON.stringify(openApiDocument('/v1')));
  ({ process: prism, url: prismUrl } = await startPrism(documentPath, `${serverUrl}/v1`));
  ({ secret } = await ownerWithApiKey(t));
}, 180_000);
afterAll(async () => {
  prism?.kill();
  await t?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

type Answer = { status: number; body: unknown; problem: string | null };

/**
 * A /v1 call through Prism (`path` without the /v1, as the document's paths are). `problem` says what Prism found wrong
 * with the answer: its own error body, or a violations header, which `--errors` should have turned into the former.
 */
async function viaPrism(method: string, url: string, { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${prismUrl}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${secret}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const parsed: unknown = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  const prismError = typeof parsed === 'object' && parsed !== null && String((parsed as { type?: unknown }).type).includes('stoplight.io');
  const violations = response.headers.get('sl-violations');
  const problem = prismError || violations ? `${method} ${url}: ${response.status} ${violations ?? text.slice(0, 600)}` : null;
  return { status: response.status, body: parsed, problem } satisfies Answer;
}

describe('every answer of a run of /v1 requests conforms to the OpenAPI document (Prism proxy)', () => {
  it('faxes, contacts, webhooks, the status and the errors, each answer as the document says', async () => {
    const answers: Array<Answer & { call: string }> = [];
    const call = async (method: string, url: string, options?: Parameters<typeof viaPrism>[2]) => {
      const answer = await viaPrism(method, url, options);
      answers.push({ ...answer, call: `${method} ${url}` });
      return answer;
    };
    const key = () => crypto.randomUUID();

    await call('GET', '/status');
    // Contacts: made, listed, read, changed, deleted, and then not found.
    const contact = (await call('POST', '/contacts', {
      body: { name: 'Dr. Ana Ruiz', fax_number: '+15550100125' },
      headers: { 'idempotency-key': key() },
    })) as { body: { id: string } };
    await call('GET', '/contacts?search=Ruiz');
    await call('GET', `/contacts/${contact.body.id}`);
    await call('PATCH', `/contacts/${contact.body.id}`, { body: { company: 'Clinic' } });
    await call('DELETE', `/contacts/${contact.body.id}`);
    await call('GET', `/contacts/${contact.body.id}`);

    // Faxes: priced, sent (and replayed), listed by every filter, read, canceled, deleted.
    const send = { recipient: '+15550100126', files: [{ name: 'letter.pdf', content: (await makePdf(1)).toString('base64') }] };
    await call('POST', '/faxes/quote', { body: send, headers: { 'idempotency-key': key() } });
    const sendKey = key();
    const sent = (await call('POST', '/faxes', { body: send, headers: { 'idempotency-key': sendKey } })) as { body: { fax_id: string } };
    await call('POST', '/faxes', { body: send, headers: { 'idempotency-key': sendKey } });
    await call('POST', '/faxes', { body: { ...send, recipient: undefined, recipients: ['+15550100127', '+15550100128'] } });
    const since = new Date(Date.now() - 3_600_000).toISOString();
    await call(
      'GET',
      `/faxes?status=queued&direction=outbound&number=%2B15550100126&created_after=${encodeURIComponent(since)}&sort=created_at&limit=5`,
    );
    await call('GET', `/faxes?to=%2B15550100127&created_before=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    await call('GET', `/faxes/${sent.body.fax_id}`);
    await call('GET', `/faxes/${sent.body.fax_id}/text`);
    await call('POST', `/faxes/${sent.body.fax_id}/cancel`, { headers: { 'idempotency-key': key() } });
    await call('POST', `/faxes/${sent.body.fax_id}/uncertain`, { body: { choice: 'keep' } });
    await call('DELETE', `/faxes/${sent.body.fax_id}`);
    await call('GET', `/faxes/${sent.body.fax_id}`);

    // Webhooks: an endpoint made, read, changed, tested, its log read and a message sent again, its secret rotated.
    const endpoint = (await call('POST', '/webhooks', {
      body: { url: 'https://hooks.example.com/faxline', events: ['fax.delivered', 'fax.failed'] },
      headers: { 'idempotency-key': key() },
    })) as { body: { id: string } };
    await call('GET', '/webhooks');
    await call('GET', `/webhooks/${endpoint.body.id}`);
    await call('PATCH', `/webhooks/${endpoint.body.id}`, { body: { description: 'EHR' } });
    const test = (await call('POST', `/webhooks/${endpoint.body.id}/test`, { headers: { 'idempotency-key': key() } })) as {
      body: { id: string };
    };
    await call('GET', `/webhooks/${endpoint.body.id}/messages`);
    await call('POST', `/webhooks/${endpoint.body.id}/messages/${test.body.id}/retry`);
    await call('POST', `/webhooks/${endpoint.body.id}/rotate-secret`, { headers: { 'idempotency-key': key() } });
    await call('DELETE', `/webhooks/${endpoint.body.id}`);

    // Errors the document declares: a bad key, bad input, an unknown fax, a key reused with another body.
    await call('GET', '/faxes', { headers: { authorization: 'Bearer fl_live_not-a-key' } });
    await call('POST', '/contacts', { body: { name: 'No number', fax_number: '12' } });
    await call('GET', '/faxes/00000000-0000-4000-8000-000000000000');
    await call('POST', '/faxes', { body: { ...send, recipient: '+15550100129' }, headers: { 'idempotency-key': sendKey } });

    expect(answers.map((answer) => answer.problem).filter(Boolean)).toEqual([]);
    // The run reached the server and got its answers, successes and refusals both.
    const statuses = new Set(answers.map((answer) => answer.status));
    for (const status of [200, 201, 202, 400, 401, 404, 409, 422]) expect(statuses, `a ${status} among the answers`).toContain(status);
    for (const answer of answers.filter((a) => a.status >= 400)) {
      const error = ZV1Error.parse(answer.body).error;
      expect(error.doc_url, answer.call).toBe(`${t.config.publicUrl}/api-documentation#${error.code}`);
    }
  }, 120_000);
});

describe('the documentation’s curl samples, run in bash as pasted', () => {
  it('the spec’s sample (an hour from now), the JSON and the multipart sends are accepted', async () => {
    await writeFile(path.join(work, 'letter.pdf'), await makePdf(1));
    const throughPrism = v1Samples(prismUrl);
    // The multipart one straight to the server: Prism's proxy passes a form's file on as text, which spoils a PDF's bytes.
    const direct = v1Samples(`${serverUrl}/v1`);
    for (const sample of [throughPrism.sendSpec, throughPrism.sendJson, direct.sendMultipart]) {
      const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', `${sample} --silent --show-error --write-out '\\n%{http_code}'`], {
        cwd: work,
        env: { PATH: process.env.PATH, FAXLINE_API_KEY: secret },
      });
      const [body, status] = [stdout.slice(0, stdout.lastIndexOf('\n')), stdout.slice(stdout.lastIndexOf('\n') + 1)];
      expect(status, `${sample}\n${body}`).toBe('202');
      expect(JSON.parse(body)).toMatchObject({ status: expect.stringMatching(/^(queued|scheduled)$/) });
    }
  }, 60_000);
});

describe('Idempotency-Key on every POST', () => {
  it('an empty or malformed key is a 400 with a stable code, on any call, and changes nothing', async () => {
    for (const [method, url, header] of [
      ['POST', '/v1/contacts', ''],
      ['POST', '/v1/webhooks', 'a key with spaces'],
      ['GET', '/v1/faxes', 'x'.repeat(256)],
    ] as const) {
      const answer = await callV1(t, secret, method, url, {
        headers: { 'idempotency-key': header },
        ...(method === 'POST'
          ? { payload: { name: 'Dr. Bo', fax_number: '+15550100130', url: 'https://hooks.example.com/x', events: [] } }
          : {}),
      });
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(400);
      expect(ZV1Error.parse(answer.json()).error).toMatchObject({ type: 'idempotency_error', code: 'errors.idempotencyKeyInvalid' });
    }
    expect((await callV1(t, secret, 'GET', '/v1/contacts?search=Bo')).json()).toMatchObject({ data: [] });
  });

  it('a webhook endpoint made twice with one key is made once, and the replay shows the same secret, stored sealed', async () => {
    const { secret: own, apiKey } = await ownerWithApiKey(t, undefined, 'Webhook owner');
    const body = { url: 'https://hooks.example.com/once', events: ['fax.delivered'] };
    const headers = { 'idempotency-key': 'make-the-endpoint-once' };
    const first = await callV1(t, own, 'POST', '/v1/webhooks', { payload: body, headers });
    const again = await callV1(t, own, 'POST', '/v1/webhooks', { payload: body, headers });
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await callV1(t, own, 'GET', '/v1/webhooks')).json().data).toHaveLength(1);
    const [kept] = await t.db.select().from(apiIdempotency).where(eq(apiIdempotency.callerId, apiKey.id));
    const shown = (first.json() as { secret: string }).secret;
    expect(kept!.responseBody).not.toContain(shown);

    // The same for a rotation: one new secret, replayed; another key rotates again.
    const id = (first.json() as { id: string }).id;
    const rotate = (key: string) => callV1(t, own, 'POST', `/v1/webhooks/${id}/rotate-secret`, { headers: { 'idempotency-key': key } });
    const rotated = await rotate('rotate-1');
    expect((await rotate('rotate-1')).json()).toEqual(rotated.json());
    expect((await rotate('rotate-2')).json().secret).not.toBe(rotated.json().secret);
  });
});

describe('polling a fax', () => {
  it('writes one audit row an hour per person and fax, however often it is polled', async () => {
    const { secret: own, owner } = await ownerWithApiKey(t, undefined, 'Poller');
    const sent = await callV1(t, own, 'POST', '/v1/faxes', {
      payload: { recipient: '+15550100131', files: [{ name: 'a.pdf', content: (await makePdf(1)).toString('base64') }] },
    });
    const faxId = (sent.json() as { fax_id: string }).fax_id;
    for (let poll = 0; poll < 5; poll += 1) expect((await callV1(t, own, 'GET', `/v1/faxes/${faxId}`)).statusCode).toBe(200);
    const views = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, faxId), eq(auditEvents.action, 'fax.view'), eq(auditEvents.actorUserId, owner.id)));
    expect(views).toHaveLength(1);
    expect(views[0]!.details).toMatchObject({ poll: 'first read of the hour' });
  });
});

describe('the OpenAPI document', () => {
  it('passes `redocly lint` (redocly.yaml: the recommended rules, less info-license)', async () => {
    const { stdout, stderr } = await run(path.join(repoRoot, 'node_modules/.bin/redocly'), ['lint', path.join(work, 'openapi.json')], {
      cwd: repoRoot,
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1', REDOCLY_TELEMETRY: 'off' },
    });
    expect(`${stdout}${stderr}`).toContain('Your API description is valid');
    expect(`${stdout}${stderr}`).not.toMatch(/You have \d+ warning/);
  }, 60_000);
});
