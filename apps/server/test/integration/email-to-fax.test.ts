import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { simpleParser, type ParsedMail } from 'mailparser';
import { and, count, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { PDFDocument } from 'pdf-lib';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { makePdf, makePng } from '@test-support/factories/documents';
import { accounts } from '../../src/accounts/schema';
import { auditEvents } from '../../src/audit/schema';
import { makeSigningCertificate } from '../../src/billing/paypal-simulator/signing';
import { emailToFaxSenders, emailToFaxSettings } from '../../src/email-to-fax/schema';
import { faxes } from '../../src/faxes/schema';
import { plans } from '../../src/plans/schema';
import { openTestApp, type TestApp } from '../support/test-app';
import { startTestGateway } from '../support/email-gateway';
import { testDnsResolver } from '../support/test-dns';

const run = promisify(execFile);

// The gateway on loopback, driven by real SMTP clients (swaks from Debian, nodemailer). Its replies to
// senders leave through a relay that reads each one back as a mail client would. SPF, DKIM and DMARC are checked by
// mailauth against DNS records this test publishes (no DNS is reachable here): clinic.test's SPF names 127.0.0.1,
// forged.test's does not (-all), signed.test's does not either but only soft-fails (~all) and signs with DKIM; all three
// publish a DMARC policy of reject.
const replies: ParsedMail[] = [];
const relay = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => replies.push(mail))
      .then(() => callback(), callback);
  },
});

const dkimKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const dkimPublic = dkimKeys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const DNS: Record<string, string[][]> = {
  'TXT:clinic.test': [['v=spf1 ip4:127.0.0.1 -all']],
  'TXT:_dmarc.clinic.test': [['v=DMARC1; p=reject']],
  'TXT:forged.test': [['v=spf1 ip4:192.0.2.1 -all']],
  'TXT:_dmarc.forged.test': [['v=DMARC1; p=reject']],
  'TXT:signed.test': [['v=spf1 ip4:192.0.2.1 ~all']],
  'TXT:_dmarc.signed.test': [['v=DMARC1; p=reject']],
  'TXT:mail._domainkey.signed.test': [[`v=DKIM1; k=rsa; p=${dkimPublic}`]],
};
const resolver = testDnsResolver(DNS);

let t: TestApp;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
let dir: string;
let pdfPath: string;
let pngPath: string;
const DOMAIN = 'fax.localhost';

/** swaks' arguments for a message from `from` to `to` carrying the two-page referral PDF. */
const pdfMessage = (from: string, to: string) => ['--from', from, '--to', to, '--attach-type', 'application/pdf', '--attach', pdfPath];

beforeAll(async () => {
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.server.address() as AddressInfo;
  t = await openTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Faxline <no-reply@faxline.test>', FAX_CLOCK_SCALE: '0.001' },
  });
  gateway = await startTestGateway(t, { resolver });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'email-to-fax-'));
  pdfPath = path.join(dir, 'referral.pdf');
  pngPath = path.join(dir, 'chart.png');
  await fs.writeFile(pdfPath, await makePdf(2));
  await fs.writeFile(pngPath, makePng(640, 480));
}, 120_000);
afterAll(async () => {
  await gateway?.stop();
  await t?.close();
  await new Promise<void>((resolve) => relay.close(() => resolve()));
  await fs.rm(dir, { recursive: true, force: true });
});

/** swaks, as a person would run it; its transcript and exit code (non-zero when the server refused). */
async function swaks(args: string[], port = gateway.port): Promise<{ code: number; transcript: string }> {
  try {
    const running = run('swaks', ['--server', '127.0.0.1', '--port', String(port), '--helo', 'client.test', ...args], {
      timeout: 60_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    running.child.stdin?.end(); // never a prompt
    const { stdout } = await running;
    return { code: 0, transcript: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, transcript: failed.stdout };
  }
}

/** The server's reply lines in a swaks transcript ("<-  250 ...", "<** 550 ..."). */
const serverLines = (transcript: string) =>
  transcript
    .split('\n')
    .filter((line) => line.startsWith('<-') || line.startsWith('<**'))
    .join('\n');

async function customer(email?: string) {
  const account = await createAccount(t, email ? { owner: { email } } : {});
  return account;
}

const faxCountOf = async (accountId: string) => (await t.db.select({ n: count() }).from(faxes).where(eq(faxes.accountId, accountId)))[0]!.n;

const repliesTo = (address: string) =>
  replies.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address === address.toLowerCase());

async function until<T>(read: () => Promise<T | undefined | null | false>, timeoutMs = 60_000): Promise<T> {
  const by = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > by) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const digits = (number: string) => number.replace(/^\+/, '');

describe('e-mail to fax through the SMTP gateway (issue 19)', () => {
  it('turns a message with a PDF and a PNG into one fax with a cover, delivered to the other account, and tells the sender', async () => {
    const sender = await customer();
    const recipient = await customer();
    const to = `${digits(recipient.number!)}@${DOMAIN}`;
    // The envelope and the headers that name the message: the same in every try of it below.
    const referral = [
      '--from',
      sender.owner.email,
      '--to',
      to,
      '--header',
      'Subject: Referral for J. Smith',
      '--header',
      'Message-Id: <referral-1@client.test>',
    ];
    const { code, transcript } = await swaks([
      ...referral,
      '--body',
      'Please see the referral attached.\n\nThanks,\nDr. Ada\n-- \nAda Lovelace, MD\n555-0100',
      '--attach-type',
      'application/pdf',
      '--attach',
      pdfPath,
      '--attach-type',
      'image/png',
      '--attach',
      pngPath,
    ]);
    expect(code, transcript).toBe(0);
    const accepted = /<- +250 2\.0\.0 Accepted: fax ([0-9a-f-]{36})/.exec(transcript);
    expect(accepted, serverLines(transcript)).not.toBeNull();
    const faxId = accepted![1]!;

    const fax = await until(async () => {
      const [row] = await t.db.select().from(faxes).where(eq(faxes.id, faxId));
      return row && ['delivered', 'failed', 'partially_delivered'].includes(row.status) ? row : null;
    }, 120_000);
    expect(fax).toMatchObject({
      status: 'delivered',
      channel: 'email',
      accountId: sender.id,
      toNumber: recipient.number,
      coverSubject: 'Referral for J. Smith',
      // The signature is left out.
      coverMessage: 'Please see the referral attached.\n\nThanks,\nDr. Ada',
      pages: 4,
    });
    // The fax's document: the cover, the PDF's two pages, the PNG.
    const document = await PDFDocument.load(await t.files.get(fax.documentKey!));
    expect(document.getPageCount()).toBe(4);
    // It arrived in the other account.
    await until(async () => {
      const [row] = await t.db
        .select({ id: faxes.id })
        .from(faxes)
        .where(and(eq(faxes.accountId, recipient.id), eq(faxes.direction, 'inbound')));
      return row;
    });
    // The audit row names the channel and the sender's address.
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, faxId), eq(auditEvents.action, 'fax.send')));
    expect(audit?.details).toMatchObject({ channel: 'email', emailFrom: sender.owner.email.toLowerCase(), emailSenderVia: 'person' });

    const reply = await until(async () => repliesTo(sender.owner.email).find((mail) => mail.subject?.includes('accepted')));
    expect(reply.subject).toMatch(/^Fax to \+[\d ]+ accepted$/);
    expect(reply.text).toContain(faxId);
    expect(reply.text).toContain('referral.pdf, chart.png');
    expect(reply.headers.get('auto-submitted')).toBe('auto-replied');
    expect(reply.inReplyTo).toBe('<referral-1@client.test>');

    // The same message again (a client that did not hear our reply): the same fax, nothing more, and no second reply.
    const sendAgain = () => swaks([...referral, '--attach-type', 'application/pdf', '--attach', pdfPath]);
    const acceptedReplies = () => repliesTo(sender.owner.email).filter((mail) => mail.subject?.includes('accepted'));
    const again = await sendAgain();
    expect(again.transcript).toContain(`250 2.0.0 Accepted: fax ${faxId}`);
    expect(await faxCountOf(sender.id)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(acceptedReplies()).toHaveLength(1);

    // Had the gateway died after making the fax and before queuing the reply (its job and its handover are removed
    // here, as if it had never been queued), the client's next try still brings the reply.
    const acceptedId = `<fax-accepted.${faxId}@%`;
    await t.db.execute(sql`delete from pgboss.job where name = 'email.send' and data->>'messageId' like ${acceptedId}`);
    await t.db.execute(sql`delete from email_handovers where message_id like ${acceptedId}`);
    replies.splice(replies.indexOf(reply), 1);
    const third = await sendAgain();
    expect(third.transcript).toContain(`250 2.0.0 Accepted: fax ${faxId}`);
    const late = await until(async () => acceptedReplies()[0]);
    expect(late.text).toContain(faxId);
    expect(await faxCountOf(sender.id)).toBe(1);
  }, 180_000);

  it('makes one fax per recipient, from an address the owner allowed, sent in the owner’s name', async () => {
    const account = await customer();
    // Its owner confirmed it (email-to-fax-senders.test.ts shows how).
    await t.db
      .insert(emailToFaxSenders)
      .values({ accountId: account.id, address: 'front-desk@example.com', status: 'active', confirmedAt: new Date() });
    const first = await customer();
    const second = await customer();
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: gateway.port, secure: false, ignoreTLS: true });
    const info = await transport.sendMail({
      from: 'Front Desk <front-desk@example.com>',
      to: [`${digits(first.number!)}@${DOMAIN}`, `${digits(second.number!)}@FAX.LOCALHOST`],
      subject: 'Two copies',
      text: 'For both.',
      attachments: [{ filename: 'note.pdf', content: await makePdf(1) }],
    });
    expect(info.response).toMatch(/^250 2\.0\.0 Accepted: faxes [0-9a-f-]{36}, [0-9a-f-]{36}$/);
    const sent = await t.db.select().from(faxes).where(eq(faxes.accountId, account.id));
    expect(sent.map((fax) => fax.toNumber).sort()).toEqual([first.number, second.number].sort());
    expect(sent.every((fax) => fax.userId === account.owner.id && fax.channel === 'email')).toBe(true);
    const reply = await until(async () => repliesTo('front-desk@example.com')[0]);
    expect(reply.subject).toBe('2 faxes accepted');
    expect(reply.text).toContain("The account's owner is told");
  }, 60_000);

  it('states the price of a fax abroad in its acceptance reply, in the sender’s language, and nothing of money at home', async () => {
    const sender = await customer();
    await t.db.execute(sql`UPDATE users SET language = 'fr' WHERE id = ${sender.owner.id}`);
    // A paying account: the United Kingdom's 5 cents a page go on its next invoice (decision 096).
    const now = Date.now();
    await t.db.execute(sql`
      INSERT INTO subscriptions (account_id, provider, customer_id, subscription_id, plan_id, interval, status, current_period_start, current_period_end)
      SELECT id, 'stripe', 'cus_mailquote', ${`sub_${crypto.randomUUID()}`}, plan_id, 'month', 'active',
             ${new Date(now - 86_400_000).toISOString()}, ${new Date(now + 29 * 86_400_000).toISOString()}
      FROM accounts WHERE id = ${sender.id}`);
    await swaks(pdfMessage(sender.owner.email, `442079460958@${DOMAIN}`));
    const reply = await until(async () => repliesTo(sender.owner.email)[0]);
    const [fax] = await t.db.select().from(faxes).where(eq(faxes.accountId, sender.id));
    const price = new Intl.NumberFormat('fr', { style: 'currency', currency: 'USD' }).format((fax!.reservedPages! * 5) / 100);
    expect(reply.text?.replace(/[\u00a0\u202f]/g, ' ')).toContain(
      `Prix en plus de votre forfait: ${price.replace(/[\u00a0\u202f]/g, ' ')}`,
    );
    expect(reply.text).toContain('jamais plus que ce qui est indiqué ici');

    const recipient = await customer();
    await swaks(pdfMessage(sender.owner.email, `${digits(recipient.number!)}@${DOMAIN}`));
    const home = await until(async () => repliesTo(sender.owner.email)[1]);
    expect(home.text).not.toContain('Prix');
  }, 60_000);

  it('offers STARTTLS when a certificate is configured, and takes a fax over it', async () => {
    // Any self-signed certificate does (swaks does not check it): made as the PayPal simulator makes its own.
    const certificate = await makeSigningCertificate(DOMAIN);
    const certPath = path.join(dir, 'gateway.crt');
    const keyPath = path.join(dir, 'gateway.key');
    await fs.writeFile(certPath, certificate.pem);
    await fs.writeFile(keyPath, certificate.key.export({ type: 'pkcs8', format: 'pem' }));
    const secured = await startTestGateway(t, { resolver, tls: { certPath, keyPath } });
    try {
      const sender = await customer();
      const recipient = await customer();
      const { code, transcript } = await swaks(
        ['--tls', ...pdfMessage(sender.owner.email, `${digits(recipient.number!)}@${DOMAIN}`)],
        secured.port,
      );
      expect(code, transcript).toBe(0);
      expect(transcript).toContain('STARTTLS');
      // After STARTTLS swaks marks the server's lines "<~".
      expect(transcript).toMatch(/<~ +250 2\.0\.0 Accepted: fax [0-9a-f-]{36}/);
      // Without a certificate the gateway does not offer it.
      const plain = await swaks([
        '--tls',
        '--from',
        sender.owner.email,
        '--to',
        `${digits(recipient.number!)}@${DOMAIN}`,
        '--quit-after',
        'EHLO',
      ]);
      expect(plain.code).not.toBe(0);
      expect(plain.transcript).not.toContain('250-STARTTLS');
    } finally {
      await secured.stop();
    }
  }, 60_000);

  describe('refuses, with the SMTP reply and nothing stored', () => {
    it('an unknown sender, or one whose role sends no faxes, at RCPT', async () => {
      const recipient = await customer();
      const { code, transcript } = await swaks([
        '--from',
        'stranger@example.com',
        '--to',
        `${digits(recipient.number!)}@${DOMAIN}`,
        '--attach',
        pdfPath,
      ]);
      expect(code).not.toBe(0);
      expect(serverLines(transcript)).toContain(
        '550 5.7.1 stranger@example.com may not send faxes through Faxline: send from the address of your Faxline account, or ask its owner to allow this one.',
      );
      expect(repliesTo('stranger@example.com')).toEqual([]);
      // A Billing contact of an account is a person Faxline knows, but not one who sends faxes.
      const account = await createAccount(t, { members: [{ role: 'billing' }] });
      const billing = account.members[0]!.email;
      const refused = await swaks(['--from', billing, '--to', `${digits(recipient.number!)}@${DOMAIN}`, '--attach', pdfPath]);
      expect(serverLines(refused.transcript)).toContain(`550 5.7.1 ${billing} may not send faxes through Faxline`);
      expect(await faxCountOf(account.id)).toBe(0);
    }, 60_000);

    it('a recipient that is not a fax number, or not at the fax domain, at RCPT', async () => {
      const sender = await customer();
      const notNumber = await swaks(['--from', sender.owner.email, '--to', `reception@${DOMAIN}`, '--attach', pdfPath]);
      expect(serverLines(notNumber.transcript)).toContain(
        `550 5.1.1 reception is not a fax number: write the number's digits with its country code, e.g. 14155550123@${DOMAIN}.`,
      );
      const elsewhere = await swaks(['--from', sender.owner.email, '--to', '14155550123@example.org', '--attach', pdfPath]);
      expect(serverLines(elsewhere.transcript)).toContain(`550 5.7.1 Relaying denied: this server takes mail for <number>@${DOMAIN} only.`);
      expect(await faxCountOf(sender.id)).toBe(0);
    }, 60_000);

    it('a message whose domain fails SPF and DKIM under enforce, and takes those that pass', async () => {
      const recipient = await customer();
      const to = `${digits(recipient.number!)}@${DOMAIN}`;
      const senders = {
        forged: await customer(`doctor-${Date.now()}@forged.test`),
        clinic: await customer(`doctor-${Date.now()}@clinic.test`),
        signed: await customer(`doctor-${Date.now()}@signed.test`),
      };
      for (const account of Object.values(senders))
        await t.db.insert(emailToFaxSettings).values({ accountId: account.id, authPolicy: 'enforce' });

      // Its domain's SPF refuses this client outright: refused at RCPT, before the message is sent (decision 066).
      const forged = await swaks(['--from', senders.forged.owner.email, '--to', to, '--attach', pdfPath]);
      expect(serverLines(forged.transcript)).toContain(
        '550 5.7.23 The SPF record of forged.test does not allow 127.0.0.1 to send its mail.',
      );
      expect(forged.transcript).not.toContain('DATA');
      expect(await faxCountOf(senders.forged.id)).toBe(0);
      expect(repliesTo(senders.forged.owner.email)).toEqual([]);

      // SPF passes for clinic.test from 127.0.0.1.
      const clinic = await swaks(pdfMessage(senders.clinic.owner.email, to));
      expect(clinic.transcript).toMatch(/250 2\.0\.0 Accepted: fax/);

      // signed.test's SPF soft-fails here, but its DKIM signature passes, and DMARC with it.
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: gateway.port,
        secure: false,
        ignoreTLS: true,
        dkim: {
          domainName: 'signed.test',
          keySelector: 'mail',
          privateKey: dkimKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        },
      });
      const signed = await transport.sendMail({
        from: senders.signed.owner.email,
        to,
        subject: 'Signed',
        text: 'Signed.',
        attachments: [{ filename: 'signed.pdf', content: await makePdf(1) }],
      });
      expect(signed.response).toMatch(/^250 2\.0\.0 Accepted: fax/);
      const [audit] = await t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.accountId, senders.signed.id), eq(auditEvents.action, 'fax.send')));
      expect(audit?.details).toMatchObject({
        emailAuthentication: { policy: 'enforce', spf: 'softfail', dkim: 'pass', dmarc: 'pass', passed: true },
      });
    }, 90_000);

    it('a .exe attachment and an 11 MB file, with the portal’s messages, and tells the sender why', async () => {
      const sender = await customer();
      const recipient = await customer();
      const to = `${digits(recipient.number!)}@${DOMAIN}`;
      const exePath = path.join(dir, 'setup.exe');
      await fs.writeFile(exePath, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 1)]));
      const exe = await swaks([
        '--from',
        sender.owner.email,
        '--to',
        to,
        '--header',
        'Subject: Installer',
        '--attach-type',
        'application/octet-stream',
        '--attach',
        exePath,
      ]);
      expect(serverLines(exe.transcript)).toMatch(/554 5\.6\.0 .*setup\.exe/);

      const bigPath = path.join(dir, 'big.pdf');
      const pdf = await makePdf(1);
      await fs.writeFile(bigPath, Buffer.concat([pdf, Buffer.alloc(11 * 1024 * 1024 - pdf.length, 0x20)]));
      const big = await swaks(['--from', sender.owner.email, '--to', to, '--attach-type', 'application/pdf', '--attach', bigPath]);
      expect(serverLines(big.transcript)).toContain('552 5.3.4 File "big.pdf" exceeds the 10MB size limit.');

      expect(await faxCountOf(sender.id)).toBe(0);
      const refused = await until(async () => {
        const mails = repliesTo(sender.owner.email);
        return mails.length >= 2 ? mails : null;
      });
      expect(refused.map((mail) => mail.subject)).toEqual([`Your e-mail to ${to} was not faxed`, `Your e-mail to ${to} was not faxed`]);
      expect(refused.some((mail) => mail.text?.includes('exceeds the 10MB size limit'))).toBe(true);
    }, 90_000);

    it('a fax over the month’s quota (its cover, from the body, and the PDF’s two pages)', async () => {
      const sender = await customer();
      const recipient = await customer();
      const [plan] = await t.db
        .insert(plans)
        .values({
          id: crypto.randomUUID(),
          slug: `tiny-mail-${Date.now()}`,
          name: 'Tiny',
          category: 'standard',
          pagesPerMonth: 1,
          text: { en: { description: '', features: [] }, es: { description: '', features: [] }, fr: { description: '', features: [] } },
        })
        .returning({ id: plans.id });
      await t.db.update(accounts).set({ planId: plan!.id }).where(eq(accounts.id, sender.id));
      const { transcript } = await swaks(pdfMessage(sender.owner.email, `${digits(recipient.number!)}@${DOMAIN}`));
      expect(serverLines(transcript)).toContain(
        "550 5.7.1 This fax (3 pages) would go over your plan's 1 pages this period (0 already used or on their way). Upgrade your plan or wait for the next period.",
      );
      expect(await faxCountOf(sender.id)).toBe(0);
    }, 60_000);

    it('bounces, our own messages and automatic replies, without a reply', async () => {
      const sender = await customer();
      const to = `14155550123@${DOMAIN}`;
      const bounce = await swaks(['--from', '<>', '--to', to, '--attach', pdfPath]);
      expect(serverLines(bounce.transcript)).toContain('550 5.7.1 Delivery reports and bounces are not faxed.');
      const ours = await swaks(['--from', 'no-reply@faxline.test', '--to', to, '--attach', pdfPath]);
      expect(serverLines(ours.transcript)).toContain('550 5.7.1 Messages from Faxline itself are not faxed.');
      const automatic = await swaks([
        '--from',
        sender.owner.email,
        '--to',
        to,
        '--header',
        'Auto-Submitted: auto-replied',
        '--attach-type',
        'application/pdf',
        '--attach',
        pdfPath,
      ]);
      expect(serverLines(automatic.transcript)).toContain('550 5.7.1 Automatic messages (auto-replies, mailing lists) are not faxed.');
      expect(await faxCountOf(sender.id)).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(repliesTo(sender.owner.email)).toEqual([]);
    }, 60_000);

    it('a message announced larger than five files, with 552 before its data', async () => {
      const sender = await customer();
      const socket = net.connect(gateway.port, '127.0.0.1');
      const lines: string[] = [];
      socket.on('data', (chunk) => lines.push(...chunk.toString().split('\r\n').filter(Boolean)));
      const say = async (line: string, answers: number) => {
        const before = lines.length;
        if (line) socket.write(`${line}\r\n`);
        await until(async () => lines.length >= before + answers, 10_000);
      };
      await say('', 1);
      await say('EHLO client.test', 1);
      await until(async () => lines.some((line) => line.startsWith('250 ')), 10_000);
      await say(`MAIL FROM:<${sender.owner.email}> SIZE=${200 * 1024 * 1024}`, 1);
      socket.end('QUIT\r\n');
      expect(lines.at(-1)).toMatch(/^552 /);
      expect(await faxCountOf(sender.id)).toBe(0);
    }, 30_000);
  });
});
