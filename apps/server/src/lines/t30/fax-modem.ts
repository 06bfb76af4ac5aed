import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { EngineError, runOnWarmEngine } from './warm-engine';

/**
 * The T.30 fax engine (native/faxmodem/faxmodem.c, spandsp) driven from Node. A call between two of our ends (the
 * sandbox, the tests) runs both ends in one warm engine process (`faxmodem call` through `serve`, decision 125); a
 * call with another program (an inbound call from `npm run fax:call` or a gateway) runs one process per end, the two
 * joined by a unix socket. Either way the line carries, in lockstep, G.711 A-law audio or T.38 IFP packets (framed as
 * UDPTL would carry them), so a call takes CPU time, not line time.
 * Each end reports in JSON lines ("side" says which end), parsed here.
 */

export const FAX_MODEMS = ['v17', 'v29', 'v27ter'] as const;
export type TFaxModem = (typeof FAX_MODEMS)[number];

/** A page the sender saw confirmed (MCF), or the receiver took as good. */
export const ZFaxModemPage = z.object({
  event: z.literal('page'),
  page: z.number().int().positive(),
  bitRate: z.number().int(),
  resolution: z.enum(['standard', 'fine', 'superfine']),
  compression: z.enum(['T.4 1D', 'T.4 2D', 'T.6', 'other']),
  ecm: z.boolean(),
  /** Line time since the call began, in the call's own clock (samples / 8000). */
  lineMs: z.number().int().nonnegative(),
});
export type TFaxModemPage = z.infer<typeof ZFaxModemPage>;

/** How the call ended: `completion` is spandsp's T.30 completion code (0 = OK), `completionText` its words. */
export const ZFaxModemEnd = z.object({
  event: z.literal('end'),
  pages: z.number().int().nonnegative(),
  completion: z.number().int().nonnegative(),
  completionText: z.string(),
  remoteIdent: z.string(),
  bitRate: z.number().int(),
  ecm: z.boolean(),
  lineMs: z.number().int().nonnegative(),
  ecmRetransmissions: z.number().int().nonnegative().optional(),
  /** The modem of the last DCS (the speed's family); null when no DCS went. */
  modem: z.enum(FAX_MODEMS).nullable().optional(),
  /** Sender: the last DCS's training was never confirmed (CFR) and the call failed. */
  trainingFailed: z.boolean().optional(),
  /** Sender (--expect-ident): the remote announced another station id; it hung up before page 1. */
  wrongStation: z.boolean().optional(),
  /** Sender: the last page went (EOP) and the call ended before the remote answered it: maybe delivered. */
  awaitingConfirmation: z.boolean().optional(),
});
export type TFaxModemEnd = z.infer<typeof ZFaxModemEnd>;

const ZFaxModemLine = z.discriminatedUnion('event', [ZFaxModemPage, ZFaxModemEnd]);

export const ZFaxImageComparison = z.object({
  event: z.literal('compare'),
  pages: z.array(
    z.object({
      page: z.number().int().positive(),
      width: z.tuple([z.number().int(), z.number().int()]),
      height: z.tuple([z.number().int(), z.number().int()]),
      differentRows: z.number().int().nonnegative(),
      identical: z.boolean(),
    }),
  ),
  identical: z.boolean(),
});
export type TFaxImageComparison = z.infer<typeof ZFaxImageComparison>;

/** What one end reported: its pages, how the call ended, and the process's exit code (0 only for a completed call). */
export type TFaxModemReport = { pages: TFaxModemPage[]; end: TFaxModemEnd; exitCode: number | null };

/** One end's settings: what the machine offers in T.30 phase B (DIS for the receiver, DCS is chosen within it). */
export type FaxModemEnd = { ident?: string; ecm?: boolean; modems?: readonly TFaxModem[] };

/** How the remote machine behaves (the sandbox's test numbers): `receive`'s options beyond its T.30 settings. */
export type FaxModemReceiver = FaxModemEnd & {
  /** 'fax' (the default); 'silent': nobody picks up; 'voice': a telephone answers, no fax tone and no T.30. */
  answer?: 'fax' | 'silent' | 'voice';
  /** Confirms this many pages, then answers the next one with DCN and hangs up. */
  dcnAfterPages?: number;
  /** Drops the line while this page comes in. */
  dropOnPage?: number;
  /** Hangs up (DCN) after a training at these modems instead of confirming it: the line cannot carry them. */
  refuseTraining?: readonly TFaxModem[];
  /** Takes the last page, then hangs up before confirming it (MCF). */
  dropBeforeConfirming?: boolean;
};

export class FaxModemError extends Error {
  override name = 'FaxModemError';
}

const DEFAULT_TIMEOUT_MS = 30_000;

function endArguments(end: FaxModemEnd): string[] {
  return [
    ...(end.ident ? ['--ident', end.ident] : []),
    ...(end.ecm === undefined ? [] : ['--ecm', end.ecm ? 'on' : 'off']),
    ...(end.modems ? ['--modems', end.modems.join(',')] : []),
  ];
}

function receiverArguments(receiver: FaxModemReceiver): string[] {
  return [
    ...endArguments(receiver),
    ...(receiver.answer ? ['--answer', receiver.answer] : []),
    ...(receiver.dcnAfterPages === undefined ? [] : ['--dcn-after-pages', String(receiver.dcnAfterPages)]),
    ...(receiver.dropOnPage === undefined ? [] : ['--drop-on-page', String(receiver.dropOnPage)]),
    ...(receiver.refuseTraining?.length ? ['--refuse-training', receiver.refuseTraining.join(',')] : []),
    ...(receiver.dropBeforeConfirming ? ['--drop-before-confirming', 'on'] : []),
  ];
}

type Running = { done: Promise<TFaxModemReport>; kill: () => void };

/** Starts one end; its report is complete when the process has exited and its last line was read. */
function startEnd(binary: string, args: string[]): Running {
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const pages: TFaxModemPage[] = [];
  let end: TFaxModemEnd | undefined;
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 4000) stderr += chunk.toString();
  });
  const lines = createInterface({ input: child.stdout });
  let unreadable: string | undefined;
  lines.on('line', (line) => {
    try {
      const parsed = ZFaxModemLine.parse(JSON.parse(line));
      if (parsed.event === 'page') pages.push(parsed);
      else end = parsed;
    } catch {
      unreadable ??= line;
    }
  });
  const closed = new Promise<void>((resolve) => lines.once('close', resolve));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code));
  });
  const done = Promise.all([exited, closed]).then(([exitCode]) => {
    if (unreadable !== undefined)
      throw new FaxModemError(`faxmodem ${args[0]} wrote an unreadable report line: ${unreadable.slice(0, 200)}`);
    if (!end) throw new FaxModemError(`faxmodem ${args[0]} ended without a report (exit ${exitCode}): ${stderr.trim()}`);
    return { pages, end, exitCode };
  });
  return { done, kill: () => child.kill('SIGKILL') };
}

/** What a call needs whatever carries it. */
type CallInput = {
  /** The engine's binary (config.faxModemPath). */
  binary: string;
  /** The fax image to send: TIFF, one bit per pixel, 1728 pixels wide. */
  tiffPath: string;
  /** Where the receiver writes the pages it decoded. */
  outPath: string;
  /**
   * The sender's settings; `firstPage` > 1 sends the file from that page on (a retry after a partial call);
   * `expectIdent`: the station id the remote must announce, or the sender hangs up before page 1.
   */
  sender?: FaxModemEnd & { firstPage?: number; expectIdent?: string };
  timeoutMs?: number;
};

type CallReports = { sender: TFaxModemReport; receiver: TFaxModemReport };

export const FAX_TRANSPORTS = ['audio', 't38'] as const;
export type FaxTransport = (typeof FAX_TRANSPORTS)[number];

/** The receiving end, listening on `socket` for the caller. */
function startReceiver(binary: string, transport: FaxTransport, outPath: string, socket: string, receiverArgs: string[]): Running {
  return startEnd(binary, ['receive', '--out', outPath, '--listen', socket, '--transport', transport, ...receiverArgs]);
}

/** The sender's settings as the engine's options. */
function senderArguments(sender: CallInput['sender'] = {}): string[] {
  const firstPage = sender.firstPage ?? 1;
  return [
    ...endArguments(sender),
    ...(firstPage > 1 ? ['--first-page', String(firstPage)] : []),
    ...(sender.expectIdent ? ['--expect-ident', sender.expectIdent] : []),
  ];
}

/** The calling end, dialling `socket` (and retrying until the receiver listens). */
function startSender(binary: string, transport: FaxTransport, tiffPath: string, socket: string, sender: CallInput['sender'] = {}): Running {
  return startEnd(binary, ['send', '--file', tiffPath, '--connect', socket, '--transport', transport, ...senderArguments(sender)]);
}

/** The ends' reports, or an error when one could not run or the call outlived `timeoutMs` of wall time (all killed). */
async function reportsOf<T extends TFaxModemReport[]>(ends: Running[], timeoutMs = DEFAULT_TIMEOUT_MS): Promise<T> {
  const killAll = () => ends.forEach((end) => end.kill());
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      killAll();
      reject(new FaxModemError(`The fax call took more than ${timeoutMs} ms of wall time`));
    }, timeoutMs);
  });
  // Should one end fail to start, the other is not left waiting for its peer.
  const all = Promise.all(ends.map((end) => end.done)).catch((error: unknown) => {
    killAll();
    throw error;
  });
  try {
    return (await Promise.race([all, timeout])) as T;
  } finally {
    clearTimeout(timer);
    await Promise.allSettled(ends.map((end) => end.done));
  }
}

/** A warm engine's command, its failure to finish as a FaxModemError (an engine that cannot start stays an error). */
async function onWarmEngine(binary: string, words: string[], timeoutMs = DEFAULT_TIMEOUT_MS) {
  return runOnWarmEngine(binary, words, timeoutMs).catch((error: unknown) => {
    throw error instanceof EngineError ? new FaxModemError(error.message) : error;
  });
}

const ZSide = z.object({ side: z.enum(['sender', 'receiver']) });

/**
 * One fax call between two of our ends, both in one warm engine (`faxmodem call`): the same T.30 on each side, the
 * line handed over in memory. A call that fails in T.30 is a report, not an error; an engine that cannot run, or a
 * call still going after `timeoutMs` of wall time (the engine killed), is an error.
 */
async function transmit(transport: FaxTransport, input: CallInput, receiverArgs: string[]): Promise<CallReports> {
  const reply = await onWarmEngine(
    input.binary,
    [
      'call',
      '--file',
      input.tiffPath,
      '--transport',
      transport,
      ...senderArguments(input.sender),
      '--receiver',
      '--out',
      input.outPath,
      ...receiverArgs,
    ],
    input.timeoutMs,
  );
  const sides = {
    sender: { pages: [] as TFaxModemPage[], end: undefined as TFaxModemEnd | undefined },
    receiver: { pages: [] as TFaxModemPage[], end: undefined as TFaxModemEnd | undefined },
  };
  for (const line of reply.lines) {
    let parsed: { side: 'sender' | 'receiver'; report: z.infer<typeof ZFaxModemLine> };
    try {
      const json: unknown = JSON.parse(line);
      parsed = { side: ZSide.parse(json).side, report: ZFaxModemLine.parse(json) };
    } catch {
      throw new FaxModemError(`faxmodem call wrote an unreadable report line: ${line.slice(0, 200)}`);
    }
    if (parsed.report.event === 'page') sides[parsed.side].pages.push(parsed.report);
    else sides[parsed.side].end = parsed.report;
  }
  const report = (side: keyof typeof sides, exitCode: number): TFaxModemReport => {
    const { pages, end } = sides[side];
    if (!end) throw new FaxModemError(`faxmodem call ended without the ${side}'s report (status ${reply.status})`);
    return { pages, end, exitCode };
  };
  const receiverEnd = sides.receiver.end;
  return { sender: report('sender', reply.status), receiver: report('receiver', receiverEnd?.completion === 0 ? 0 : 1) };
}

/**
 * One end of a call whose other end is another program (an inbound call: the caller's engine, started by
 * `npm run fax:call`, or a remote fax machine's gateway): Faxline's receiver listens on `socket`.
 */
export function answerCall(input: {
  binary: string;
  transport: FaxTransport;
  socket: string;
  outPath: string;
  receiver?: FaxModemEnd;
  timeoutMs?: number;
}): Promise<TFaxModemReport> {
  const receiver = startReceiver(input.binary, input.transport, input.outPath, input.socket, endArguments(input.receiver ?? {}));
  return reportsOf<[TFaxModemReport]>([receiver], input.timeoutMs).then(([report]) => report);
}

/** The calling end on its own: sends the fax image to the receiver listening on `socket`. */
export function placeCall(input: {
  binary: string;
  transport: FaxTransport;
  socket: string;
  tiffPath: string;
  sender?: CallInput['sender'];
  timeoutMs?: number;
}): Promise<TFaxModemReport> {
  const sender = startSender(input.binary, input.transport, input.tiffPath, input.socket, input.sender);
  return reportsOf<[TFaxModemReport]>([sender], input.timeoutMs).then(([report]) => report);
}

/** A call over G.711 audio; the receiver may also misbehave as the sandbox's test numbers do. */
export function transmitOverAudio(input: CallInput & { receiver?: FaxModemReceiver }): Promise<CallReports> {
  return transmit('audio', input, receiverArguments(input.receiver ?? {}));
}

/**
 * A call over T.38: two T.38 terminals exchanging IFP packets, paced as the modems they stand for. The receiver is a
 * fax machine that answers; its misbehaviours are audio only (the engine refuses them over T.38).
 */
export function transmitOverT38(input: CallInput & { receiver?: FaxModemEnd }): Promise<CallReports> {
  return transmit('t38', input, endArguments(input.receiver ?? {}));
}

/**
 * The pixels of every page of two fax images, decoded by libtiff whatever their compression, compared row by row.
 * `fromPage` > 1: `b` holds `a`'s pages from that one on (what a resumed call delivered); pages keep `a`'s numbers.
 */
export async function compareFaxImages(binary: string, a: string, b: string, fromPage = 1): Promise<TFaxImageComparison> {
  const reply = await onWarmEngine(binary, ['compare', a, b, ...(fromPage > 1 ? ['--from-page', String(fromPage)] : [])]);
  return ZFaxImageComparison.parse(JSON.parse(reply.lines.join('\n')));
}
