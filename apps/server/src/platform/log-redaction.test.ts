import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { REDACTED, holdsToken, redactLogLine, safeUrl } from './log-redaction';
import { betterAuthLogger, createLogger } from './logger';

const base64url = (bytes: number) => randomBytes(bytes).toString('base64url');
/** Better Auth's tokens and ids: letters and digits. */
const alphanumeric = (length: number) => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
};
/** Every shape of secret Faxline and its libraries mint, a fresh one each call. */
const secretMakers: Record<string, () => string> = {
  'base64url, 16 bytes': () => base64url(16),
  'base64url, 32 bytes': () => base64url(32),
  'media link (40 bytes)': () => base64url(40),
  hex: () => randomBytes(20).toString('hex'),
  'password reset token': () => alphanumeric(24),
  'signed token': () => `${base64url(60)}.${base64url(32)}`,
  'base64 with + and /': () => randomBytes(24).toString('base64'),
};

describe('safeUrl', () => {
  it.each([
    ['/reset-password?token=vpJw7SMOUnl0BpiiAlu9pYp3', `/reset-password?token=${REDACTED}`],
    [
      '/api/auth/reset-password/vpJw7SMOUnl0BpiiAlu9pYp3?callbackURL=%2Freset-password',
      `/api/auth/reset-password/${REDACTED}?callbackURL=${REDACTED}`,
    ],
    ['/media/qnaGf0wMQGG-5tE_kFXLKQAAAAFrD4SUbxZD46g9FPZnHS0kJdiIXA', `/media/${REDACTED}`],
    ['/api/faxes?page=2&status=failed', `/api/faxes?page=${REDACTED}&status=${REDACTED}`],
    ['/confirm?qnaGf0wMQGG-5tE_kFXLKQAAAAFrD4S', `/confirm?${REDACTED}`],
    [
      'https://faxline.example/media/qnaGf0wMQGG-5tE_kFXLKQAAAAFrD4SUbxZD46g9FPZnHS0kJdiIXA#page=2',
      `https://faxline.example/media/${REDACTED}#${REDACTED}`,
    ],
    ['postgres://faxline:s3cret-Passw0rd@db.internal:5432/faxline', `postgres://${REDACTED}@db.internal:5432/faxline`],
    ['smtp://mailer:hunter2@smtp.example.com:587', `smtp://${REDACTED}@smtp.example.com:587`],
  ])('hides the secret of %s', (url, safe) => {
    expect(safeUrl(url)).toBe(safe);
  });

  it.each([
    `/api/faxes/${randomUUID()}`,
    `/v1/faxes/${randomUUID().toUpperCase()}/receipt`,
    '/api/better-auth/verify-email',
    '/api/auth/two-factor/verify-backup-code',
    '/api/admin/system-settings/purge-expired-verifications',
    '/.well-known/faxline-receipt-key',
    '/api/numbers/+15550100000',
    '/assets/index-D2x8kQ_p.js',
    '/v1/openapi.json',
    'https://hooks.example.com/faxline/inbound',
    '/work/main/node_modules/fastify/lib/route.js',
  ])('keeps %s whole: ids, numbers and words open nothing', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each(Object.entries(secretMakers))('finds every %s in a path segment (1,000 of them)', (_kind, make) => {
    for (let i = 0; i < 1000; i += 1) {
      const token = make();
      expect(holdsToken(encodeURIComponent(token)), token).toBe(true);
      expect(safeUrl(`/anything/${encodeURIComponent(token)}/pages`)).toBe(`/anything/${REDACTED}/pages`);
    }
  });
});

describe('redactLogLine', () => {
  const token = 'vpJw7SMOUnl0BpiiAlu9pYp3';

  it('rewrites every URL of a JSON line and leaves it valid JSON', () => {
    const entry = {
      level: 30,
      reqId: randomUUID(),
      req: { method: 'GET', url: `/reset-password?token=${token}`, remoteAddress: '203.0.113.7' },
      msg: `Route GET:/api/auth/reset-password/${token}?callbackURL=/x not found`,
      link: `see https://faxline.example/verify?token=${token}&a="b" and (https://x.example/media/${token})`,
      search: `?token=${token}`,
      cut: `reset-password?token=${token}`,
    };
    const line = redactLogLine(JSON.stringify(entry));
    expect(line).not.toContain(token);
    expect(JSON.parse(line)).toEqual({
      ...entry,
      req: { ...entry.req, url: `/reset-password?token=${REDACTED}` },
      msg: `Route GET:/api/auth/reset-password/${REDACTED}?callbackURL=${REDACTED} not found`,
      link: `see https://faxline.example/verify?token=${REDACTED}&a=${REDACTED} and (https://x.example/media/${REDACTED})`,
      search: `?token=${REDACTED}`,
      cut: `reset-password?token=${REDACTED}`,
    });
  });

  it('removes credentials and prefixed keys written out, but keeps the shown start of a key', () => {
    const apiKey = `fl_live_${base64url(32)}`;
    const webhookSecret = `whsec_${randomBytes(24).toString('base64')}`;
    const line = redactLogLine(
      JSON.stringify({
        msg: `Authorization: Bearer ${apiKey}; Basic ZmF4bGluZTpodW50ZXIy; signed with ${webhookSecret}; key fl_live_T5LxUJLW`,
      }),
    );
    for (const secret of [apiKey, webhookSecret, 'ZmF4bGluZTpodW50ZXIy']) expect(line).not.toContain(secret);
    expect(JSON.parse(line)).toEqual({
      msg: `Authorization: Bearer ${REDACTED}; Basic ${REDACTED}; signed with whsec_${REDACTED}; key fl_live_T5LxUJLW`,
    });
  });

  it('finds every API key and webhook secret written out (1,000 of each)', () => {
    for (let i = 0; i < 1000; i += 1) {
      const secrets = [
        `fl_live_${base64url(32)}`,
        `whsec_${randomBytes(24).toString('base64')}`,
        `whsk_${randomBytes(64).toString('base64')}`,
      ];
      const { msg } = JSON.parse(redactLogLine(JSON.stringify({ msg: `keys: ${secrets.join(', ')}` }))) as { msg: string };
      for (const secret of secrets) expect(msg).not.toContain(secret.slice(secret.indexOf('_') + 1));
      // A key that happens to start with lowercase letters and `_` keeps those few characters, as a prefix.
      expect(msg).toMatch(/^keys: fl_live_[a-z_]*\[redacted\], whsec_[a-z_]*\[redacted\], whsk_[a-z_]*\[redacted\]$/);
    }
  });

  it('keeps stack frames, ids and job names readable', () => {
    const line = JSON.stringify({
      jobId: randomUUID(),
      job: 'auth.purge_expired_verifications',
      stack: `Error: boom\n    at handler (/work/main/apps/server/src/platform/http/error-handler.ts:116:12)\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)`,
    });
    expect(redactLogLine(line)).toBe(line);
  });

  it('changes nothing the second time', () => {
    const line = JSON.stringify({ msg: `GET /media/${base64url(40)}?token=${token}`, url: `https://a:b@x.example/?q=1` });
    const once = redactLogLine(line);
    expect(redactLogLine(once)).toBe(once);
  });
});

describe('the server logger', () => {
  const token = base64url(32);

  it('writes no token of a request, an error or a message', () => {
    const lines: string[] = [];
    const logger = createLogger({ logLevel: 'info', logPretty: false }, { write: (line: string) => void lines.push(line) });
    const link = `https://faxline.example/reset-password?token=${token}`;
    logger.error({ err: new Error(`fetch ${link} failed`) }, 'request failed');
    logger.child({ reqId: randomUUID() }).info({ headers: { authorization: `Bearer ${token}` }, token, url: link }, `opened ${link}`);
    const text = lines.join('');
    expect(lines).toHaveLength(2);
    expect(text).not.toContain(token);
    expect(JSON.parse(lines[0]!).err.message).toBe(`fetch https://faxline.example/reset-password?token=${REDACTED} failed`);
  });

  it("writes Better Auth's messages as its own lines, through the same rule", () => {
    const lines: string[] = [];
    const logger = createLogger({ logLevel: 'info', logPretty: false }, { write: (line: string) => void lines.push(line) });
    betterAuthLogger(logger).log('error', 'verification failed', new Error(`no user for /api/better-auth/verify-email?token=${token}`));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 50,
      component: 'better-auth',
      msg: 'verification failed',
      err: { message: `no user for /api/better-auth/verify-email?token=${REDACTED}` },
    });
  });
});
