import { type TFaxCallDetails, type TFaxFailureReason, type TFaxQuality } from '@faxline/shared';
import type { FileStore } from '../../platform/files/encrypted-file-store';
import type { TConfig } from '../../platform/config';
import type { CallOutcome, CallPlan, FaxLine, OutgoingFax } from '../fax-line';
import { lineFailureSince, servesOutsideNumber } from '../outside-lines';
import { imageWithHeaderLines } from '../t30/header-line';
import { tiffPagesFrom } from '../../documents/fax-image/fax-tiff-pages';
import { HylafaxError, HylafaxSession, type HylafaxJob, type HylafaxJobFile, type HylafaxServer } from './hylafax-client';

export type HylafaxSettings = NonNullable<TConfig['hylafax']>;
type HylafaxLineDeps = { files: FileStore; hylafax: HylafaxSettings };

/** HylaFAX kills a job it could not end within this (JPARM LASTTIME, days-hours-minutes): a job never dials late. */
const JOB_LIFETIME = '000030';
/** The line stops waiting a little after that, kills the job if it still lives, and calls it an outage of the line. */
const CALL_DEADLINE_MS = 31 * 60_000;
/** How long the line keeps trying to reach HylaFAX again while it follows a submitted job. */
const RECONNECT_PATIENCE_MS = 5 * 60_000;

/** hfaxd's vertical resolutions (JPARM VRES, lines per inch) for Faxline's qualities. */
const VRES: Record<TFaxQuality, number> = { standard: 98, fine: 196, superfine: 391 };

/** The job's tag (JPARM JOBINFO): the fax and the try, so that a worker that died mid-call finds the job it submitted. */
export const hylafaxJobTag = (faxId: string, attempt: number) => `faxline:${faxId}:${attempt}`;

const attemptOfTag = (tag: string, faxId: string): number | null => {
  const match = new RegExp(`^faxline:${faxId}:(\\d+)$`).exec(tag);
  return match ? Number(match[1]) : null;
};

/**
 * The HylaFAX line (decision 047): each call is one HylaFAX job, sent by the operator's modems or
 * SIP/T.38 gateway, dialled once (Faxline's retry rules decide the next try). The line waits for the job to end and
 * reports what HylaFAX's job file says: pages sent, the signalling rate, the remote's CSI and HylaFAX's status.
 * HylaFAX cannot start a job at a page of our choosing: a retry after a call that ended partway submits a document of
 * the pages not confirmed yet (`plan.firstPage` to the last, each under the header line of the whole fax: "Page 2/3").
 */
export function hylafaxLine(deps: HylafaxLineDeps): FaxLine {
  const { serves } = deps.hylafax;
  return {
    name: 'hylafax',
    accepts: async (toNumber) => servesOutsideNumber(serves, toNumber),
    call: async (fax, plan) => callHylafax(deps, fax, plan),
  };
}

async function callHylafax(deps: HylafaxLineDeps, fax: OutgoingFax, plan: CallPlan): Promise<CallOutcome> {
  const started = Date.now();
  if (!fax.imageKey) return lineFailureSince(started, 'line_quality', 'the fax has no image to send');

  let session: HylafaxSession;
  try {
    session = await HylafaxSession.open(deps.hylafax);
  } catch (error) {
    // Nothing was submitted: HylaFAX is out of reach, an outage of this line the retry rules try again later.
    if (error instanceof HylafaxError) return lineFailureSince(started, 'carrier_outage', error.message, 'hfaxd_unreachable');
    throw error;
  }
  const follower = new JobFollower(deps.hylafax, session);
  try {
    const job = await jobToFollow(session, fax.id, plan.attempt);
    if (job?.state === 'done') return outcomeOf(job.id, await follower.file(job.id), started, fax.pages);
    let jobId = job?.id;
    // The pages under Faxline's header line (HylaFAX's own tagline is the operator's to turn off), kept as the proof.
    let transmittedImage: Uint8Array | undefined;
    if (!jobId) {
      const rendered = await deps.files.get(fax.imageKey);
      const stamped = (await imageWithHeaderLines({ image: rendered, fax })) ?? rendered;
      // Only the pages earlier calls did not get confirmed: what this call carries, and so what it keeps as sent.
      transmittedImage = tiffPagesFrom(stamped, plan.firstPage);
      const document = await session.storeTemporaryTiff(transmittedImage);
      jobId = await session.submitJob(
        [
          ['JOBINFO', hylafaxJobTag(fax.id, plan.attempt)],
          ['DIALSTRING', fax.toNumber],
          ['NOTIFY', 'NONE'],
          ['MAXDIALS', 1],
          ['MAXTRIES', 1],
          ['LASTTIME', JOB_LIFETIME],
          ['VRES', VRES[fax.quality]],
          // The page as rendered, blank foot included: what the remote prints is what Faxline keeps as sent.
          ['PAGECHOP', 'none'],
        ],
        document,
      );
    }
    const ended = await follower.waitForEnd(jobId, started + CALL_DEADLINE_MS);
    if (!ended) {
      await follower.kill(jobId);
      const detail = `HylaFAX job ${jobId} did not end within ${CALL_DEADLINE_MS / 60_000} minutes; killed`;
      return lineFailureSince(started, 'carrier_outage', detail, 'job_deadline');
    }
    return { ...outcomeOf(jobId, await follower.file(jobId), started, fax.pages), transmittedImage };
  } finally {
    await follower.close();
  }
}

/**
 * The job this try must follow instead of submitting one: its own (submitted before a worker died), or an earlier
 * try's that is still on its way or went through (the worker died mid-call, and the job handler has counted that try
 * as a line error and gone on to this one: dialling again would send the fax twice).
 */
async function jobToFollow(session: HylafaxSession, faxId: string, attempt: number): Promise<HylafaxJob | null> {
  const jobs = [...(await session.listJobs('sendq')), ...(await session.listJobs('doneq'))]
    .map((job) => ({ job, attempt: attemptOfTag(job.tag, faxId) }))
    .filter((found): found is { job: HylafaxJob; attempt: number } => found.attempt !== null && found.attempt <= attempt);
  const own = jobs.find((found) => found.attempt === attempt);
  if (own) return own.job;
  const earlier =
    jobs.find((found) => found.job.state !== 'done' && found.job.state !== 'failed') ?? jobs.find((found) => found.job.state === 'done');
  return earlier?.job ?? null;
}

/** Polls a job's state on one session, opening another when HylaFAX drops it (the job goes on without us). */
class JobFollower {
  constructor(
    private readonly settings: HylafaxSettings,
    private session: HylafaxSession | null,
  ) {}

  /** True once the job ended (done or failed); false when the deadline came first. */
  async waitForEnd(jobId: string, deadline: number): Promise<boolean> {
    while (Date.now() < deadline) {
      const state = await this.use((session) => session.jobState(jobId));
      if (state === 'done' || state === 'failed') return true;
      await new Promise((resolve) => setTimeout(resolve, this.settings.pollMs));
    }
    return false;
  }

  file(jobId: string): Promise<HylafaxJobFile> {
    return this.use((session) => session.jobFile(jobId, 'doneq'));
  }

  async kill(jobId: string): Promise<void> {
    await this.use((session) => session.killJob(jobId)).catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.session?.close();
  }

  private async use<T>(step: (session: HylafaxSession) => Promise<T>): Promise<T> {
    const giveUpAt = Date.now() + RECONNECT_PATIENCE_MS;
    for (;;) {
      try {
        this.session ??= await HylafaxSession.open(this.settings satisfies HylafaxServer);
        return await step(this.session);
      } catch (error) {
        // A refusal is an answer; a lost connection is not: open another and ask again, for a while.
        if (!(error instanceof HylafaxError) || error.code !== null || Date.now() > giveUpAt) throw error;
        await this.session?.close().catch(() => undefined);
        this.session = null;
        await new Promise((resolve) => setTimeout(resolve, this.settings.pollMs));
      }
    }
  }
}

/**
 * What a job's file says of its call, as Faxline records a call. The job's document is the fax's last `totpages`
 * pages (a retry's holds only those not confirmed before), so the call began at the page after the others: known from
 * the job itself, even for the job of an earlier try this one follows after a worker died.
 */
function outcomeOf(jobId: string, file: HylafaxJobFile, started: number, faxPages: number | null): CallOutcome {
  const pagesSent = Number(file.npages ?? 0);
  const totalPages = Number(file.totpages ?? 0);
  const firstPage = faxPages !== null && totalPages > 0 && totalPages <= faxPages ? faxPages - totalPages + 1 : 1;
  const status = file.status?.trim() || null;
  const result = hylafaxResultOf({ state: file.state ?? '', pagesSent, totalPages, status });
  const bitRate = /^(\d+)/.exec(file.signalrate ?? '')?.[1];
  const call: TFaxCallDetails = {
    bitRate: bitRate ? Number(bitRate) : null,
    ecm: null,
    resolution: file.resolution === '98' ? 'standard' : file.resolution === '196' ? 'fine' : file.resolution === '391' ? 'superfine' : null,
    compression: compressionOf(file.dataformat),
    remoteIdent: file.csi?.trim() || null,
    ecmRetransmissions: null,
    // HylaFAX's status code is its own, not spandsp's T.30 completion code: its words are shown as it says them.
    completionCode: null,
    completionText: status,
  };
  const detail =
    `HylaFAX job ${jobId} (commid ${file.commid || 'none'}): ${pagesSent} of ${totalPages} pages sent` +
    `${file.signalrate ? `, ${file.signalrate}` : ''}${status ? `; ${status}` : ''}`;
  return { result, pagesSent, firstPage, durationMs: Date.now() - started, call, lineCode: status, detail };
}

/**
 * HylaFAX's status words (the job file's `status`, as faxsend and faxq of HylaFAX 6 write them) in the one taxonomy
 * (decision 119), each with a text HylaFAX gives, exported as the table a test walks; the words stay in the attempt's
 * `lineCode`. Words not known here are line quality. No response to EOP is the one that follows the last page: the
 * remote machine never said whether it printed it, so the call is uncertain.
 */
export const HYLAFAX_STATUS_CLASSES: ReadonlyArray<{ pattern: RegExp; example: string; reason: TFaxFailureReason }> = [
  { pattern: /busy/i, example: 'Busy signal detected', reason: 'busy' },
  { pattern: /no answer|ringback|no carrier/i, example: 'No answer from remote', reason: 'no_answer' },
  {
    pattern: /no local dial ?tone|no dial ?tone|can not (lock|open|initialize) modem/i,
    example: 'No local dialtone',
    reason: 'carrier_outage',
  },
  { pattern: /kill time expired/i, example: 'Kill time expired', reason: 'carrier_outage' },
  { pattern: /job aborted by request|call aborted by user|operator intervention/i, example: 'Job aborted by request', reason: 'canceled' },
  { pattern: /blacklisted/i, example: 'Blacklisted by modem', reason: 'carrier_refused' },
  { pattern: /invalid dialing|dial string|dialstring/i, example: 'Invalid dialing command', reason: 'carrier_refused' },
  {
    pattern: /no receiver protocol|phase a failure|data connection|unspecified phase a|ring detected without successful handshake/i,
    example: 'Carrier established, but Phase A failure',
    reason: 'not_a_fax_machine',
  },
  {
    pattern: /no t\.4 receiver|remote (station )?cannot receive|cannot receive|remote cannot be polled/i,
    example: 'Remote has no T.4 receiver capability',
    reason: 'remote_rejected',
  },
  { pattern: /no response to EOP/i, example: 'No response to EOP repeated 3 tries', reason: 'uncertain' },
  {
    pattern: /train|no response to (MPS|EOM|PPS|PPM|CTC|RR|RNR)|disconnected prematurely|glare|DCN/i,
    example: 'Failure to train remote modem at 2400 bps or minimum speed',
    reason: 'line_quality',
  },
];

/**
 * How a HylaFAX job ended, in the taxonomy: delivered when every page went; a job HylaFAX calls done without every
 * page is uncertain (HylaFAX has reported "done" on a fax that sent no page: never delivered); a failure after some
 * pages were confirmed is partial (the retry sends what was not), unless its words say more (uncertain, canceled).
 */
export function hylafaxResultOf(job: {
  state: string;
  pagesSent: number;
  totalPages: number;
  status: string | null;
}): CallOutcome['result'] {
  if (job.state === '7') return job.totalPages > 0 && job.pagesSent >= job.totalPages ? 'delivered' : 'uncertain';
  const reason = hylafaxFailureOf(job.status);
  if (job.pagesSent > 0 && job.pagesSent < job.totalPages && reason !== 'uncertain' && reason !== 'canceled') return 'partial';
  return reason;
}

export function hylafaxFailureOf(status: string | null): TFaxFailureReason {
  if (!status) return 'line_quality';
  return HYLAFAX_STATUS_CLASSES.find(({ pattern }) => pattern.test(status))?.reason ?? 'line_quality';
}

function compressionOf(dataformat: string | undefined): TFaxCallDetails['compression'] {
  if (!dataformat) return null;
  if (/MMR/.test(dataformat)) return 'T.6';
  if (/2-D/.test(dataformat)) return 'T.4 2D';
  if (/1-D/.test(dataformat)) return 'T.4 1D';
  return 'other';
}
