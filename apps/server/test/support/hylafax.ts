import { execFile, spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { serverPath } from '../../src/platform/server-root';

const execFileAsync = promisify(execFile);

/**
 * A private HylaFAX for a test (decision 047): its own spool in a temporary folder (copied from the Debian package's),
 * the scheduler (faxq), the client-protocol server (hfaxd) on a free port, and two iaxmodem soft modems that dial
 * each other straight over IAX2 on localhost (no Asterisk: each one's "server" is the other), each watched by a
 * faxgetty. Modem A sends; modem B only answers (ModemReadyState B keeps faxq from giving it jobs) and stands for the
 * Faxline number `receivingNumber`; what it receives goes to Faxline through scripts/hylafax/faxrcvd.
 */

const SPOOL_TEMPLATE = '/var/spool/hylafax';
const CONFIG_TEMPLATE = '/etc/hylafax';
const HOOK_SCRIPT = serverPath('..', '..', 'scripts', 'hylafax', 'faxrcvd');
const PROGRAMS = ['faxq', 'hfaxd', 'faxgetty', 'iaxmodem'];

/**
 * Why the HylaFAX test does not run here, or null when it does. A real fax takes a while (HylaFAX, two soft modems,
 * T.30 in real time), so a developer may skip it with FAXLINE_SKIP_SLOW=1; CI, which never sets it, runs it.
 */
export function slowTestSkipReason(): string | null {
  return process.env.FAXLINE_SKIP_SLOW === '1' ? 'FAXLINE_SKIP_SLOW=1 is set: the slow HylaFAX test (a real fax call) is skipped' : null;
}

export type PrivateHylafax = {
  host: string;
  /** hfaxd's port (the client protocol). */
  port: number;
  user: string;
  password: string;
  /** The HylaFAX device ids of the sending and the answering modem. */
  devices: { sender: string; receiver: string };
  /** The spool's session logs, modem states and iaxmodem output, for a failing test's message. */
  diagnostics: () => Promise<string>;
  stop: () => Promise<void>;
};

export async function startPrivateHylafax(options: {
  /** hfaxd's port (`freeTcpPort`), and the password of the user `faxline` there. */
  port: number;
  password: string;
  hookUrl: string;
  hookSecret: string;
  receivingNumber: string;
}): Promise<PrivateHylafax> {
  for (const program of PROGRAMS)
    await execFileAsync('sh', ['-c', `command -v ${program}`]).catch(() => {
      throw new Error(
        `${program} is not installed: run npm run setup (it installs hylafax-server and iaxmodem), or set FAXLINE_SKIP_SLOW=1`,
      );
    });

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-hylafax-'));
  await fs.chmod(dir, 0o755); // the daemons drop to the uucp user and must reach the spool and the modems' links
  const spool = path.join(dir, 'spool');
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map((child) => stopGroup(child)));
    await fs.rm(dir, { recursive: true, force: true });
  };
  try {
    await execFileAsync('cp', ['-a', SPOOL_TEMPLATE, spool]);
    await execFileAsync('cp', ['-a', `${CONFIG_TEMPLATE}/.`, path.join(spool, 'etc')]);
    await fs.mkdir(path.join(dir, 'lock'));
    const hfaxdPort = options.port;
    const [portA, portB] = [await freeUdpPort(), await freeUdpPort()];
    const tty = (name: string) => path.join(dir, name);
    // HylaFAX names a modem by its device path, slashes made underscores (faxgetty's FIFO.<id>, etc/config.<id>).
    const deviceId = (device: string) => device.replace(/^\/dev\//, '').replaceAll('/', '_');
    const devices = { sender: deviceId(tty('ttyA')), receiver: deviceId(tty('ttyB')) };

    // The modems: each one's IAX2 "server" is the other one, so a dial on A rings B (the dialled digits are B's DID).
    for (const [name, port, peer, callerId] of [
      ['A', portA, portB, '15550000001'],
      ['B', portB, portA, '15550000002'],
    ] as const) {
      await fs.writeFile(
        path.join(dir, `iaxmodem${name}`),
        [
          `device ${tty(`tty${name}`)}`,
          'owner uucp:uucp',
          'mode 660',
          `port ${port}`,
          'refresh 0', // no registration: nobody to register with
          `server 127.0.0.1:${peer}`,
          `peername faxline${name}`,
          'secret none',
          `cidname Modem ${name}`,
          `cidnumber ${callerId}`,
          'codec slinear',
          '',
        ].join('\n'),
      );
    }
    const lockDir = path.join(dir, 'lock');
    const modemConfig = (faxNumber: string, ident: string, extra: string[]) =>
      [
        'CountryCode: 1',
        'AreaCode: 555',
        `FAXNumber: ${faxNumber}`,
        'LongDistancePrefix: 1',
        'InternationalPrefix: 011',
        `UUCPLockDir: ${lockDir}`,
        'ServerTracing: 0x1',
        'SessionTracing: 0x4F',
        'RecvFileMode: 0600',
        'LogFileMode: 0600',
        'DeviceMode: 0600',
        'RingsBeforeAnswer: 1',
        'SpeakerVolume: off',
        `LocalIdentifier: "${ident}"`,
        // iaxmodem's HylaFAX prototype (config.ttyIAX): Class 1, Caller*ID and DID on.
        'ModemType: Class1',
        'ModemResetCmds: "ATH1\\nAT+VCID=1"',
        'ModemReadyCmds: ATH0',
        'Class1AdaptRecvCmd: AT+FAR=1',
        'Class1TMConnectDelay: 400',
        'CallIDPattern: "NMBR="',
        'CallIDPattern: "NAME="',
        'CallIDPattern: "ANID="',
        'CallIDPattern: "NDID="',
        ...extra,
        '',
      ].join('\n');
    const etc = path.join(spool, 'etc');
    await fs.writeFile(path.join(etc, `config.${devices.sender}`), modemConfig('+15550000001', 'Faxline HylaFAX', []));
    await fs.writeFile(
      path.join(etc, `config.${devices.receiver}`),
      modemConfig(options.receivingNumber, 'Faxline inbound', ['ModemReadyState: B']), // answers only: never given a job
    );
    await fs.appendFile(path.join(etc, 'config'), `UUCPLockDir: ${lockDir}\n`);

    const user = 'faxline';
    const { password } = options;
    const { stdout: crypted } = await execFileAsync('openssl', ['passwd', '-1', password]);
    await fs.writeFile(path.join(etc, 'hosts.hfaxd'), `^${user}@:60002:${crypted.trim()}\n`, { mode: 0o600 });
    await fs.writeFile(
      path.join(etc, 'faxline.conf'),
      `FAXLINE_URL=${options.hookUrl}\nFAXLINE_HOOK_SECRET=${options.hookSecret}\nFAXLINE_CALLED=modem\n`,
      { mode: 0o600 },
    );
    await fs.copyFile(HOOK_SCRIPT, path.join(spool, 'bin', 'faxrcvd'));
    await fs.chmod(path.join(spool, 'bin', 'faxrcvd'), 0o755);
    // The session-log counter is shared by faxsend (root) and faxgetty (uucp): made by uucp, or faxgetty cannot open it.
    await fs.writeFile(path.join(spool, 'log', 'seqf'), '');
    await execFileAsync('chown', [
      'uucp:uucp',
      path.join(etc, 'hosts.hfaxd'),
      path.join(etc, 'faxline.conf'),
      path.join(spool, 'log', 'seqf'),
      lockDir,
    ]);

    const logs = (name: string) => path.join(dir, `${name}.log`);
    const run = async (name: string, command: string, args: string[]) => {
      const out = await fs.open(logs(name), 'a');
      const child = spawn(command, args, { cwd: dir, detached: true, stdio: ['ignore', out.fd, out.fd] });
      await out.close();
      children.push(child);
    };
    // iaxmodem reads /etc/iaxmodem/<name>; a relative name reaches our folder from there.
    for (const name of ['A', 'B'])
      await run(`iaxmodem${name}`, 'iaxmodem', [path.relative('/etc/iaxmodem', path.join(dir, `iaxmodem${name}`))]);
    await waitFor(async () => (await exists(tty('ttyA'))) && (await exists(tty('ttyB'))), 'the iaxmodem ttys', 10_000);
    await run('faxq', 'faxq', ['-q', spool, '-D']);
    await run('hfaxd', 'hfaxd', ['-q', spool, '-d', '-l', '127.0.0.1', '-i', String(hfaxdPort)]);
    await run('faxgettyA', 'faxgetty', ['-q', spool, tty('ttyA')]);
    await run('faxgettyB', 'faxgetty', ['-q', spool, tty('ttyB')]);

    const status = (device: string) => fs.readFile(path.join(spool, 'status', device), 'utf8').catch(() => '');
    await waitFor(
      async () => (await acceptsConnections(hfaxdPort)) && (await status(devices.sender)).includes('Running and idle'),
      'HylaFAX and modem A',
      60_000,
    );
    await waitFor(async () => (await status(devices.receiver)).includes('Running and idle'), 'modem B', 60_000);

    const diagnostics = async () => {
      const parts: string[] = [];
      for (const device of Object.values(devices)) parts.push(`status ${device}: ${await status(device)}`);
      const logDir = path.join(spool, 'log');
      for (const file of (await fs.readdir(logDir).catch(() => [])).filter((name) => name.startsWith('c')))
        parts.push(`--- ${file}\n${(await fs.readFile(path.join(logDir, file), 'utf8')).slice(-4000)}`);
      for (const name of ['iaxmodemA', 'iaxmodemB', 'faxgettyA', 'faxgettyB', 'faxq', 'hfaxd'])
        parts.push(`--- ${name}\n${(await fs.readFile(logs(name), 'utf8').catch(() => '')).slice(-2000)}`);
      return parts.join('\n');
    };
    return { host: '127.0.0.1', port: hfaxdPort, user, password, devices, diagnostics, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** SIGTERM to the process group, then SIGKILL if it is still there after 5 seconds. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // gone already
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

export async function freeTcpPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function freeUdpPort(): Promise<number> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(resolve));
  return port;
}

async function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const exists = (file: string) =>
  fs.lstat(file).then(
    () => true,
    () => false,
  );

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`The private HylaFAX did not start: ${what} not ready within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
