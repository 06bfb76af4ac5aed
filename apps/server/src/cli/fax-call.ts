import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FAX_QUALITIES, type TFaxQuality } from '@faxline/shared';
import { renderFaxImage } from '../documents/fax-image/render-fax-image';
import { callThroughSandbox, ZCallSetup } from '../lines/sandbox-exchange';
import { loadConfig } from '../platform/config';

// `npm run fax:call -- --to <Faxline number> --file doc.pdf [--from <caller's number>] [--ident <station id>]
//   [--quality standard|fine|superfine] [--transport audio|t38]`
// A remote fax machine calls a Faxline number through the sandbox's exchange: the PDF is rendered
// as a fax image and sent over T.30 by the same engine Faxline uses, to the receiver of the running Faxline server
// (same DATA_DIR, or SANDBOX_EXCHANGE_PATH). A .tif file is sent as it is.

const USAGE =
  'usage: npm run fax:call -- --to +15551234567 --file doc.pdf [--from +15557654321] [--ident "ACME FAX"] ' +
  '[--quality standard|fine|superfine] [--transport audio|t38]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      to: { type: 'string' },
      file: { type: 'string' },
      from: { type: 'string' },
      ident: { type: 'string' },
      quality: { type: 'string', default: 'fine' },
      transport: { type: 'string', default: 'audio' },
    },
    strict: true,
  });
  const setup = ZCallSetup.safeParse({ to: values.to, from: values.from, transport: values.transport });
  if (!values.file || !setup.success || !(FAX_QUALITIES as readonly string[]).includes(values.quality)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'faxline-fax-call-'));
  try {
    const bytes = new Uint8Array(await readFile(values.file));
    const tiffPath = path.join(dir, 'call.tif');
    const isTiff = /\.tiff?$/i.test(values.file);
    await writeFile(tiffPath, isTiff ? bytes : (await renderFaxImage(bytes, values.quality as TFaxQuality)).tiff);
    const { result, sender } = await callThroughSandbox({
      socketPath: config.sandboxExchangePath,
      faxModemPath: config.faxModemPath,
      setup: setup.data,
      tiffPath,
      ident: values.ident,
    });
    if (sender)
      process.stdout.write(
        `call: T.30 ${sender.end.completion} (${sender.end.completionText}), ${sender.end.pages} pages confirmed, ` +
          `${sender.end.bitRate} bit/s, ECM ${sender.end.ecm ? 'on' : 'off'}, line time ${(sender.end.lineMs / 1000).toFixed(1)} s\n`,
      );
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return result.event === 'stored' ? 0 : 1;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(
      (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ECONNREFUSED'
        ? `fax:call: no Faxline server answers on its sandbox exchange (${message}); start it first (npm start)\n`
        : `fax:call: ${message}\n`,
    );
    process.exit(1);
  },
);
