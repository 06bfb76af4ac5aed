import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPythonOperations } from '../scripts/python-client';
import { buildWheel, wheelFileName } from '../scripts/wheel';

// The Python client's generator and its wheel, checked by Python itself (the integration test installs the real one).
const run = promisify(execFile);
let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'faxline-wheel-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

const document = {
  info: { version: '2.0.0' },
  paths: {
    '/things/{thing_id}/parts': {
      post: {
        operationId: 'addThingPart',
        summary: 'Add a part',
        parameters: [
          { name: 'thing_id', in: 'path' as const, required: true },
          { name: 'from', in: 'query' as const, description: 'Where it """comes""" from' },
          { name: 'Idempotency-Key', in: 'header' as const },
        ],
        requestBody: { required: true, content: { 'application/json': {} } },
      },
    },
  },
};

describe('the Python generator', () => {
  it('writes one method per operation: path parameters first, the body, then query and header parameters by keyword', async () => {
    const source = renderPythonOperations(document, { version: '2.0.1', finalStatuses: ['delivered'] });
    await writeFile(path.join(scratch, 'generated.py'), source);
    // Calls the method with a transport that prints what it was asked.
    const script = `
import importlib.util, json
spec = importlib.util.spec_from_file_location("generated", "generated.py")
module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)
class Printing:
    def request(self, method, path, *, query, headers, body):
        return [method, path, query, headers, body]
operations = module.Operations(); operations._transport = Printing()
print(json.dumps([module.__version__, module.API_VERSION, sorted(module.FINAL_FAX_STATUSES),
    operations.add_thing_part("a/b c", {"n": 1}, from_="x", idempotency_key="k")]))
print(module.Operations.add_thing_part.__doc__.splitlines()[0])
`;
    const { stdout } = await run('python3', ['-c', script], { cwd: scratch });
    const [answer, doc] = stdout.trim().split('\n');
    expect(JSON.parse(answer!)).toEqual([
      '2.0.1',
      '2.0.0',
      ['delivered'],
      ['POST', '/things/a%2Fb%20c/parts', { from: 'x' }, { 'Idempotency-Key': 'k' }, { n: 1 }],
    ]);
    expect(doc).toBe('POST /things/{thing_id}/parts: Add a part.');
  });
});

describe('the wheel', () => {
  it('is a zip that Python reads, with METADATA, WHEEL and a RECORD whose sha256 digests and sizes hold', async () => {
    const spec = {
      name: 'faxline',
      version: '2.0.1',
      summary: 'A test',
      requiresPython: '>=3.9',
      readme: '# faxline',
      files: { 'faxline/__init__.py': 'X = 1\n', 'faxline/_b.py': 'Y = 2\n' },
    };
    const file = path.join(scratch, wheelFileName(spec));
    expect(path.basename(file)).toBe('faxline-2.0.1-py3-none-any.whl');
    const bytes = await buildWheel(spec);
    expect((await buildWheel(spec)).equals(bytes)).toBe(true);
    await writeFile(file, bytes);
    const script = `
import base64, csv, hashlib, io, json, sys, zipfile
wheel = zipfile.ZipFile(sys.argv[1])
names = wheel.namelist()
rows = list(csv.reader(io.StringIO(wheel.read("faxline-2.0.1.dist-info/RECORD").decode())))
bad = [path for path, digest, size in rows if digest and (
    digest != "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(wheel.read(path)).digest()).rstrip(b"=").decode()
    or int(size) != len(wheel.read(path)))]
metadata = wheel.read("faxline-2.0.1.dist-info/METADATA").decode()
print(json.dumps({"names": names, "recorded": sorted(r[0] for r in rows), "bad": bad,
  "wheel": wheel.read("faxline-2.0.1.dist-info/WHEEL").decode().splitlines(), "metadata": metadata.splitlines()[:5]}))
`;
    const { stdout } = await run('python3', ['-c', script, file]);
    const read = JSON.parse(stdout) as { names: string[]; recorded: string[]; bad: string[]; wheel: string[]; metadata: string[] };
    expect(read.recorded).toEqual([...read.names].sort());
    expect(read.bad).toEqual([]);
    expect(read.wheel).toContain('Tag: py3-none-any');
    expect(read.wheel).toContain('Root-Is-Purelib: true');
    expect(read.metadata).toEqual([
      'Metadata-Version: 2.1',
      'Name: faxline',
      'Version: 2.0.1',
      'Summary: A test',
      'Requires-Python: >=3.9',
    ]);
  });
});
