import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from '@test-support/factories/values';
import { TEST_ORIGIN, openTestApp, someClientAddress, type TestApp } from '../support/test-app';

// With SMTP_URL set, e-mail leaves through the relay (here a local SMTP server on loopback) and not the mailbox.
type Received = { from: string; to: string[]; data: string };
const received: Received[] = [];
const relay = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let data = '';
    stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        data,
      });
      callback();
    });
  },
});
let t: TestApp;

beforeAll(async () => {
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.server.address() as AddressInfo;
  t = await openTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Faxline <no-reply@faxline.test>' } });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => relay.close(resolve));
});

describe('e-mail through an SMTP relay', () => {
  it("sends the password reset e-mail with a plain-text and an HTML part, in the person's language", async () => {
    const email = uniqueEmail();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'Hedy Lamarr', email, password: PASSWORD, language: 'fr' },
      remoteAddress: someClientAddress(),
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { origin: TEST_ORIGIN },
      payload: { email },
      remoteAddress: someClientAddress(),
    });

    await expect.poll(() => received.filter((m) => m.to.includes(email)).length, { timeout: 20_000 }).toBe(2);
    const reset = received.find((m) => m.to.includes(email) && m.data.includes('mot de passe'))!;
    expect(reset.from).toBe('no-reply@faxline.test');
    expect(reset.data).toContain('Content-Type: text/plain');
    expect(reset.data).toContain('Content-Type: text/html');
    const subject = reset.data.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? '';
    expect(decodeMimeWords(subject)).toBe('Réinitialisez votre mot de passe Faxline');
    expect(t.config.devMailbox).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
  });
});

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) of a header. */
function decodeMimeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    )
    .trim();
}
