// The fax line over audio and over T.38: two spandsp engines (native/faxmodem) joined by a unix socket
// that carries G.711 A-law audio, or UDPTL-framed T.38 packets, in lockstep, sending a 3-page fine fax. For each
// transport and setting: line seconds simulated per wall second, CPU milliseconds per page (both engine processes),
// and the call's line time beside the protocol's own for those pages (lines/t30/line-time.ts: T.30 with ECM at V.17,
// the same over T.38; without ECM the engine's figure is the only one). Line time is the sender's, final pause
// included.
// Run: npx tsx bench/line.ts [calls]   (needs `npm run setup`, which builds the engine)
//
// CPU time is read from /proc/self/stat: the children's user and system time, counted when they have ended, in
// clock ticks (10 ms), so several calls are measured and the figures are their medians over the pages.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { readTiffPages } from '../apps/server/src/documents/fax-image/fax-tiff';
import { renderFaxImage } from '../apps/server/src/documents/fax-image/render-fax-image';
import { transmitOverAudio, transmitOverT38, type FaxModemEnd } from '../apps/server/src/lines/t30/fax-modem';
import { ecmV17CallMs } from '../apps/server/src/lines/t30/line-time';
import { loadConfig } from '../apps/server/src/platform/config';
import { makePdf } from '../test-support/factories/documents';
import { count, duration, machineLine, printTable, type Row } from './support/report';

const calls = Number(process.argv[2] ?? 5);
const binary = loadConfig().faxModemPath;

const CLOCK_TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
/** CPU milliseconds used by this process's children that have ended. */
function childrenCpuMs(): number {
  // Fields after the command name: state is field 3, cutime and cstime are fields 16 and 17.
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) * CLOCK_TICK_MS;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-line-bench-'));
const image = await renderFaxImage(await makePdf(3), 'fine');
const tiffPath = path.join(dir, 'sent.tif');
await fs.writeFile(tiffPath, image.tiff);
const pageBytes = readTiffPages(image.tiff).map((page) => page.strips.reduce((sum, strip) => sum + strip.length, 0));

const transports = [
  { name: 'audio', transmit: transmitOverAudio },
  { name: 'T.38', transmit: transmitOverT38 },
];
const modems: Array<{ name: string; end: FaxModemEnd; protocolMs?: number }> = [
  { name: 'V.17, ECM', end: { ecm: true, modems: ['v17'] }, protocolMs: ecmV17CallMs(pageBytes) },
  { name: 'V.29, no ECM', end: { ecm: false, modems: ['v29'] } },
];
const settings = transports.flatMap((transport) =>
  modems.map((modem) => ({ ...modem, name: `${transport.name}, ${modem.name}`, transmit: transport.transmit })),
);

const rows: Row[] = [];
for (const setting of settings) {
  const wall: number[] = [];
  const cpuPerPage: number[] = [];
  const line: number[] = [];
  for (let call = 0; call < calls; call += 1) {
    const cpu = childrenCpuMs();
    const started = performance.now();
    const { sender } = await setting.transmit({
      binary,
      tiffPath,
      outPath: path.join(dir, 'received.tif'),
      sender: setting.end,
      receiver: setting.end,
    });
    wall.push(performance.now() - started);
    if (sender.end.completion !== 0) throw new Error(`The call failed: ${sender.end.completionText}`);
    cpuPerPage.push((childrenCpuMs() - cpu) / sender.end.pages);
    line.push(sender.end.lineMs);
  }
  const lineMs = median(line);
  const protocol = setting.protocolMs === undefined ? '' : ` (protocol ${duration(setting.protocolMs)})`;
  rows.push(
    { measure: `${setting.name}: line time of the call`, result: `${duration(lineMs)}${protocol}` },
    {
      measure: `${setting.name}: line s per wall s`,
      result: `${count(lineMs / median(wall))}x`,
      note: `a call of ${duration(lineMs)} on the line takes ${duration(median(wall))} of wall time`,
    },
    {
      measure: `${setting.name}: CPU per page`,
      result: duration(median(cpuPerPage)),
      note: `beside ${duration((setting.protocolMs ?? lineMs) / pageBytes.length)} of line time a page (call set-up shared out)`,
    },
  );
}
await fs.rm(dir, { recursive: true, force: true });

printTable(
  `fax line over audio and T.38: 3 fine pages (${pageBytes.map((b) => count(b / 1000)).join(', ')} KB as T.6), median of ${calls} calls`,
  rows,
);
console.log(machineLine());
