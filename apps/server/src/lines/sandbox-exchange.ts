import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, unlink } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ZE164 } from '@faxline/shared';
import { z } from 'zod';
import type { Logger } from '../platform/logger';
import type { InboundCalls } from './fax-line';
import { answerCall, FAX_TRANSPORTS, placeCall, type TFaxModemReport } from './t30/fax-modem';

/**
 * The sandbox's telephone exchange for inbound calls: a remote fax machine (`npm run fax:call`, or
 * a test) calls a Faxline number here, and Faxline answers with its own spandsp receiver, as a real line would.
 *
 * It works as telephony does, signalling apart from media. On a unix socket (config SANDBOX_EXCHANGE_PATH, reachable
 * only on this machine) the caller sends one JSON line, the call's setup; the exchange answers in JSON lines:
 *   → {"to": "+1…", "from": "+1…", "transport": "audio" | "t38"}
 *   ← {"event": "rejected", "reason": "blocked" | "unknown_number" | "busy" | "invalid"}   (nothing is stored)
 *   ← {"event": "answered", "line": "<unix socket of the receiver>"}                      (the caller's engine dials it)
 *   ← {"event": "stored", "faxId": "…", "pages": n}  or  {"event": "not_stored", "reason": "…"}
 */
export const ZCallSetup = z.object({
  to: ZE164,
  from: ZE164.optional(),
  transport: z.enum(FAX_TRANSPORTS).default('audio'),
});
export type TCallSetup = z.input<typeof ZCallSetup>;

export type ExchangeEvent =
  | { event: 'rejected'; reason: 'blocked' | 'unknown_number' | 'busy' | 'invalid' }
  | { event: 'answered'; line: string }
  | { event: 'stored'; faxId: string; pages: number }
  | { event: 'not_stored'; reason: string };

/** Calls answered at once; more get a busy line, as a fax server's lines would give. */
const MAX_CALLS = 8;
/** Wall time a call may take: the engines run far faster than the line (a 200-page fax takes seconds). */
const CALL_TIMEOUT_MS = 120_000;
const SETUP_TIMEOUT_MS = 10_000;

export async function startSandboxExchange(deps: {
  calls: InboundCalls;
  faxModemPath: string;
  socketPath: string;
  logger: Logger;
}): Promise<{ stop: () => Promise<void> }> {
  let calls = 0;
  const server = net.createServer((connection) => {
    connection.on('error', () => {}); // a caller that hangs up early: its call simply ends
    const say = (event: ExchangeEvent) => connection.writable && connection.write(`${JSON.stringify(event)}\n`);
    const lines = createInterface({ input: connection });
    const timer = setTimeout(() => connection.destroy(), SETUP_TIMEOUT_MS);
    lines.once('line', (line) => {
      clearTimeout(timer);
      lines.close();
      void handleCall(line, say)
        .catch((error: unknown) => {
          deps.logger.error({ err: error }, 'sandbox exchange: the inbound call failed');
          say({ event: 'not_stored', reason: 'the call failed on our side' });
        })
        .finally(() => connection.end());
    });
  });

  async function handleCall(line: string, say: (event: ExchangeEvent) => void): Promise<void> {
    const setup = ZCallSetup.safeParse(safeJson(line));
    if (!setup.success) return void say({ event: 'rejected', reason: 'invalid' });
    const { to, from, transport } = setup.data;
    const answer = await deps.calls.answer({ toNumber: to, fromNumber: from ?? null });
    if (!answer.answer) {
      deps.logger.info({ to, from, reason: answer.reason }, 'sandbox exchange: call rejected');
      return void say({ event: 'rejected', reason: answer.reason });
    }
    if (calls >= MAX_CALLS) return void say({ event: 'rejected', reason: 'busy' });
    calls += 1;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'faxline-inbound-'));
    try {
      const socket = path.join(dir, 'line.sock');
      const outPath = path.join(dir, 'received.tif');
      const receiving = answerCall({
        binary: deps.faxModemPath,
        transport,
        socket,
        outPath,
        receiver: { ident: to },
        timeoutMs: CALL_TIMEOUT_MS,
      });
      say({ event: 'answered', line: socket });
      const report = await receiving;
      if (report.end.pages === 0)
        return void say({
          event: 'not_stored',
          reason: `no page came through (T.30 ${report.end.completion}: ${report.end.completionText})`,
        });
      const lastPage = report.pages.at(-1);
      const stored = await deps.calls.receive({
        callId: `sandbox:${randomUUID()}`,
        line: 'sandbox',
        toNumber: to,
        fromNumber: from ?? null,
        remoteIdent: report.end.remoteIdent || null,
        tiff: new Uint8Array(await readFile(outPath)),
        details: {
          pages: report.end.pages,
          bitRate: report.end.bitRate || null,
          resolution: lastPage?.resolution ?? null,
          ecm: report.end.ecm,
          completionCode: report.end.completion,
          completion: report.end.completionText,
          lineMs: report.end.lineMs,
        },
      });
      deps.logger.info({ to, from, outcome: stored.outcome, pages: report.end.pages }, 'sandbox exchange: call ended');
      say(
        stored.outcome === 'stored'
          ? { event: 'stored', faxId: stored.faxId, pages: report.end.pages }
          : { event: 'not_stored', reason: stored.outcome === 'refused' ? stored.reason : stored.outcome },
      );
    } finally {
      calls -= 1;
      await rm(dir, { recursive: true, force: true });
    }
  }

  // A socket left by a process that died is in the way; one in use belongs to another API process of this
  // installation, which answers the calls (connect tells them apart).
  if (await inUse(deps.socketPath)) {
    deps.logger.info({ socket: deps.socketPath }, 'sandbox exchange: another process answers inbound calls here');
    return { stop: async () => {} };
  }
  await unlink(deps.socketPath).catch(() => {});
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(deps.socketPath, resolve);
  });
  await chmod(deps.socketPath, 0o600); // this machine's Faxline user only
  return { stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function inUse(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/**
 * The caller's side (`npm run fax:call`, tests): dials a Faxline number through the exchange and, once answered,
 * sends the fax image with its own engine as a remote fax machine would. Resolves with the exchange's last word
 * and the caller's engine report (null when the call was rejected).
 */
export async function callThroughSandbox(input: {
  socketPath: string;
  faxModemPath: string;
  setup: TCallSetup;
  tiffPath: string;
  /** The calling machine's station id (its TSI). */
  ident?: string;
}): Promise<{ result: Exclude<ExchangeEvent, { event: 'answered' }>; sender: TFaxModemReport | null }> {
  const connection = net.connect(input.socketPath);
  await new Promise<void>((resolve, reject) => {
    connection.once('connect', resolve);
    connection.once('error', reject);
  });
  const events = createInterface({ input: connection })[Symbol.asyncIterator]();
  const next = async (): Promise<ExchangeEvent> => {
    const { value, done } = await events.next();
    if (done) throw new Error('The sandbox exchange hung up without a word');
    return JSON.parse(value as string) as ExchangeEvent;
  };
  try {
    connection.write(`${JSON.stringify(input.setup)}\n`);
    const first = await next();
    if (first.event !== 'answered') return { result: first, sender: null };
    const sender = await placeCall({
      binary: input.faxModemPath,
      transport: input.setup.transport ?? 'audio',
      socket: first.line,
      tiffPath: input.tiffPath,
      sender: { ident: input.ident ?? input.setup.from ?? '' },
      timeoutMs: CALL_TIMEOUT_MS,
    });
    const last = await next();
    if (last.event === 'answered') throw new Error('The sandbox exchange answered twice');
    return { result: last, sender };
  } finally {
    connection.destroy();
  }
}
