import { createHmac, timingSafeEqual } from 'node:crypto';
import { E164_PATTERN } from '@faxline/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TConfig } from '../../platform/config';
import { AppError } from '../../platform/http/app-error';
import type { InboundCalls } from '../fax-line';
import { clock } from '../../platform/clock';

/** A signature older (or newer) than this is refused: a captured report cannot be posted again later. */
export const HYLAFAX_SIGNATURE_MAX_AGE_SECONDS = 5 * 60;
/** The TIFF of a 200-page fax, in base64, with room to spare. */
const BODY_LIMIT_BYTES = 64 * 1024 * 1024;

/** `X-Faxline-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with HYLAFAX_HOOK_SECRET>`. */
export function hylafaxSignature(secret: string, timestamp: number, body: Uint8Array | string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

function signatureIsValid(secret: string, header: string | undefined, body: Buffer, nowSeconds: number): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > HYLAFAX_SIGNATURE_MAX_AGE_SECONDS) return false;
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  const expected = Buffer.from(hylafaxSignature(secret, timestamp, body).split('v1=')[1]!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The first bytes of a TIFF file, little- and big-endian. */
const TIFF_MAGIC = [
  [0x49, 0x49, 0x2a, 0x00],
  [0x4d, 0x4d, 0x00, 0x2a],
];

/** A number as HylaFAX has it ("+1.555.000.1234", "15550001234"): E.164 when it is one with its country code. */
const ZHookNumber = z
  .string()
  .trim()
  .transform((value) => `+${value.replace(/\D/g, '')}`)
  .pipe(z.string().regex(E164_PATTERN));
const optionalText = z
  .string()
  .trim()
  .max(200)
  .transform((value) => value || null)
  .nullable()
  .default(null);

/**
 * What scripts/hylafax/faxrcvd posts for a received fax: the facts faxgetty and faxinfo give, and the TIFF in base64.
 * A contract between this route and that script only, so it lives here rather than in packages/shared.
 */
export const ZHylafaxReceived = z.object({
  /** HylaFAX's communication id of the call: the call's identity, so that a report posted twice is stored once. */
  commid: z
    .string()
    .trim()
    .regex(/^\w{1,32}$/),
  /** The modem (HylaFAX device id) that answered. */
  device: z.string().trim().max(200),
  /** The Faxline number called: the DID the call carried, or the answering modem's FAXNumber (the hook's choice). */
  toNumber: ZHookNumber,
  /** The caller's number (Caller*ID), when the network gave one. */
  fromNumber: ZHookNumber.nullable()
    .default(null)
    .catch(() => null),
  /** The sending machine's TSI. */
  tsi: optionalText,
  pages: z.coerce.number().int().min(1).max(10_000),
  /** faxinfo's SignalRate, e.g. "14400" (bit/s). */
  signalRate: z.coerce.number().int().min(0).max(100_000).nullable().default(null),
  /** faxinfo's vertical resolution in lines per inch (98, 196, 391) */
  vres: z.coerce.number().int().nullable().default(null),
  ecm: z.boolean().nullable().default(null),
  /** The time the call took to receive, in seconds. */
  seconds: z.coerce.number().min(0).nullable().default(null),
  /** faxgetty's message when the reception ended with an error ("" when it went well). */
  status: optionalText,
  tiff: z
    .base64()
    .transform((value) => new Uint8Array(Buffer.from(value, 'base64')))
    .refine((bytes) => TIFF_MAGIC.some((magic) => magic.every((byte, index) => bytes[index] === byte)), { error: 'expected a TIFF' }),
});

/**
 * POST /api/lines/hylafax/received: the faxrcvd hook's report of a fax HylaFAX received (decision 047), signed with
 * HYLAFAX_HOOK_SECRET. The signature covers the exact bytes posted, so this route reads the body raw, checks the
 * signature in constant time, and only then parses it. The call is stored by the same rules as every line's
 * (`inboundCalls`, faxes/receive-call.ts): a number no account holds, or a blocked caller, stores nothing.
 */
export async function hylafaxRoutes(
  app: FastifyInstance,
  deps: { config: Pick<TConfig, 'hylafaxHookSecret'>; inboundCalls: InboundCalls },
): Promise<void> {
  const secret = deps.config.hylafaxHookSecret;
  if (!secret) return;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post('/lines/hylafax/received', { bodyLimit: BODY_LIMIT_BYTES }, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = request.headers['x-faxline-signature'];
    if (!signatureIsValid(secret, typeof header === 'string' ? header : undefined, raw, Math.floor(clock.now().getTime() / 1000)))
      throw new AppError('authentication_error', 'errors.lineSignatureInvalid');
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new AppError('invalid_request', 'errors.invalidField', { field: 'body', message: 'not JSON' });
    }
    const parsed = ZHylafaxReceived.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new AppError('invalid_request', 'errors.invalidField', { field: issue.path.join('.'), message: issue.message });
    }
    const report = parsed.data;
    const outcome = await deps.inboundCalls.receive({
      callId: `hylafax:${report.commid}`,
      line: 'hylafax',
      toNumber: report.toNumber,
      fromNumber: report.fromNumber,
      remoteIdent: report.tsi,
      tiff: report.tiff,
      details: {
        pages: report.pages,
        bitRate: report.signalRate || null,
        resolution: report.vres === 98 ? 'standard' : report.vres === 196 ? 'fine' : report.vres === 391 ? 'superfine' : null,
        ecm: report.ecm,
        completion: report.status,
        lineMs: report.seconds === null ? null : Math.round(report.seconds * 1000),
      },
    });
    request.log.info({ commid: report.commid, device: report.device, ...outcome }, 'HylaFAX reported a received fax');
    // A refusal is an answer too (200): the hook must not post it again.
    return outcome;
  });
}
