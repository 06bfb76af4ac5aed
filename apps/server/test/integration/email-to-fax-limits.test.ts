import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createUser } from '@test-support/factories/accounts';
import { maxMessageBytes } from '../../src/email-to-fax/gateway';
import { emailToFaxSettings } from '../../src/email-to-fax/schema';
import { createSystemSettings } from '../../src/system-settings/system-settings';
import { startTestGateway } from '../support/email-gateway';
import { connectSmtp } from '../support/smtp-client';
import { openTestApp, type TestApp } from '../support/test-app';
import { testDnsResolver } from '../support/test-dns';

// What the gateway refuses before it reads a message: more connections than one client or one sender may have open, a
// message larger than the most that can become a fax (as the back office sets the file size), and under enforce a
// client that the sender's domain's SPF record does not allow. The DNS records are the test's own.
const DNS: Record<string, string[][]> = {
  'TXT:forged.test': [['v=spf1 ip4:192.0.2.1 -all']],
};
const resolver = testDnsResolver(DNS);

let t: TestApp;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
let dataDir: string;

beforeAll(async () => {
  // A data folder of its own, so that the spool seen here is this test's gateway's alone.
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'email-to-fax-limits-'));
  t = await openTestApp({ work: false, env: { DATA_DIR: dataDir } });
  gateway = await startTestGateway(t, { resolver, limits: { perClient: 3, perSender: 1 } });
}, 120_000);
afterAll(async () => {
  await gateway?.stop();
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const connect = () => connectSmtp(gateway.port);

const lastLine = (reply: string) => reply.split('\r\n').at(-1)!;

async function sender(email?: string, authPolicy: 'off' | 'enforce' = 'off') {
  const account = await createAccount(t, email ? { owner: { email } } : {});
  await t.db.insert(emailToFaxSettings).values({ accountId: account.id, authPolicy });
  return account;
}

describe('the gateway refuses before reading a message', () => {
  it('a client with more connections open than allowed, with 421 at once; a closed one frees its place', async () => {
    const open = [await connect(), await connect(), await connect()];
    for (const client of open) expect(client.greeting).toMatch(/^220 /);
    const fourth = await connect();
    expect(fourth.greeting).toBe('421 4.7.0 Too many connections from 127.0.0.1 at once; try again later.');
    await open.pop()!.close();
    const again = await connect();
    expect(again.greeting).toMatch(/^220 /);
    await Promise.all([...open, again].map((client) => client.close()));
  }, 30_000);

  it('a sender with more connections open than allowed, at MAIL FROM with 451; another sender is taken', async () => {
    const busy = (await sender()).owner.email;
    const other = (await sender()).owner.email;
    const first = await connect();
    const second = await connect();
    await first.say('EHLO client.test');
    await second.say('EHLO client.test');
    expect(await first.say(`MAIL FROM:<${busy}>`)).toMatch(/^250 /);
    expect(await second.say(`MAIL FROM:<${busy}>`)).toBe(
      `451 4.7.1 Too many connections from ${busy.toLowerCase()} at once; try again later.`,
    );
    expect(await second.say(`MAIL FROM:<${other}>`)).toMatch(/^250 /);
    await first.close();
    await second.say('RSET');
    expect(await second.say(`MAIL FROM:<${busy}>`)).toMatch(/^250 /);
    await second.close();
  }, 30_000);

  it('under enforce, a client its domain’s SPF does not allow, at RCPT: before any of the message is sent', async () => {
    const forged = await sender(`doctor-${Date.now()}@forged.test`, 'enforce');
    const recipient = await createAccount(t);
    const client = await connect();
    await client.say('EHLO client.test');
    expect(await client.say(`MAIL FROM:<${forged.owner.email}>`)).toMatch(/^250 /);
    expect(await client.say(`RCPT TO:<${recipient.number!.slice(1)}@fax.localhost>`)).toBe(
      '550 5.7.23 The SPF record of forged.test does not allow 127.0.0.1 to send its mail.',
    );
    await client.close();
  }, 30_000);

  it('a message larger than five files of the back office’s size: at its announced SIZE, and as its data passes the limit', async () => {
    const admin = await createUser(t);
    const settings = createSystemSettings(t.db, t.config.authSecret!, t.env.notifications);
    try {
      await settings.save({ values: { ...(await settings.current()), maxFileSizeMB: 2 }, secrets: {} }, admin.id);
      const limit = maxMessageBytes(2);
      // The gateway hears of the change through the database's notification: EHLO announces the new limit.
      const announcedSize = async () => {
        const client = await connect();
        const ehlo = await client.say('EHLO client.test');
        await client.close();
        return Number(/^250[- ]SIZE (\d+)$/m.exec(ehlo)?.[1]);
      };
      let size = await announcedSize();
      for (let tries = 0; size !== limit && tries < 50; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        size = await announcedSize();
      }
      expect(size).toBe(limit);

      const from = (await sender()).owner.email;
      const to = `${(await createAccount(t)).number!.slice(1)}@fax.localhost`;
      const announced = await connect();
      await announced.say('EHLO client.test');
      expect(lastLine(await announced.say(`MAIL FROM:<${from}> SIZE=${limit + 1}`))).toMatch(/^552 /);
      await announced.close();

      // No SIZE announced: the data is read to its end and dropped past the limit, and nothing of it stays on disk.
      const unannounced = await connect();
      await unannounced.say('EHLO client.test');
      expect(await unannounced.say(`MAIL FROM:<${from}>`)).toMatch(/^250 /);
      expect(await unannounced.say(`RCPT TO:<${to}>`)).toMatch(/^250 /);
      expect(await unannounced.say('DATA')).toMatch(/^354 /);
      const line = `${'A'.repeat(76)}\r\n`;
      await unannounced.write(`From: ${from}\r\nSubject: Too large\r\n\r\n`);
      const chunk = line.repeat(Math.ceil((1024 * 1024) / line.length));
      for (let written = 0; written <= limit; written += chunk.length) await unannounced.write(chunk);
      await unannounced.write('.\r\n');
      expect(await unannounced.reply()).toBe(`552 5.3.4 Message too large: at most ${limit} bytes can become a fax.`);
      await unannounced.close();
      const spool = t.config.emailToFax.spoolDir;
      const files: string[] = [];
      for (const entry of await fs.readdir(spool, { recursive: true })) {
        if ((await fs.stat(path.join(spool, entry))).isFile()) files.push(entry);
      }
      expect(files).toEqual([]);
    } finally {
      await settings.save({ values: { ...(await settings.current()), maxFileSizeMB: 10 }, secrets: {} }, admin.id);
      settings.close();
    }
  }, 60_000);
});
