import { and, eq, inArray } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@test-support/factories/accounts';
import { makePdf } from '@test-support/factories/documents';
import { emailToFaxSettings } from '../../src/email-to-fax/schema';
import { faxes } from '../../src/faxes/schema';
import { plans } from '../../src/plans/schema';
import { accounts } from '../../src/accounts/schema';
import { openTestApp, type TestApp } from '../support/test-app';
import { startTestGateway } from '../support/email-gateway';

// E-mail to fax under load: 200 messages sent by 10 concurrent clients become 200 faxes, none lost or doubled. The
// faxes are only queued here (no worker): what is measured is the gateway, not the line. Each client keeps one SMTP
// connection and sends its 20 messages one after another, as a mail server relaying for an office does.
const CLIENTS = 10;
const PER_CLIENT = 20;

let t: TestApp;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  t = await openTestApp({ work: false });
  gateway = await startTestGateway(t);
}, 120_000);
afterAll(async () => {
  await gateway?.stop();
  await t?.close();
});

describe('e-mail to fax under load', () => {
  it(`turns ${CLIENTS * PER_CLIENT} messages from ${CLIENTS} concurrent clients into as many faxes, once each`, async () => {
    const sender = await createAccount(t);
    const recipient = await createAccount(t);
    // No page limit and no new-account limit in the way: what is counted is the gateway.
    const [unlimited] = await t.db.select({ id: plans.id }).from(plans).where(eq(plans.isHipaa, false)).limit(1);
    await t.db
      .update(accounts)
      .set({ planId: unlimited!.id, createdAt: new Date(Date.now() - 365 * 86_400_000) })
      .where(eq(accounts.id, sender.id));
    await t.db.update(plans).set({ pagesPerMonth: null }).where(eq(plans.id, unlimited!.id));
    await t.db.insert(emailToFaxSettings).values({ accountId: sender.id, authPolicy: 'off' });
    const pdf = await makePdf(1);
    const to = `${recipient.number!.slice(1)}@fax.localhost`;

    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        const transport = nodemailer.createTransport({
          host: '127.0.0.1',
          port: gateway.port,
          ignoreTLS: true,
          pool: true,
          maxConnections: 1,
        });
        const replies: Array<{ messageId: string; response: string }> = [];
        for (let i = 0; i < PER_CLIENT; i += 1) {
          const messageId = `<load-${client}-${i}-${started}@client.test>`;
          const info = await transport.sendMail({
            from: sender.owner.email,
            to,
            subject: `Load ${client}/${i}`,
            text: 'One page.',
            messageId,
            attachments: [{ filename: 'page.pdf', content: pdf }],
          });
          replies.push({ messageId, response: info.response });
        }
        transport.close();
        return replies;
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const all = answers.flat();
    console.log(
      `e-mail to fax load: ${all.length} messages from ${CLIENTS} clients in ${seconds.toFixed(1)} s (${(all.length / seconds).toFixed(1)} messages/s)`,
    );

    const faxIds = all.map((answer) => /Accepted: fax ([0-9a-f-]{36})$/.exec(answer.response)?.[1]);
    expect(faxIds.filter((id) => !id)).toEqual([]);
    expect(new Set(faxIds).size).toBe(CLIENTS * PER_CLIENT);
    const rows = await t.db
      .select({ id: faxes.id, channel: faxes.channel, status: faxes.status })
      .from(faxes)
      .where(and(eq(faxes.accountId, sender.id), inArray(faxes.id, faxIds as string[])));
    expect(rows).toHaveLength(CLIENTS * PER_CLIENT);
    expect(rows.every((row) => row.channel === 'email' && row.status === 'queued')).toBe(true);
    // Nothing else was made: one fax per message.
    expect(await t.db.select({ id: faxes.id }).from(faxes).where(eq(faxes.accountId, sender.id))).toHaveLength(CLIENTS * PER_CLIENT);
  }, 300_000);
});
