import type { TFaxCallDetails, TFaxFailureReason, TFaxLine, TFaxQuality, TLineModem } from '@faxline/shared';

/**
 * What every line reports of one call (DESIGN.md "Fax lines"): how it ended, the pages the far end confirmed on this
 * call from `firstPage` on, its length, the T.30 session as the line saw it (recorded on the attempt and shown), and a
 * line of detail for the log.
 */
export type CallOutcome = {
  pagesSent: number;
  /** The page the call began with: `CallPlan.firstPage` when the line resumes, 1 when it sends every page again. */
  firstPage: number;
  /** Time on the line; null when the line does not say (SignalWire reports none): never a made-up 0. */
  durationMs: number | null;
  call?: TFaxCallDetails;
  /** The fax image as the call carried it (header lines included), when the line made one: kept as the proof. */
  transmittedImage?: Uint8Array;
  /**
   * The line's own code for how the call ended (a carrier's failure reason, HylaFAX's status words), kept on the
   * attempt for support beside the taxonomy's class in `result` (decision 119).
   */
  lineCode?: string | null;
  detail?: string;
  /** What the line's own engine saw of the session, for the learned line settings (line-profiles); carriers say none. */
  session?: CallSession;
} & ({ result: 'delivered' | 'partially_delivered' } | { result: TFaxFailureReason });

/**
 * A carrier took the fax (decision 056): the try goes on at the carrier, and its webhooks end it. `carrierFaxId` is
 * the carrier's id of the fax, which its webhooks name.
 */
export type HandedOver = { handedOver: true; carrierFaxId: string };

/** Where a call starts, from what worked to the number before (line-profiles): the modems to offer, and ECM. */
export type CallStart = { modems: TLineModem[]; ecm: boolean };

/** The session facts a line with its own T.30 engine reports: the modem of its last training and whether it failed. */
export type CallSession = { transport: 'audio' | 't38'; modem: TLineModem | null; trainingFailed: boolean };

/**
 * Which try this is, and the first page the far end has not confirmed yet (after a call that ended partway).
 * `start`: the learned settings to begin with; a line with its own T.30 engine (the sandbox) honours them, carriers and
 * HylaFAX choose their own and ignore them.
 */
export type CallPlan = { attempt: number; firstPage: number; start?: CallStart };

/** The part of a sent fax a line needs to carry it (a row of the faxes table is one). */
export type OutgoingFax = {
  id: string;
  userId: string | null;
  toNumber: string;
  fromNumber: string | null;
  recipientName: string | null;
  coverSubject: string | null;
  quality: TFaxQuality;
  pages: number | null;
  /** The fax image (TIFF G4), stored encrypted, and its size in bytes. */
  imageKey: string | null;
  imageBytes: number | null;
  thumbnailKey: string | null;
  /** The station id (T.30 TSI) its machine gives: the From number's, set per number. */
  stationId?: string | null;
  /**
   * The station id (T.30 CSI) the remote machine is expected to announce (wrong-number protection): a line that hears
   * it before page 1 hangs up on another; null: no check.
   */
  expectedStationId?: string | null;
  /** The header line to print above each page; null: none (the account turned it off). */
  header?: FaxHeader | null;
};

/** What the header line above each page says besides the time, the station id and "Page x/y" (header-line.ts). */
export type FaxHeader = { name: string; timeZone: string };

/** A fax that arrived over a line, with its stored files, for the inbox of the account holding the number. */
export type Arrival = {
  accountId: string;
  /** The sent fax this is the copy of, when a Faxline account sent it (the internal line): at most one copy each. */
  source: OutgoingFax;
  line: TFaxLine;
  document: { key: string; sha256: string } | null;
  thumbnailKey: string | null;
};

/** Where lines put what arrives: the faxes module's received faxes (faxes/inbox.ts). */
export type Inbox = {
  /** The account holding a Faxline number, whose inbox a fax to it reaches; null when no account holds it. */
  accountHolding(phoneNumber: string): Promise<string | null>;
  /** Whether the copy of this sent fax has arrived already (a call run again after a crash). */
  hasCopyOf(sentFaxId: string): Promise<boolean>;
  /** Stores the arrival; false when a copy of the same sent fax was there first. */
  receive(arrival: Arrival): Promise<boolean>;
};

/**
 * Where a carrier's line keeps the pages of a try before handing the fax over (the faxes module's attempts): the
 * carrier fetches them by the try's media link, and they are the try's proof, as a call's image is.
 */
export type TryImages = {
  keep(target: { faxId: string; attempt: number }, image: Uint8Array): Promise<void>;
};

/**
 * A way to deliver a fax: the internal line, the sandbox, later a T.30 modem line and carriers. Adding one is one file
 * and one entry in `faxLines` (lines.ts).
 */
export type FaxLine = {
  name: TFaxLine;
  /** Whether this line carries faxes to the number. */
  accepts(toNumber: string): Promise<boolean>;
  /**
   * One call: dial, send the pages from `plan.firstPage` on (a line that cannot resume sends them all and says so
   * with its outcome's `firstPage`), and report how it ended.
   */
  call(fax: OutgoingFax, plan: CallPlan): Promise<CallOutcome | HandedOver>;
};

/** A fax that came in a call on one of Faxline's numbers, as a line reports it (the sandbox, HylaFAX's faxrcvd). */
export type InboundCall = {
  /** Unique per call on that line (HylaFAX: 'hylafax:' + commid): a call reported twice is stored once. */
  callId: string;
  line: TFaxLine;
  /** The Faxline number called (E.164). */
  toNumber: string;
  /** The caller's number, when the network gave it. */
  fromNumber: string | null;
  /** The sending machine's station id (its TSI). */
  remoteIdent: string | null;
  /** The pages received: a TIFF in any T.4/T.6 coding, as the fax engine wrote it. */
  tiff: Uint8Array;
  details: {
    pages: number;
    bitRate: number | null;
    resolution: 'standard' | 'fine' | 'superfine' | null;
    ecm: boolean | null;
    /** The engine's T.30 completion code and words, when it reports them. */
    completionCode?: number | null;
    completion: string | null;
    lineMs: number | null;
  };
};

export type InboundCallOutcome =
  { outcome: 'stored'; faxId: string } | { outcome: 'duplicate' } | { outcome: 'refused'; reason: 'blocked' | 'unknown_number' };

export type CallAnswer = { answer: true; accountId: string } | { answer: false; reason: 'blocked' | 'unknown_number' };

/** Where lines bring the calls they answer: the faxes module's received faxes (faxes/receive-call.ts). */
export type InboundCalls = {
  /** Whether to answer: the number is an account's, and the caller is blocked by neither its list nor the platform's. */
  answer(call: { toNumber: string; fromNumber: string | null }): Promise<CallAnswer>;
  /** Stores the fax in the inbox; asks again first (a number released meanwhile, a caller blocked since). */
  receive(call: InboundCall): Promise<InboundCallOutcome>;
};
