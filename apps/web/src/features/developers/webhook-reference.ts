import {
  WEBHOOK_DISABLE_AFTER_SECONDS,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_SECRET_OVERLAP_SECONDS,
  WEBHOOK_TIMEOUT_SECONDS,
  type TFaxEventType,
} from '@faxline/shared';
import type { TV1FaxDetails } from '@faxline/shared/api-v1';

/**
 * Webhooks as /api-documentation#webhooks describes them: the figures come from the shared constants the
 * server acts on, the samples are typed against the public contract. Code and header names stay in English.
 */

/** The Standard Webhooks headers of every message, and where their meaning is in the texts. */
export const WEBHOOK_HEADERS = [
  { name: 'webhook-id', key: 'id' },
  { name: 'webhook-timestamp', key: 'timestamp' },
  { name: 'webhook-signature', key: 'signature' },
] as const;

// Each unit, its length in seconds, and the fewest of it a span is told in: one day reads as 24 hours, as the
// Webhooks page says it.
const UNITS = [
  ['day', 86_400, 2],
  ['hour', 3_600, 1],
  ['minute', 60, 1],
  ['second', 1, 0],
] as const;

/** A span of seconds in words, in the largest unit it fills whole: 300 is "5 minutes", "5 minutos", "5 minutes". */
export function formatSpan(seconds: number, language: string): string {
  const [unit, size] = UNITS.find(([, length, fewest]) => seconds % length === 0 && seconds / length >= fewest) ?? UNITS[3];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(seconds / size);
}

/** The figures the texts state, in words in `language`. */
export function webhookFigures(language: string) {
  return {
    timeout: formatSpan(WEBHOOK_TIMEOUT_SECONDS, language),
    delays: new Intl.ListFormat(language, { type: 'conjunction' }).format(
      WEBHOOK_RETRY_DELAYS_SECONDS.map((seconds) => formatSpan(seconds, language)),
    ),
    disableAfter: formatSpan(WEBHOOK_DISABLE_AFTER_SECONDS, language),
    overlap: formatSpan(WEBHOOK_SECRET_OVERLAP_SECONDS, language),
  };
}

// The spec's sample fax (api-reference.ts, sendSpec), delivered: what GET /v1/faxes/{fax_id} returns for it.
const deliveredFax = {
  id: '0b6f3c1e-5d7a-4a8e-9f21-3c4d5e6f7a8b',
  direction: 'outbound',
  status: 'delivered',
  read: false,
  from: '+15550100001',
  to: '+15550100000',
  recipient_name: null,
  sender_name: null,
  pages: 3,
  pages_sent: 3,
  quality: 'fine',
  failure_reason: null,
  retryable: null,
  failure_message: null,
  failure_detail: null,
  uncertain_choice: null,
  cover_subject: 'Patient referral',
  channel: 'api',
  scheduled_at: '2026-12-01T14:00:00.000Z',
  next_try_at: null,
  created_at: '2026-11-28T16:20:05.000Z',
  completed_at: '2026-12-01T14:01:58.000Z',
  station_check: { expected: '+1 555 010 0000', announced: '+15550100000', result: 'match' },
  attempts: [
    {
      number: 1,
      started_at: '2026-12-01T14:00:07.000Z',
      ended_at: '2026-12-01T14:01:57.000Z',
      duration_ms: 110_000,
      first_page: 1,
      pages_sent: 3,
      result: 'delivered',
    },
  ],
  // A sent fax: received faxes carry their class, fields and pages to ask for again once read (decision 102).
  document_class: null,
  class_confidence: null,
  fields: [],
  page_problems: [],
} satisfies TV1FaxDetails;

const deliveredEvent = {
  type: 'fax.delivered',
  timestamp: deliveredFax.completed_at,
  data: deliveredFax,
} satisfies { type: TFaxEventType; timestamp: string; data: TV1FaxDetails };

/** The samples of the section: a message as it arrives, and how to verify one in Node.js. */
export function webhookSamples() {
  return {
    message: `POST /webhooks/faxline HTTP/1.1
Host: example.com
Content-Type: application/json
webhook-id: 7d1c2f9e-3a4b-4c5d-8e6f-0a1b2c3d4e5f
webhook-timestamp: 1796133719
webhook-signature: v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=

${JSON.stringify(deliveredEvent, null, 2)}`,

    verifyHmac: `import express from 'express';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.FAXLINE_WEBHOOK_SECRET); // whsec_…
const app = express();

// The signature covers the exact bytes sent: keep the body raw (verify() parses it).
app.post('/webhooks/faxline', express.raw({ type: 'application/json' }), async (req, res) => {
  let event;
  try {
    event = webhook.verify(req.body, req.headers); // also refuses an old webhook-timestamp
  } catch {
    return res.status(400).end();
  }
  // The same message may come twice: handle each webhook-id once.
  if (await alreadyHandled(req.headers['webhook-id'])) return res.status(204).end();
  await enqueue(event); // answer at once, do the work afterwards
  res.status(204).end();
});`,

    verifyEd25519: `import { createPublicKey, verify } from 'node:crypto';

const raw = Buffer.from(process.env.FAXLINE_WEBHOOK_PUBLIC_KEY.replace(/^whpk_/, ''), 'base64');
const publicKey = createPublicKey({
  key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') },
  format: 'jwk',
});
const TOLERANCE_SECONDS = 5 * 60;

// body: the raw request body (a Buffer); headers: the request's headers.
function verifyEd25519(body, headers) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const age = Math.abs(Date.now() / 1000 - Number(timestamp));
  if (!(age <= TOLERANCE_SECONDS)) throw new Error('Old or invalid timestamp'); // NaN fails too
  const signed = Buffer.from(\`\${id}.\${timestamp}.\${body}\`);
  const valid = headers['webhook-signature'].split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    return version === 'v1a' && verify(null, signed, publicKey, Buffer.from(signature, 'base64'));
  });
  if (!valid) throw new Error('No matching signature');
  return JSON.parse(body.toString('utf8'));
}`,
  };
}
