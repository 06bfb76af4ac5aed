// Sends a PDF to one number and waits until the fax is delivered:
// FAXLINE_API_URL=https://faxline.example.com/v1 FAXLINE_API_KEY=fl_live_... node send-and-wait.mjs letter.pdf +15550100000
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { createFaxlineClient, waitForFax } from '@faxline/client';

const [document, recipient] = process.argv.slice(2);
const faxline = createFaxlineClient({ baseUrl: process.env.FAXLINE_API_URL, apiKey: process.env.FAXLINE_API_KEY });

// Keep the idempotency key with your own record of the send: a retry with it never sends the fax twice.
const { data, error } = await faxline.POST('/faxes', {
  params: { header: { 'Idempotency-Key': randomUUID() } },
  body: { recipient, files: [{ name: basename(document), content: (await readFile(document)).toString('base64') }] },
});
if (error) throw new Error(`The fax was not accepted: ${error.error.code}: ${error.error.message}`);
const fax = await waitForFax(faxline, data.fax_id, { timeoutMs: 300_000, intervalMs: 2_000 });
console.log(fax.id, fax.status, fax.pages);
process.exitCode = fax.status === 'delivered' ? 0 : 1;
