import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { compareFaxImages, transmitOverT38 } from '../../src/lines/t30/fax-modem';
import { ecmV17CallMs } from '../../src/lines/t30/line-time';
import { ANSWERER_IDENT, CALLER_IDENT, faxModemBinary as binary, identifiedCall, useSentFax } from '../support/t30-call';

// A real T.30 call between two spandsp T.38 terminals exchanging UDPTL-framed IFP packets: the
// pages the receiver decodes are the pages we rendered, at the speed and in the line time the protocol gives them,
// in a few seconds of wall time.
const execFileAsync = promisify(execFile);
const sent = useSentFax('faxline-t38-');

describe('a fax call over T.38', () => {
  it('delivers 3 fine pages at V.17 with ECM, pixel for pixel, in the protocol line time and under 5 s', async () => {
    const { sender, receiver, outPath, wallMs } = await identifiedCall(transmitOverT38, sent, 'received.tif');

    expect(sender.end).toMatchObject({ completion: 0, pages: 3, bitRate: 14_400, ecm: true, remoteIdent: ANSWERER_IDENT });
    expect(sender.end.ecmRetransmissions).toBe(0);
    expect(sender.exitCode).toBe(0);
    expect(receiver.end).toMatchObject({ completion: 0, pages: 3, remoteIdent: CALLER_IDENT });
    expect(receiver.exitCode).toBe(0);
    expect(sender.pages.map((page) => [page.page, page.bitRate, page.resolution, page.compression, page.ecm])).toEqual([
      [1, 14_400, 'fine', 'T.6', true],
      [2, 14_400, 'fine', 'T.6', true],
      [3, 14_400, 'fine', 'T.6', true],
    ]);

    const comparison = await compareFaxImages(binary, sent.tiffPath, outPath);
    expect(comparison.pages).toHaveLength(3);
    for (const page of comparison.pages) expect(page).toMatchObject({ identical: true, differentRows: 0 });

    // Paced T.38 replays the same T.30 signals at the same modem rates (TCF included: over UDPTL it is transferred),
    // so the protocol's line time is the audio one. The call ends, as the protocol counts it, with the DCN received:
    // the receiver's clock; the sender's runs on through spandsp's final pause before it releases the line.
    const protocolMs = ecmV17CallMs(sent.pageBytes);
    expect(Math.abs(receiver.end.lineMs - protocolMs) / protocolMs).toBeLessThan(0.05);
    expect(sender.end.lineMs).toBeGreaterThan(receiver.end.lineMs);
    expect(wallMs).toBeLessThan(5_000);
  });

  it('resumes from a page: sends only the pages after those confirmed, and they are the rendered ones', async () => {
    const outPath = path.join(sent.dir, 'received-resumed.tif');
    const { sender, receiver } = await transmitOverT38({ binary, tiffPath: sent.tiffPath, outPath, sender: { firstPage: 2 } });

    expect(sender.end).toMatchObject({ completion: 0, pages: 2, bitRate: 14_400, ecm: true });
    expect(receiver.end).toMatchObject({ completion: 0, pages: 2 });
    const comparison = await compareFaxImages(binary, sent.tiffPath, outPath, 2);
    expect(comparison.pages.map((page) => [page.page, page.identical])).toEqual([
      [2, true],
      [3, true],
    ]);
    expect(comparison.identical).toBe(true);
  });

  it.each([
    ['--answer', 'silent'],
    ['--dcn-after-pages', '1'],
    ['--drop-on-page', '2'],
  ])('refuses the receiver behaviour %s, which only the audio line has', async (option, value) => {
    const args = ['receive', '--out', path.join(sent.dir, 'refused.tif'), '--listen', path.join(sent.dir, 'refused.sock')];
    const result = await execFileAsync(binary, [...args, '--transport', 't38', option, value]).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect('code' in result && result.code).toBe(2);
    expect(result.stderr).toContain('usage');
  });
});
