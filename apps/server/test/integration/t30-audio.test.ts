import { execFile } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { compareFaxImages, transmitOverAudio, ZFaxModemEnd } from '../../src/lines/t30/fax-modem';
import { ecmV17CallMs } from '../../src/lines/t30/line-time';
import { ANSWERER_IDENT, CALLER_IDENT, faxModemBinary as binary, identifiedCall, useSentFax } from '../support/t30-call';

// A real T.30 call between two spandsp engines over G.711 audio: the pages the receiver decodes
// are the pages we rendered, at the speed and in the line time the protocol gives them, in a few seconds of wall time.
const execFileAsync = promisify(execFile);
const sent = useSentFax('faxline-t30-');

describe('a fax call over audio', () => {
  it('delivers 3 fine pages at V.17 with ECM, pixel for pixel, in the protocol line time and under 5 s', async () => {
    const { sender, receiver, outPath, wallMs } = await identifiedCall(transmitOverAudio, sent, 'received-v17.tif');

    expect(sender.end).toMatchObject({ completion: 0, pages: 3, bitRate: 14_400, ecm: true, remoteIdent: ANSWERER_IDENT });
    expect(sender.exitCode).toBe(0);
    expect(receiver.end).toMatchObject({ completion: 0, pages: 3, remoteIdent: CALLER_IDENT });
    expect(sender.pages.map((page) => [page.page, page.resolution, page.compression])).toEqual([
      [1, 'fine', 'T.6'],
      [2, 'fine', 'T.6'],
      [3, 'fine', 'T.6'],
    ]);

    const comparison = await compareFaxImages(binary, sent.tiffPath, outPath);
    expect(comparison.pages).toHaveLength(3);
    for (const page of comparison.pages) expect(page).toMatchObject({ identical: true, differentRows: 0 });

    const protocolMs = ecmV17CallMs(sent.pageBytes);
    expect(Math.abs(sender.end.lineMs - protocolMs) / protocolMs).toBeLessThan(0.05);
    expect(wallMs).toBeLessThan(5_000);
  });

  it('completes at 9,600 bit/s without ECM when the machines share only V.29', async () => {
    const outPath = path.join(sent.dir, 'received-v29.tif');
    const { sender, receiver } = await transmitOverAudio({
      binary,
      tiffPath: sent.tiffPath,
      outPath,
      sender: { ecm: false, modems: ['v29'] },
      receiver: { ecm: false, modems: ['v29'] },
    });

    expect(sender.end).toMatchObject({ completion: 0, pages: 3, bitRate: 9_600, ecm: false });
    expect(receiver.end).toMatchObject({ completion: 0, pages: 3 });
    expect((await compareFaxImages(binary, sent.tiffPath, outPath)).identical).toBe(true);
  });

  it('resumes from a page: sends only the pages after those confirmed, and they are the rendered ones', async () => {
    const outPath = path.join(sent.dir, 'received-resumed.tif');
    const { sender } = await transmitOverAudio({ binary, tiffPath: sent.tiffPath, outPath, sender: { firstPage: 2 } });

    expect(sender.end).toMatchObject({ completion: 0, pages: 2 });
    const comparison = await compareFaxImages(binary, sent.tiffPath, outPath, 2);
    expect(comparison.pages.map((page) => [page.page, page.identical])).toEqual([
      [2, true],
      [3, true],
    ]);
    expect(comparison.identical).toBe(true);
    // Page 1 is not what the resumed call carried.
    expect((await compareFaxImages(binary, sent.tiffPath, outPath)).identical).toBe(false);
  });

  it('ends a call to a line that stays silent when T.30 timer T0 runs out, in line time, not wall time', async () => {
    // A peer that answers the socket but never the fax: it sends back A-law silence (0xD5) for every block it gets.
    const socketPath = path.join(sent.dir, 'silent.sock');
    const server = net.createServer((socket) => {
      socket.on('data', (block: Buffer) => socket.write(Buffer.alloc(block.length, 0xd5)));
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    try {
      const started = performance.now();
      const result = await execFileAsync(binary, ['send', '--file', sent.tiffPath, '--connect', socketPath]).catch(
        (error: { code: number; stdout: string }) => error,
      );
      const wallMs = performance.now() - started;
      const end = ZFaxModemEnd.parse(JSON.parse(result.stdout.trim().split('\n').at(-1)!));
      expect('code' in result && result.code).toBe(1);
      // T0 (T.30 §5: 60 ± 5 s) is how long a caller waits for the called machine to answer.
      expect(end).toMatchObject({ pages: 0, completion: 2 });
      expect(end.lineMs).toBeGreaterThanOrEqual(55_000);
      expect(end.lineMs).toBeLessThanOrEqual(65_000);
      expect(wallMs).toBeLessThan(5_000);
    } finally {
      server.close();
    }
  });
});
