import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { answerCall, compareFaxImages, placeCall, transmitOverAudio } from '../../src/lines/t30/fax-modem';
import { EngineError, runOnWarmEngine } from '../../src/lines/t30/warm-engine';
import { faxModemBinary as binary, useSentFax } from '../support/t30-call';

// The warm fax engine (decision 125): `faxmodem serve` runs one command after another; a command that does not finish
// costs its own engine, never the next command; an idle engine does not keep a process alive. And a call with both
// ends in one engine is the same call as one between two processes over a socket.
const execFileAsync = promisify(execFile);
const sent = useSentFax('faxline-warm-engine-');

describe('the warm fax engine', () => {
  it('runs a call with both ends in one process exactly as two processes over a socket do', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'faxline-two-ends-'));
    try {
      const socket = path.join(dir, 'line.sock');
      const [received, placed] = await Promise.all([
        answerCall({ binary, transport: 'audio', socket, outPath: path.join(dir, 'apart.tif'), receiver: { ident: 'REMOTE' } }),
        placeCall({ binary, transport: 'audio', socket, tiffPath: sent.tiffPath, sender: { ident: 'CALLER' } }),
      ]);
      const together = await transmitOverAudio({
        binary,
        tiffPath: sent.tiffPath,
        outPath: path.join(dir, 'together.tif'),
        sender: { ident: 'CALLER' },
        receiver: { ident: 'REMOTE' },
      });
      // Line time is samples exchanged: the same lockstep gives the same figures to the millisecond.
      expect(together.sender).toEqual(placed);
      expect(together.receiver).toEqual(received);
      expect(together.sender.end).toMatchObject({ completion: 0, pages: 3, remoteIdent: 'REMOTE' });
      expect((await compareFaxImages(binary, path.join(dir, 'apart.tif'), path.join(dir, 'together.tif'))).identical).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('gives a command that outlives its time limit up, and runs the next one on a new engine', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'faxline-engine-limit-'));
    try {
      // A whole three-page call, about a hundred milliseconds of the engine's CPU, against a limit of 1 ms. (A silent
      // remote's call, a few milliseconds of CPU against 5, once finished first on a loaded machine: its answer was
      // read in the same turn of the event loop as the late timer, and the answer won.)
      const call = runOnWarmEngine(binary, ['call', '--file', sent.tiffPath, '--receiver', '--out', path.join(dir, 'r.tif')], 1);
      await expect(call).rejects.toThrow(/more than 1 ms of wall time/);
      const next = await runOnWarmEngine(binary, ['compare', sent.tiffPath, sent.tiffPath], 10_000);
      expect(next.status).toBe(0);
      expect(JSON.parse(next.lines[0]!)).toMatchObject({ event: 'compare', identical: true });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers a command that ends its engine with what the engine said, and runs the next one', async () => {
    const failed = runOnWarmEngine(binary, ['compare', '/nonexistent/a.tif', '/nonexistent/b.tif'], 10_000);
    await expect(failed).rejects.toThrow(EngineError);
    await expect(failed).rejects.toThrow(/cannot open a TIFF to compare/);
    expect((await runOnWarmEngine(binary, ['compare', sent.tiffPath, sent.tiffPath], 10_000)).status).toBe(0);
  });

  it('refuses a word that would split the command, and runs many commands at once on at most one engine a core', async () => {
    await expect(runOnWarmEngine(binary, ['compare', `${sent.tiffPath}\tx`, sent.tiffPath], 10_000)).rejects.toThrow(/tab or a line break/);
    const replies = await Promise.all(
      Array.from({ length: 3 * os.availableParallelism() }, () =>
        runOnWarmEngine(binary, ['compare', sent.tiffPath, sent.tiffPath], 10_000),
      ),
    );
    expect(replies.every((reply) => reply.status === 0)).toBe(true);
    const { stdout } = await execFileAsync('ps', ['-o', 'args=', '--ppid', String(process.pid)]);
    expect(stdout.split('\n').filter((line) => line.includes('faxmodem serve')).length).toBeLessThanOrEqual(os.availableParallelism());
  });

  it('keeps no process alive once its command is done', async () => {
    const script = `import { runOnWarmEngine } from ${JSON.stringify(path.resolve('apps/server/src/lines/t30/warm-engine.ts'))};
      const reply = await runOnWarmEngine(${JSON.stringify(binary)}, ['compare', ${JSON.stringify(sent.tiffPath)}, ${JSON.stringify(sent.tiffPath)}], 10000);
      console.log(reply.status);`;
    const started = Date.now();
    const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 20_000 });
    expect(stdout.trim()).toBe('0');
    // An engine that kept the event loop alive would hold the script for its 30 s idle time.
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
