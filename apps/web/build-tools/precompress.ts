import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images other than SVG, fonts and archives are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/i;
/** The siblings that @fastify/static's `preCompressed` looks for beside a file, best first. */
const ENCODINGS = [
  { extension: '.br', compress: (data: Buffer) => brotliOf(data) },
  { extension: '.gz', compress: (data: Buffer) => gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }) },
] as const;

function brotliOf(data: Buffer): Promise<Buffer> {
  return brotli(data, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

type TPrecompressed = { file: string; bytes: number; br?: number; gz?: number };

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return (
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      // Vite's manifest (.vite/) is read by tools, not by browsers.
      .filter(
        (file) =>
          !path
            .relative(dir, file)
            .split(path.sep)
            .some((part) => part.startsWith('.')),
      )
  );
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file under `dir`, each only where it is smaller than the file.
 * Siblings of text files left by an earlier build go first: the server would prefer a stale `.br` to the new file.
 */
async function precompressDir(dir: string): Promise<TPrecompressed[]> {
  const files = await filesUnder(dir);
  const isSibling = (file: string) =>
    ENCODINGS.some(({ extension }) => file.endsWith(extension) && COMPRESSIBLE.test(file.slice(0, -extension.length)));
  await Promise.all(files.filter(isSibling).map((file) => rm(file)));

  return Promise.all(
    files
      .filter((file) => COMPRESSIBLE.test(file))
      .map(async (file) => {
        const data = await readFile(file);
        const result: TPrecompressed = { file: path.relative(dir, file), bytes: data.length };
        for (const { extension, compress } of ENCODINGS) {
          const compressed = await compress(data);
          if (compressed.length >= data.length) continue;
          await writeFile(file + extension, compressed);
          result[extension === '.br' ? 'br' : 'gz'] = compressed.length;
        }
        return result;
      }),
  );
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * Brotli and gzip copies of the built app's text files, made once at build time (at the best levels, too slow to run
 * per request) and sent by the server with @fastify/static's `preCompressed` to browsers that accept them.
 */
export function precompress(): Plugin {
  return {
    name: 'faxline:precompress',
    apply: 'build',
    // After every file is written, the public folder's copies included.
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options) {
        if (!options.dir) return;
        const results = await precompressDir(options.dir);
        const total = (pick: (r: TPrecompressed) => number) => kB(results.reduce((sum, r) => sum + pick(r), 0));
        this.environment.logger.info(
          `precompressed ${results.length} text files: ${total((r) => r.bytes)} -> ` +
            `${total((r) => r.br ?? r.bytes)} brotli, ${total((r) => r.gz ?? r.bytes)} gzip`,
        );
      },
    },
  };
}
