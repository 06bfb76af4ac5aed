// How long `npm start` takes from the command to the first 200 of /readyz, start after start on the same checkout and
// the same data folder: the first run shows a full build and a first start (a new database, its migrations, the demo
// seed), the next ones what a start costs when nothing changed.
//   node bench/start.mjs [--runs 2] [--clean] [--port 3917] [--data-dir <folder>]
// --clean removes the builds (apps/web/dist, apps/server/dist) and the data folder before the first run, so that it
// builds everything. Each run prints its total and where the seconds went: the build step (until the server process
// prints its first line), the server's own start (its log lines' times: database, migrations, listening) and the wait
// for readiness. Each server is stopped with SIGINT, as Ctrl-C would, before the next run. The e-mail to fax gateway is
// off (it would take port 2525, which another checkout may hold).
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '2' },
    clean: { type: 'boolean', default: false },
    port: { type: 'string', default: '3917' },
    'data-dir': { type: 'string', default: path.join(os.tmpdir(), 'faxline-bench-start') },
  },
});
const port = Number(values.port);
const dataDir = path.resolve(values['data-dir']);

if (values.clean) {
  for (const dir of ['apps/web/dist', 'apps/server/dist']) await rm(path.join(root, dir), { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}

const seconds = (ms) => (ms / 1000).toFixed(1);

async function answersReady() {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(1000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

/** A line of the server's JSON log, or null for any other line. */
function logEntryOf(line) {
  try {
    const entry = JSON.parse(line);
    return typeof entry === 'object' && entry !== null && typeof entry.msg === 'string' && typeof entry.level === 'number' ? entry : null;
  } catch {
    return null;
  }
}

/** One `npm start`: the times (ms from the command) of the marks seen on its output and of the first ready answer. */
async function oneStart() {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SMTP_INGRESS_PORT: 'off', LOG_PRETTY: 'false' },
  });
  const marks = [];
  const output = [];
  let readyAt;
  let serverStarted;
  const read = (chunk) => {
    const at = performance.now() - started;
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      output.push(line);
      const entry = logEntryOf(line);
      if (entry === null) {
        // npm's script lines, vite's summary and the build step's own lines; not vite's list of files.
        if (/^(build:|> |✓ built|Faxline demo)/.test(line.trim())) marks.push({ at, what: line.trim() });
        continue;
      }
      serverStarted ??= at;
      if (readyAt === undefined && entry.level >= 30) marks.push({ at, what: `server: ${entry.msg}` });
    }
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  while (readyAt === undefined) {
    if (child.exitCode !== null) throw new Error(`npm start ended (${child.exitCode}):\n${output.join('\n')}`);
    if (await answersReady()) readyAt = performance.now() - started;
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.kill(-child.pid, 'SIGINT');
  await exited;
  return { readyAt, serverStarted, marks };
}

const runs = Number(values.runs);
const results = [];
for (let run = 1; run <= runs; run++) {
  const { readyAt, serverStarted, marks } = await oneStart();
  results.push(readyAt);
  console.log(`start ${run}: /readyz 200 after ${seconds(readyAt)} s`);
  for (const mark of marks) console.log(`  ${seconds(mark.at).padStart(6)} s  ${mark.what.slice(0, 100)}`);
  if (serverStarted !== undefined) {
    console.log(`  before the server's first log line (npm, the build, loading the bundle): ${seconds(serverStarted)} s`);
  }
}
console.log(`command to /readyz 200, run by run: ${results.map((ms) => `${seconds(ms)} s`).join(', ')}`);
