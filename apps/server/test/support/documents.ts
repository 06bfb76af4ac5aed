import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** Runs a tool of the test machine (outside the converters' box: tests trust their own files); returns its output. */
export async function runTool(command: string, args: string[], timeoutMs = 60_000): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)(command, args, { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  return stdout + stderr;
}

/** Converts with the tools set-up installs (Ghostscript, LibreOffice), to make images and Word files for tests. */
export async function convertFixture(
  bytes: Uint8Array,
  from: string,
  to: 'png' | 'jpeg' | 'docx' | 'doc' | 'encrypted-pdf',
): Promise<Uint8Array> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-fixture-'));
  try {
    const input = path.join(dir, `input.${from}`);
    await fs.writeFile(input, bytes);
    if (to === 'encrypted-pdf') {
      const output = path.join(dir, 'locked.pdf');
      await runTool('gs', [
        '-q',
        '-dNOPAUSE',
        '-dBATCH',
        '-dSAFER',
        '-sDEVICE=pdfwrite',
        '-sOwnerPassword=owner-secret',
        '-sUserPassword=user-secret',
        `-sOutputFile=${output}`,
        input,
      ]);
      return new Uint8Array(await fs.readFile(output));
    }
    if (to === 'png' || to === 'jpeg') {
      const output = path.join(dir, `out.${to}`);
      await runTool('gs', [
        '-q',
        '-dNOPAUSE',
        '-dBATCH',
        '-dSAFER',
        `-sDEVICE=${to === 'png' ? 'png16m' : 'jpeg'}`,
        '-r72',
        '-dFirstPage=1',
        '-dLastPage=1',
        `-sOutputFile=${output}`,
        input,
      ]);
      return new Uint8Array(await fs.readFile(output));
    }
    await runTool(
      'soffice',
      [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', to, '--outdir', dir, input],
      90_000,
    );
    return new Uint8Array(await fs.readFile(path.join(dir, `input.${to}`)));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Runs a command-line checker (tiffinfo, pdfinfo, pdftotext) on bytes and returns what it printed. */
export async function inspectWith(tool: 'tiffinfo' | 'pdfinfo' | 'pdftotext', bytes: Uint8Array): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-inspect-'));
  try {
    const file = path.join(dir, tool === 'tiffinfo' ? 'fax.tif' : 'document.pdf');
    await fs.writeFile(file, bytes);
    return await runTool(tool, tool === 'pdftotext' ? [file, '-'] : [file]);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
