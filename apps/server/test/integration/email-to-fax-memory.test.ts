import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { makePdf } from '@test-support/factories/documents';
import { emailToFaxSettings } from '../../src/email-to-fax/schema';
import { freePort, startStandbyFaxline, type ServerBundle, type StandbyFaxline } from '@test-support/faxline-process';
import { serverBundleOfThisRun } from '../support/server-bundle';
import { ProcessLogs } from '../support/process-logs';
import { openSplitTestApp, type SplitTestApp } from '../support/split-test-app';
import { connectSmtp } from '../support/smtp-client';

// The SMTP gateway in a process of its own (`--role=smtp`, the production bundle) takes 20 messages of 60 MB at once,
// each within the size it announces: its memory (RSS) must grow by less than 200 MB. Half the messages carry five
// files of 8.8 MB, the other half one file of 44 MB; neither is a document Faxline can fax (random bytes), so every one
// is read to its end and refused with the portal's message, as an attacker's would be.
const MESSAGES = 20;
const MESSAGE_MB = 60;
const GROWTH_LIMIT_MB = 200;
/** Past this, the process is stopped at once: the run has failed, and the machine is shared. */
const GIVE_UP_MB = 3 * GROWTH_LIMIT_MB;

let t: SplitTestApp;
let bundle: ServerBundle;
let gateway: StandbyFaxline | undefined;
const logs = new ProcessLogs();

beforeAll(async () => {
  [t, bundle] = await Promise.all([openSplitTestApp(), serverBundleOfThisRun()]);
}, 120_000);
afterAll(async () => {
  await gateway?.stop();
  await t?.close();
}, 60_000);

/** The resident memory of a process, in MB, from /proc. */
async function rssMb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)![1]) / 1024;
}

/** A file's part of a message: its headers and its bytes in base64, in lines of 76 as mail programs write them. */
function attachmentPart(name: string, bytes: Buffer): string {
  return [
    '--part',
    `Content-Type: application/pdf; name="${name}"`,
    `Content-Disposition: attachment; filename="${name}"`,
    'Content-Transfer-Encoding: base64',
    '',
    bytes.toString('base64').replace(/.{76}/g, '$&\r\n'),
  ].join('\r\n');
}

/** The body of a multipart message (everything after its own headers) with these files. */
function bodyWith(files: Array<{ name: string; bytes: number }>): Buffer {
  const parts = files.map((file) => attachmentPart(file.name, randomBytes(file.bytes)));
  return Buffer.from(
    ['', '--part', 'Content-Type: text/plain; charset=utf-8', '', 'Scans attached.', ...parts, '--part--', ''].join('\r\n'),
  );
}

describe('the SMTP gateway under 20 messages of 60 MB at once', () => {
  it(`keeps its memory within ${GROWTH_LIMIT_MB} MB of where it started, and answers each message`, async () => {
    const recipient = await createAccount(t);
    // Two senders, ten messages each: within what one address and one client may have open at once.
    const senders = [await createAccount(t), await createAccount(t)];
    for (const sender of senders) await t.db.insert(emailToFaxSettings).values({ accountId: sender.id, authPolicy: 'off' });
    const to = `${recipient.number!.slice(1)}@fax.localhost`;
    const fiveFiles = bodyWith(Array.from({ length: 5 }, (_, i) => ({ name: `scan-${i + 1}.pdf`, bytes: 8_800_000 })));
    const oneFile = bodyWith([{ name: 'scan.pdf', bytes: 44_000_000 }]);
    for (const body of [fiveFiles, oneFile]) expect(Math.round(body.length / 1e6)).toBe(MESSAGE_MB);

    const port = await freePort();
    gateway = startStandbyFaxline(bundle, {
      name: 'smtp',
      role: 'smtp',
      env: { ...t.workerEnv, SMTP_INGRESS_PORT: String(port), SMTP_INGRESS_HOST: '127.0.0.1' },
      onLine: logs.of('smtp'),
    });
    gateway.start();
    await gateway.ready;

    /** One message, its head and its body written as they are (the body shared by the messages that carry it). */
    const send = async (from: string, id: string, body: Buffer) => {
      const client = await connectSmtp(port);
      const head =
        `From: ${from}\r\nTo: ${to}\r\nSubject: Scans\r\nMessage-ID: <${id}@client.test>\r\nMIME-Version: 1.0\r\n` +
        'Content-Type: multipart/mixed; boundary="part"\r\n';
      try {
        return await client.send({ from, to }, [head, body]);
      } catch (error) {
        return (error as Error).message; // a process stopped for its memory answers nothing
      } finally {
        await client.close();
      }
    };

    // A small fax first, so that everything the gateway loads once (the parsers, the checks) is loaded.
    const warmUp = await send(
      senders[0]!.owner.email,
      'warm-up',
      Buffer.from(`\r\n${attachmentPart('page.pdf', await makePdf(1))}\r\n--part--\r\n`),
    );
    expect(warmUp).toMatch(/^250 2\.0\.0 Accepted: fax /);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const before = await rssMb(gateway.pid);

    let peak = before;
    let done = false;
    let gaveUp = false;
    const sampling = (async () => {
      while (!done) {
        peak = Math.max(peak, await rssMb(gateway!.pid).catch(() => peak));
        if (peak - before > GIVE_UP_MB && !gaveUp) {
          gaveUp = true;
          await gateway!.kill();
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: MESSAGES }, (_, i) => {
        const from = senders[i % 2]!.owner.email;
        return send(from, `big-${i}`, i < MESSAGES / 2 ? fiveFiles : oneFile);
      }),
    );
    done = true;
    await sampling;
    const seconds = (Date.now() - started) / 1000;
    const growth = peak - before;
    console.log(
      `the gateway's memory: ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most while ${MESSAGES} messages of ` +
        `${MESSAGE_MB} MB arrived at once (growth ${growth.toFixed(0)} MB${gaveUp ? ', stopped there' : ''}), in ${seconds.toFixed(1)} s`,
    );

    expect(growth, `RSS grew from ${before.toFixed(0)} MB to ${peak.toFixed(0)} MB`).toBeLessThan(GROWTH_LIMIT_MB);
    // Each message was read to its end and judged as the portal judges its files.
    for (const [i, answer] of answers.entries()) {
      if (i < MESSAGES / 2) expect(answer).toMatch(/^554 5\.6\.0 File "scan-1\.pdf" has an unsupported type/);
      else expect(answer).toBe('552 5.3.4 File "scan.pdf" exceeds the 10MB size limit.');
    }
    // Nothing of them stays on disk.
    const spool = t.config.emailToFax.spoolDir;
    const left = await fs.readdir(spool, { recursive: true }).catch(() => [] as string[]);
    const files = [];
    for (const entry of left) if ((await fs.stat(path.join(spool, entry))).isFile()) files.push(entry);
    expect(files).toEqual([]);
  }, 600_000);
});
