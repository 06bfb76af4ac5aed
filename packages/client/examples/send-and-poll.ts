import { randomUUID } from 'node:crypto';
import { createFaxlineClient, waitForFax } from '@faxline/client';

/** Sends a PDF to one number and waits until the fax is delivered; throws if it ends otherwise. */
export async function sendAndPoll(options: { baseUrl: string; apiKey: string; pdf: Uint8Array; to: string }) {
  const client = createFaxlineClient({ baseUrl: options.baseUrl, apiKey: options.apiKey });

  // Keep the idempotency key with your own record of the send: a retry with it never sends the fax twice.
  const idempotencyKey = randomUUID();
  const { data, error } = await client.POST('/faxes', {
    params: { header: { 'Idempotency-Key': idempotencyKey } },
    body: {
      recipient: options.to,
      files: [{ name: 'referral.pdf', content: Buffer.from(options.pdf).toString('base64') }],
    },
  });
  if (error) throw new Error(`The fax was not accepted: ${error.error.type} (${error.error.code}): ${error.error.message}`);
  if (!('fax_id' in data)) throw new Error('One recipient answers with one fax.');

  const fax = await waitForFax(client, data.fax_id, { timeoutMs: 120_000, intervalMs: 1_000 });
  if (fax.status !== 'delivered') throw new Error(`The fax ended ${fax.status}: ${fax.failure_message ?? fax.failure_reason}`);
  return fax;
}
