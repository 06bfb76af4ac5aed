import { ZApiError } from '@faxline/shared';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '@test-support/factories/accounts';
import { openTestApp, signIn, TEST_ORIGIN, type TestApp } from '../support/test-app';

// What the contracts cannot catch still gets a translated 4xx (the safety net of decision 019), and a database error
// never puts its SQL or parameters in the logs: a request's values are personal data, passwords and tokens.
const lines: string[] = [];
const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
const SECRET = 'hunter2-never-logged';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp({ work: false, logger });
  // Routes that exist only in this test: a value PostgreSQL refuses, and a statement that fails for the server's fault.
  t.app.get('/api/test/refused-value', async () => {
    await t.db.execute(sql`select ${`${SECRET}\u0000`}::text as value`);
    return { ok: true };
  });
  t.app.get('/api/test/broken-statement', async () => {
    await t.db.execute(sql`select * from no_such_table where secret = ${SECRET}`);
    return { ok: true };
  });
  await t.app.ready();
});
afterAll(() => t.close());
beforeEach(() => void lines.splice(0));

const logged = () => lines.map((line) => JSON.parse(line) as { level: number; msg: string; database?: { code: string } });

describe('a database error', () => {
  it('that is about a value (class 22) answers 400 in the caller’s language, and warns without the SQL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/refused-value', headers: { 'accept-language': 'fr' } });
    expect(response.statusCode).toBe(400);
    expect(ZApiError.parse(response.json()).error).toEqual({
      type: 'invalid_request',
      code: 'errors.invalidValue',
      message: 'Une valeur de cette requête ne peut pas être utilisée. Vérifiez les valeurs envoyées et réessayez.',
    });
    const warning = logged().find((line) => line.msg === 'the database refused a value from the request');
    expect(warning).toMatchObject({ level: 40, database: { code: '22021' } });
    expect(lines.join('\n')).not.toContain(SECRET);
    expect(lines.join('\n')).not.toMatch(/select/i);
  });

  it('that is the server’s fault answers 500 with the request id, and logs the code and where, not the SQL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/broken-statement' });
    expect(response.statusCode).toBe(500);
    expect(ZApiError.parse(response.json()).error.requestId).toBe(response.headers['x-request-id']);
    const error = logged().find((line) => line.level === 50);
    expect(error).toMatchObject({
      msg: 'database error',
      database: { code: '42P01' },
      frames: expect.arrayContaining([expect.stringMatching(/^at /)]),
    });
    expect(lines.join('\n')).not.toContain(SECRET);
    expect(lines.join('\n')).not.toMatch(/select|no_such_table/i);
  });
});

describe('a request the router cannot read', () => {
  it('with a malformed escape in its path answers 400 in the common error shape, translated', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/users/%E0%A4%A', headers: { 'accept-language': 'es' } });
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-request-id']).toBeTruthy();
    expect(ZApiError.parse(response.json()).error).toEqual({
      type: 'invalid_request',
      code: 'errors.malformedUrl',
      message: 'La dirección de esta solicitud no es válida: revise sus secuencias de escape (%).',
    });
  });

  it('with a path parameter over the length limit answers 414 in the common error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/faxes/${'x'.repeat(500)}` });
    expect(response.statusCode).toBe(414);
    expect(ZApiError.parse(response.json()).error).toEqual({
      type: 'invalid_request',
      code: 'errors.urlTooLong',
      message: 'A part of this request’s address is too long.',
    });
  });

  it('with a multipart form that has no boundary, or that is cut short, answers 400, not 500', async () => {
    const person = await createUser(t);
    const cookie = await signIn(t.app, person.email);
    const boundary = '----faxline-test';
    const form =
      `--${boundary}\r\nContent-Disposition: form-data; name="request.json"\r\n\r\n{"recipientNumber":"+15551234567","faxQuality":"standard"}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="attachment_0"; filename="letter.txt"\r\nContent-Type: text/plain\r\n\r\nDear Ada,\n` +
      `please find the numbers below.\r\n--${boundary}--\r\n`;
    for (const [contentType, payload] of [
      ['multipart/form-data', form],
      [`multipart/form-data; boundary=${boundary}`, form.slice(0, form.indexOf('please'))],
    ]) {
      for (const url of ['/api/faxes', '/api/faxes/preview']) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { cookie, origin: TEST_ORIGIN, 'content-type': contentType },
          payload,
        });
        expect(response.statusCode, `${url} ${contentType} ${response.body}`).toBe(400);
        expect(ZApiError.parse(response.json()).error.type).toBe('invalid_request');
      }
    }
  });
});
