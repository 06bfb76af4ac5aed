import { createHash } from 'node:crypto';
import { ZipFile } from 'yazl';

/**
 * A pure-Python wheel (PEP 427, https://packaging.python.org/en/latest/specifications/binary-distribution-format/),
 * made here because CI reaches no Python package registry to fetch `build` or `setuptools`: the package's files, and a
 * `.dist-info` folder with METADATA, WHEEL and a RECORD of every file's sha256. Fixed times, a fixed order: the same
 * sources make the same bytes, so its SHA-256 changes only with them.
 */
export interface WheelSpec {
  /** The distribution's name, also the import name's folder (`faxline`). */
  name: string;
  version: string;
  summary: string;
  requiresPython: string;
  /** The long description (METADATA's body), Markdown. */
  readme: string;
  /** Path inside the wheel (`faxline/__init__.py`) to contents. */
  files: Record<string, string | Buffer>;
}

/** The wheel's file name: `{name}-{version}-py3-none-any.whl`, for any Python 3 on any platform. */
export const wheelFileName = ({ name, version }: Pick<WheelSpec, 'name' | 'version'>) => `${name}-${version}-py3-none-any.whl`;

// The earliest time a zip entry can hold (1980-01-01), as reproducible builds of wheels use.
const FIXED_TIME = new Date(1980, 0, 1);

/** RECORD's hash: `sha256=` and the digest in URL-safe base64 without padding. */
const recordHash = (bytes: Buffer) => `sha256=${createHash('sha256').update(bytes).digest('base64url')}`;

export async function buildWheel(spec: WheelSpec): Promise<Buffer> {
  const distInfo = `${spec.name}-${spec.version}.dist-info`;
  const metadata = [
    'Metadata-Version: 2.1',
    `Name: ${spec.name}`,
    `Version: ${spec.version}`,
    `Summary: ${spec.summary}`,
    `Requires-Python: ${spec.requiresPython}`,
    'Description-Content-Type: text/markdown',
    '',
    spec.readme,
  ].join('\n');
  const wheel = [
    'Wheel-Version: 1.0',
    'Generator: faxline (packages/client/scripts/wheel.ts)',
    'Root-Is-Purelib: true',
    'Tag: py3-none-any',
    '',
  ].join('\n');
  const entries: Array<[string, Buffer]> = [
    ...Object.keys(spec.files)
      .sort()
      .map((path): [string, Buffer] => [path, Buffer.from(spec.files[path]!)]),
    [`${distInfo}/METADATA`, Buffer.from(metadata)],
    [`${distInfo}/WHEEL`, Buffer.from(wheel)],
  ];
  const record = [...entries.map(([path, bytes]) => `${path},${recordHash(bytes)},${bytes.length}`), `${distInfo}/RECORD,,`, ''].join('\n');
  entries.push([`${distInfo}/RECORD`, Buffer.from(record)]);

  const zip = new ZipFile();
  for (const [path, bytes] of entries) zip.addBuffer(bytes, path, { mtime: FIXED_TIME, mode: 0o100644 });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
