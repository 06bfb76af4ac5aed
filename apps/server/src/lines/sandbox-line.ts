import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SANDBOX_TEST_NUMBERS, t30CompletionKind, type TFaxCallDetails } from '@faxline/shared';
import type { FileStore } from '../platform/files/encrypted-file-store';
import type { CallOutcome, CallPlan, FaxLine, OutgoingFax } from './fax-line';
import { callResult } from './t30/call-result';
import { imageWithHeaderLines } from './t30/header-line';
import {
  compareFaxImages,
  FaxModemError,
  transmitOverAudio,
  transmitOverT38,
  type FaxModemEnd,
  type FaxModemReceiver,
  type TFaxModemReport,
} from './t30/fax-modem';

/** A busy line is a call result: the sandbox makes no call, and says so after the time a busy tone takes to hear. */
const BUSY_MS = 2_000;
/** Wall time a sandbox call may take (both engines are killed after it): calls take well under a second of CPU. */
const CALL_TIMEOUT_MS = 60_000;

/**
 * The remote machine a test number stands for (SANDBOX_TEST_NUMBERS) and the line it answers on. A healthy fax
 * machine (+15550100000 and every number that is not a test number) answers over T.38, as one behind a carrier's
 * gateway does (decision 151); the others are machines on an audio line: their misbehaviours are the audio line's (the
 * engine refuses them over T.38), and the one at 9,600 bit/s without ECM is an older machine on a telephone line.
 */
export type SandboxRemote = { transport: 't38'; receiver: FaxModemEnd } | { transport: 'audio'; receiver: FaxModemReceiver };

const overAudio = (receiver: FaxModemReceiver): SandboxRemote => ({ transport: 'audio', receiver });

/** The remote of a sandbox call, as settings of the spandsp receiver; 'busy' when no call is made. */
export function sandboxRemote(toNumber: string, pages: number, attempt: number): SandboxRemote | 'busy' {
  switch (toNumber) {
    case SANDBOX_TEST_NUMBERS.busy:
      return 'busy';
    case SANDBOX_TEST_NUMBERS.no_answer:
      return overAudio({ answer: 'silent' });
    case SANDBOX_TEST_NUMBERS.not_a_fax_machine:
      return overAudio({ answer: 'voice' });
    case SANDBOX_TEST_NUMBERS.partial_delivery:
      // Half the pages; a 1-page fax gets none confirmed, and so fails on the line.
      return overAudio({ dcnAfterPages: pages > 1 ? Math.max(1, Math.floor(pages / 2)) : 0 });
    case SANDBOX_TEST_NUMBERS.slow_no_ecm:
      return overAudio({ modems: ['v29'], ecm: false });
    case SANDBOX_TEST_NUMBERS.drops_first_try:
      // The same line on every try: audio, which can drop a call.
      return overAudio(attempt === 1 ? { dropOnPage: 2 } : {});
    case SANDBOX_TEST_NUMBERS.fails_v17_training:
      // Every training at V.17 is answered with DCN: a call that starts at V.17 fails; one at V.29 or lower delivers.
      return overAudio({ refuseTraining: ['v17'] });
    case SANDBOX_TEST_NUMBERS.drops_before_confirmation:
      return overAudio({ dropBeforeConfirming: true });
    default:
      return { transport: 't38', receiver: {} };
  }
}

/**
 * A sandbox call's outcome, and what only the sandbox can tell: the pages the remote machine took as good, counted at
 * its end (a wrong station's, for one, must be 0). Undefined when no call was made.
 */
export type SandboxOutcome = CallOutcome & { remotePagesReceived?: number };

/**
 * One sandbox call: the fax image really crosses T.30, over T.38 or audio as the number's remote answers
 * (sandboxRemote), to a spandsp receiver playing the remote machine, and the outcome is what the protocol says.
 * 'delivered' means the remote confirmed every page (MCF) and decoded exactly the pixels we sent. The call runs faster
 * than real time; the sandbox then waits out the rest of the line time, scaled by FAX_CLOCK_SCALE, so that a call takes
 * as long as on a real line (or a scaled share of it).
 */
export async function callSandbox(input: {
  fax: Pick<OutgoingFax, 'toNumber' | 'pages'> & Partial<Pick<OutgoingFax, 'quality' | 'stationId' | 'header' | 'expectedStationId'>>;
  /** The fax image (TIFF), decrypted. */
  image: Uint8Array;
  plan: CallPlan;
  faxModemPath: string;
  clockScale: number;
}): Promise<SandboxOutcome> {
  const started = performance.now();
  const pace = async (lineMs: number) => {
    const rest = lineMs * input.clockScale - (performance.now() - started);
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, Math.round(rest)));
  };
  const { firstPage, attempt } = input.plan;
  // The pages this call carries: the ones not confirmed yet.
  const pages = (input.fax.pages ?? 1) - firstPage + 1;
  const remote = sandboxRemote(input.fax.toNumber, pages, attempt);
  const failed = (result: CallOutcome['result'], durationMs: number, detail?: string): CallOutcome => ({
    result,
    pagesSent: 0,
    firstPage,
    durationMs,
    detail,
  });
  if (remote === 'busy') {
    await pace(BUSY_MS);
    return failed('busy', BUSY_MS);
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'faxline-sandbox-'));
  try {
    const sent = path.join(dir, 'sent.tif');
    const received = path.join(dir, 'received.tif');
    // What goes down the line: the pages under their header lines, dated now, when the account prints one.
    const { stationId, expectedStationId } = input.fax;
    const start = input.plan.start;
    const stamped = await imageWithHeaderLines({
      image: input.image,
      fax: { quality: 'fine', header: null, ...input.fax },
    });
    await writeFile(sent, stamped ?? input.image);
    const line = {
      binary: input.faxModemPath,
      tiffPath: sent,
      outPath: received,
      sender: {
        firstPage,
        ident: stationId ?? undefined,
        // Wrong-number protection: the engine compares the remote's CSI before page 1 and hangs up on another.
        expectIdent: expectedStationId ?? undefined,
        ...(start ? { modems: start.modems, ecm: start.ecm } : {}),
      },
      timeoutMs: CALL_TIMEOUT_MS,
    };
    // The remote announces its own number as its station id (CSI), as a machine set up with it does.
    const ident = input.fax.toNumber;
    const call = await (
      remote.transport === 't38'
        ? transmitOverT38({ ...line, receiver: { ident, ...remote.receiver } })
        : transmitOverAudio({ ...line, receiver: { ident, ...remote.receiver } })
    ).catch((error: unknown) => {
      // A call that hung or an engine that ended without a report is a line that failed; an engine that cannot start
      // at all (FAXMODEM_PATH) is not, and stays an error.
      if (error instanceof FaxModemError) return error;
      throw error;
    });
    if (call instanceof FaxModemError) return failed('line_quality', 0, call.message);
    const { end } = call.sender;
    const answer = remote.transport === 'audio' ? remote.receiver.answer : undefined;
    let result = callResult(end, { pages, answered: answer !== 'silent' });
    let pagesSent = end.pages;
    let detail =
      `T.30 ${end.completion} (${end.completionText}): ${end.pages} of ${pages} pages from page ${firstPage} confirmed, ` +
      `${end.bitRate} bit/s, ECM ${end.ecm ? 'on' : 'off'}`;
    if (result === 'wrong_station')
      detail = `the remote announced the station id "${end.remoteIdent.trim()}", not the one expected: no page was sent`;
    if (result === 'uncertain') detail = `the call ended after the last page before the remote confirmed it (${detail})`;
    if (result === 'delivered') {
      const comparison = await compareFaxImages(input.faxModemPath, sent, received, firstPage);
      if (!comparison.identical) {
        // Pages decoded wrong are not delivered, whatever the remote said: a retry sends them all again.
        result = 'line_quality';
        pagesSent = 0;
        const differing = comparison.pages.filter((page) => !page.identical).map((page) => page.page);
        const where = differing.length > 0 ? `pages ${differing.join(', ')}` : 'another page count';
        detail = `the remote confirmed every page but decoded other pixels (${where})`;
      }
    }
    await pace(end.lineMs);
    return {
      result,
      pagesSent,
      firstPage,
      durationMs: end.lineMs,
      detail,
      call: callDetails(call.sender, answer),
      transmittedImage: stamped ?? undefined,
      session: { transport: remote.transport, modem: end.modem ?? null, trainingFailed: end.trainingFailed ?? false },
      remotePagesReceived: call.receiver.end.pages,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The call as the attempt records it. A call nobody answered has no session to show; one where no fax handshake took
 * place has only its completion code (the engine reports the speed it would have tried, which is not a fact of the call).
 */
function callDetails(sender: TFaxModemReport, answer: FaxModemReceiver['answer']): TFaxCallDetails | undefined {
  if (answer === 'silent') return undefined;
  const { end } = sender;
  // A wrong station is refused on its DIS: no speed was ever set up.
  const negotiated = !['no_fax_answer', 'no_handshake'].includes(t30CompletionKind(end.completion)) && !end.wrongStation;
  const lastPage = sender.pages.at(-1);
  return {
    bitRate: negotiated ? end.bitRate : null,
    ecm: negotiated ? end.ecm : null,
    resolution: lastPage?.resolution ?? null,
    compression: lastPage?.compression ?? null,
    remoteIdent: end.remoteIdent || null,
    ecmRetransmissions: negotiated && end.ecm ? (end.ecmRetransmissions ?? 0) : null,
    completionCode: end.completion,
    completionText: end.completionText,
  };
}

/** The sandbox as a line: it takes every number no other line does (lines.ts puts it last). */
export function sandboxLine(deps: { files: FileStore; clockScale: number; faxModemPath: string }): FaxLine {
  return {
    name: 'sandbox',
    accepts: async () => true,
    call: async (fax, plan) => {
      if (!fax.imageKey)
        return { result: 'line_quality', pagesSent: 0, firstPage: plan.firstPage, durationMs: 0, detail: 'the fax has no image to send' };
      const image = await deps.files.get(fax.imageKey);
      return callSandbox({ fax, image, plan, faxModemPath: deps.faxModemPath, clockScale: deps.clockScale });
    },
  };
}
