import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { livingMembersOf } from '../../../test/support/process-groups';
import { ConverterError, DEFAULT_CONVERTER_LIMITS, runConverter } from './converter-box';

let workDir: string;
beforeEach(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-box-test-'));
});
afterEach(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

const limits = { ...DEFAULT_CONVERTER_LIMITS, timeoutSeconds: 20 };
const run = (script: string, options: Partial<typeof limits> = {}) =>
  runConverter('bash', ['-c', script], { workDir, limits: { ...limits, ...options } });

/** Whether a process group still has a living member; killed processes take a moment to die: looked at for 2 s. */
async function groupAlive(pgid: number): Promise<boolean> {
  for (let tries = 0; tries < 20; tries += 1) {
    if ((await livingMembersOf(pgid)) === 0) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

async function failureOf(promise: Promise<unknown>): Promise<ConverterError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ConverterError);
  return error as ConverterError;
}

describe('the converters box', () => {
  it('leaves no process of the group behind when the converter ends and its children would live on', async () => {
    // A converter whose real work runs in a child, as soffice's soffice.bin does; $$ is the group's id.
    const printed = await run('sleep 300 & sleep 300 & echo "group $$"');
    const pgid = Number(/group (\d+)/.exec(printed)?.[1]);
    expect(pgid).toBeGreaterThan(1);
    expect(await groupAlive(pgid)).toBe(false);
  });

  it('kills the whole group at the wall-clock limit and says so', async () => {
    const started = Date.now();
    const pidFile = path.join(workDir, 'group');
    const error = await failureOf(run(`echo $$ > ${pidFile}; sleep 300 & sleep 300`, { timeoutSeconds: 1 }));
    expect(error.limit).toBe('time');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await groupAlive(Number(await fs.readFile(pidFile, 'utf8')))).toBe(false);
  });

  it('stops a converter at its CPU-time limit', async () => {
    const error = await failureOf(run('while :; do :; done', { cpuSeconds: 1 }));
    expect(error.limit).toBe('cpu');
  });

  it('holds Ghostscript under its memory limit: an allocation past it fails at once', async () => {
    const started = Date.now();
    // 100,000 strings of 60 kB: 6 GB, asked of a box of 256 MB.
    const allocate = '/a 100000 array def 0 1 99999 { a exch 60000 string put } for (done) =';
    const error = await failureOf(
      runConverter('gs', ['-q', '-dSAFER', '-dNODISPLAY', '-dBATCH', '-dNOPAUSE', '-c', allocate], {
        workDir,
        limits: { ...limits, memoryMB: 256 },
      }),
    );
    expect(error.message).toMatch(/VMerror/);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('gives the converter no network, where the machine has it', async () => {
    const server = net.createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const connect = `exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected`;
      // Outside the box the same command connects: the test can tell.
      expect((await promisify(execFile)('bash', ['-c', connect])).stdout).toMatch(/connected/);
      const error = await failureOf(run(connect));
      expect(error.message).not.toMatch(/connected/);
    } finally {
      server.close();
    }
  });

  it("passes none of the server's environment, and makes the work folder its home and temporary folder", async () => {
    // A stand-in for the server's secrets, put where they would be.
    // eslint-disable-next-line no-restricted-properties
    process.env.FAXLINE_TEST_SECRET = 'not-for-converters';
    try {
      const printed = await run('env');
      expect(printed).not.toMatch(/not-for-converters/);
      expect(printed).toContain(`HOME=${workDir}`);
      expect(printed).toContain(`TMPDIR=${workDir}`);
    } finally {
      // eslint-disable-next-line no-restricted-properties
      delete process.env.FAXLINE_TEST_SECRET;
    }
  });

  it('reports what a failing converter printed', async () => {
    const error = await failureOf(run('echo "bad page" >&2; exit 3'));
    expect(error.limit).toBeUndefined();
    expect(error.message).toMatch(/failed \(3\): bad page/);
  });
});
