import net from 'node:net';

/**
 * A small client for HylaFAX's client-server protocol (hfaxd, port 4559): FTP-like commands on one connection, files
 * over passive data connections. It speaks only what the HylaFAX line needs: log in, store a TIFF, create, tag and
 * submit a job, find jobs by tag, ask a job's state, read its job file, kill it. No npm package speaks this protocol.
 */

export type HylafaxServer = { host: string; port: number; user: string; password?: string | undefined };

/** The scheduler's job states, as hfaxd's `%a` job format letters them ("?TPSBWRDF"). */
export const HYLAFAX_JOB_STATES = {
  '?': 'undefined',
  T: 'suspended',
  P: 'pending',
  S: 'sleeping',
  B: 'blocked',
  W: 'waiting',
  R: 'running',
  D: 'done',
  F: 'failed',
} as const;
export type HylafaxJobState = (typeof HYLAFAX_JOB_STATES)[keyof typeof HYLAFAX_JOB_STATES];

export type HylafaxJob = { id: string; tag: string; state: HylafaxJobState };

/** A job's file (sendq(5)): `key:value` lines such as `npages:1`, `signalrate:14400 bit/s`, `status:Busy signal detected`. */
export type HylafaxJobFile = Record<string, string>;

type Reply = { code: number; text: string };

export class HylafaxError extends Error {
  override name = 'HylafaxError';
  constructor(
    message: string,
    readonly code: number | null = null,
  ) {
    super(message);
  }
}

/** How long one reply or data transfer may take before the session is given up. */
const REPLY_TIMEOUT_MS = 30_000;
const JOB_LISTING_FORMAT = '%j|%a|%J';

/** One logged-in session with hfaxd. */
export class HylafaxSession {
  private buffer = '';
  private replyLines: string[] = [];
  private readonly replies: Reply[] = [];
  private waiting: { resolve: (reply: Reply) => void; reject: (error: Error) => void } | null = null;
  private failure: Error | null = null;

  private constructor(
    private readonly socket: net.Socket,
    private readonly host: string,
  ) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => this.onData(chunk));
    socket.on('error', (error) => this.fail(new HylafaxError(`HylaFAX connection: ${error.message}`)));
    socket.on('close', () => this.fail(new HylafaxError('HylaFAX closed the connection')));
  }

  /** Connects and logs in (USER, then PASS when the server asks for one), binary transfers. */
  static async open(server: HylafaxServer): Promise<HylafaxSession> {
    const socket = await connect(server.host, server.port);
    const session = new HylafaxSession(socket, server.host);
    try {
      session.check(await session.nextReply(), [220], 'greeting');
      const user = await session.command(`USER ${word(server.user)}`);
      if (user.code === 331) {
        if (!server.password) throw new HylafaxError(`HylaFAX asks a password for ${server.user} and none is configured`, 331);
        session.check(await session.command(`PASS ${word(server.password)}`), [230], 'PASS');
      } else session.check(user, [230], 'USER');
      session.check(await session.command('TYPE I'), [200], 'TYPE I');
      return session;
    } catch (error) {
      session.socket.destroy();
      throw error;
    }
  }

  /** Stores a TIFF under a server-chosen temporary name (STOT) and returns that name, for `submitJob`. */
  async storeTemporaryTiff(bytes: Uint8Array): Promise<string> {
    this.check(await this.command('FORM TIFF'), [200], 'FORM TIFF');
    const data = await this.openDataConnection();
    const started = await this.command('STOT');
    if (started.code !== 150 && started.code !== 125) {
      data.destroy();
      throw this.unexpected(started, 'STOT');
    }
    await new Promise<void>((resolve, reject) => {
      data.once('error', reject);
      data.end(bytes, resolve);
    });
    const done = this.check(await this.nextReply(), [226], 'STOT');
    const file = /FILE: ([^\s)]+)/.exec(`${started.text} ${done.text}`)?.[1];
    if (!file) throw new HylafaxError(`HylaFAX stored the document without saying where: ${done.text}`);
    return file;
  }

  /**
   * Creates a job (JNEW), sets its parameters in the order given (JPARM), attaches the stored document and submits it
   * to the scheduler (JSUBM). Returns the job id.
   */
  async submitJob(parameters: Array<[string, string | number]>, document: string): Promise<string> {
    const created = this.check(await this.command('JNEW'), [200], 'JNEW');
    const id = /jobid: (\d+)/.exec(created.text)?.[1];
    if (!id) throw new HylafaxError(`HylaFAX created a job without an id: ${created.text}`);
    for (const [name, value] of parameters) this.check(await this.command(`JPARM ${name} ${word(String(value))}`), [213], `JPARM ${name}`);
    this.check(await this.command(`JPARM DOCUMENT ${word(document)}`), [200], 'JPARM DOCUMENT');
    this.check(await this.command('JSUBM'), [200], 'JSUBM');
    return id;
  }

  /** The jobs waiting or on the line (sendq) or ended (doneq), with their tags (JPARM JOBINFO) and states. */
  async listJobs(queue: 'sendq' | 'doneq'): Promise<HylafaxJob[]> {
    this.check(await this.command(`JOBFMT "${JOB_LISTING_FORMAT}"`), [200], 'JOBFMT');
    const listing = await this.download(`LIST ${queue}`);
    return listing
      .split(/\r?\n/)
      .filter((line) => line.length > 0)
      .map((line) => {
        const [id = '', state = '?', ...tag] = line.split('|');
        return { id: id.trim(), tag: tag.join('|').trim(), state: jobStateOf(state.trim()) };
      });
  }

  /** A job's state as the scheduler keeps it (JOB, then JPARM STATE). */
  async jobState(id: string): Promise<HylafaxJobState> {
    this.check(await this.command(`JOB ${word(id)}`), [200], 'JOB');
    const reply = this.check(await this.command('JPARM STATE'), [213], 'JPARM STATE');
    return jobStateNamed(reply.text.trim());
  }

  /** The job's file (sendq/qN while it is active, doneq/qN once it ended): every fact HylaFAX keeps of the job. */
  async jobFile(id: string, queue: 'sendq' | 'doneq'): Promise<HylafaxJobFile> {
    const text = await this.download(`RETR ${queue}/q${word(id)}`);
    const file: HylafaxJobFile = {};
    for (const line of text.split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon > 0 && !(line.slice(0, colon) in file)) file[line.slice(0, colon)] = line.slice(colon + 1);
    }
    return file;
  }

  /** Kills a job that has not ended: it is not dialled (again). */
  async killJob(id: string): Promise<void> {
    this.check(await this.command(`JOB ${word(id)}`), [200], 'JOB');
    this.check(await this.command('JKILL'), [200], 'JKILL');
  }

  async close(): Promise<void> {
    if (!this.failure) {
      this.socket.write('QUIT\r\n');
      await this.nextReply().catch(() => undefined);
    }
    this.socket.destroy();
  }

  private async command(line: string): Promise<Reply> {
    if (this.failure) throw this.failure;
    this.socket.write(`${line}\r\n`);
    return this.nextReply();
  }

  /** Runs a command whose answer comes over a passive data connection (LIST, RETR) and returns that answer. */
  private async download(line: string): Promise<string> {
    const data = await this.openDataConnection();
    const chunks: Buffer[] = [];
    const ended = new Promise<void>((resolve, reject) => {
      data.on('data', (chunk: Buffer) => chunks.push(chunk));
      data.once('end', resolve);
      data.once('error', reject);
    });
    const started = await this.command(line);
    if (started.code !== 150 && started.code !== 125) {
      data.destroy();
      throw this.unexpected(started, line);
    }
    await withTimeout(ended, `${line}: the data connection`);
    this.check(await this.nextReply(), [226], line);
    return Buffer.concat(chunks).toString('utf8');
  }

  /** PASV: the port hfaxd listens on for this transfer; we connect to the host we reached it at (NAT-proof). */
  private async openDataConnection(): Promise<net.Socket> {
    const reply = this.check(await this.command('PASV'), [227], 'PASV');
    const numbers = /\((\d+),(\d+),(\d+),(\d+),(\d+),(\d+)\)/.exec(reply.text);
    if (!numbers) throw new HylafaxError(`HylaFAX gave no passive address: ${reply.text}`);
    return connect(this.host, Number(numbers[5]) * 256 + Number(numbers[6]));
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, end).replace(/\r$/, '');
      this.buffer = this.buffer.slice(end + 1);
      this.replyLines.push(line);
      // A reply ends on "NNN text", with the code its first line began with ("NNN-" opens a multi-line reply).
      const first = this.replyLines[0]!;
      if (/^\d{3} /.test(line) || (/^\d{3}$/.test(line) && this.replyLines.length === 1)) {
        if (this.replyLines.length > 1 && line.slice(0, 3) !== first.slice(0, 3)) continue;
        const reply = { code: Number(line.slice(0, 3)), text: this.replyLines.map((l) => l.replace(/^\d{3}[ -]?/, '')).join('\n') };
        this.replyLines = [];
        if (this.waiting) {
          const waiting = this.waiting;
          this.waiting = null;
          waiting.resolve(reply);
        } else this.replies.push(reply);
      }
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    if (this.waiting) {
      const waiting = this.waiting;
      this.waiting = null;
      waiting.reject(error);
    }
  }

  private async nextReply(): Promise<Reply> {
    const queued = this.replies.shift();
    if (queued) return queued;
    if (this.failure) throw this.failure;
    return withTimeout(
      new Promise<Reply>((resolve, reject) => (this.waiting = { resolve, reject })),
      'a reply',
      () => (this.waiting = null),
    );
  }

  private check(reply: Reply, codes: number[], what: string): Reply {
    if (!codes.includes(reply.code)) throw this.unexpected(reply, what);
    return reply;
  }

  private unexpected(reply: Reply, what: string): HylafaxError {
    return new HylafaxError(`HylaFAX refused ${what}: ${reply.code} ${reply.text}`, reply.code);
  }
}

function jobStateOf(letter: string): HylafaxJobState {
  return HYLAFAX_JOB_STATES[letter as keyof typeof HYLAFAX_JOB_STATES] ?? 'undefined';
}

/** `JPARM STATE` names the state in capitals (DONE, FAILED, RUNNING...). */
function jobStateNamed(name: string): HylafaxJobState {
  const state = name.toLowerCase();
  return (Object.values(HYLAFAX_JOB_STATES) as string[]).includes(state) ? (state as HylafaxJobState) : 'undefined';
}

/** A protocol argument: one line, quoted when it holds spaces (hfaxd's parser takes "..." strings). */
function word(value: string): string {
  if (/[\r\n"]/.test(value))
    throw new HylafaxError(`A HylaFAX protocol argument may not hold line breaks or quotes: ${JSON.stringify(value)}`);
  return /\s/.test(value) ? `"${value}"` : value;
}

async function connect(host: string, port: number): Promise<net.Socket> {
  return withTimeout(
    new Promise<net.Socket>((resolve, reject) => {
      const socket = net.createConnection({ host, port });
      socket.once('connect', () => resolve(socket));
      // Also the listener of a later error until the caller sets its own: rejecting a settled promise does nothing.
      socket.once('error', (error) => reject(new HylafaxError(`Cannot reach HylaFAX at ${host}:${port}: ${error.message}`)));
    }),
    `the connection to ${host}:${port}`,
  );
}

async function withTimeout<T>(promise: Promise<T>, what: string, onTimeout?: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(new HylafaxError(`HylaFAX did not answer in time: ${what}`));
    }, REPLY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
