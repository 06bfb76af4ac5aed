// One statement's round trip to the embedded PostgreSQL over its Unix socket beside the same over loopback TCP
// (decision 143): the CPU of the client (this process) and of the server's backend (from /proc) per statement, and the
// wall time. One cluster, one connection at a time, a named statement (as the server's pools send them, decision 138),
// rounds alternated so that neither side always runs on a warmer machine. The anchor is TCP, as before decision 143.
// Run: npx tsx bench/database-transport.ts [statements per round]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';
import { startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded-postgres';

const STATEMENTS = Number(process.argv[2] ?? 20_000);
const ROUNDS = 4;
const STATEMENT = { name: 'bench_transport', text: 'SELECT $1::int AS n, now() AS at' };

/** A process's CPU time so far, in microseconds (utime + stime, in clock ticks of 10 ms). */
async function cpuMicros(pid: number): Promise<number> {
  const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** CPU of both ends and wall time per statement, in microseconds, over the connection `url` makes. */
async function roundTrips(url: string): Promise<{ client: number; server: number; wall: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const backend = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    for (let i = 0; i < 200; i++) await client.query({ ...STATEMENT, values: [i] });
    const clientBefore = process.cpuUsage();
    const serverBefore = await cpuMicros(backend);
    const start = performance.now();
    for (let i = 0; i < STATEMENTS; i++) await client.query({ ...STATEMENT, values: [i] });
    const wall = (performance.now() - start) * 1000;
    const used = process.cpuUsage(clientBefore);
    const server = (await cpuMicros(backend)) - serverBefore;
    return { client: (used.user + used.system) / STATEMENTS, server: server / STATEMENTS, wall: wall / STATEMENTS };
  } finally {
    await client.end();
  }
}

const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'faxline-bench-transport-'));
await fs.chmod(folder, 0o755); // PostgreSQL runs as the postgres user when we are root
const cluster = await startEmbeddedPostgres({ dataDir: path.join(folder, 'pg'), logger: pino({ level: 'warn' }) });
try {
  const socketUrl = cluster.url;
  if (!new URL(socketUrl).searchParams.has('host')) throw new Error('The cluster has no Unix socket (its folder is too deep).');
  const tcpUrl = socketUrl.replace(/\?host=.*$/, '');
  const sums = { tcp: { client: 0, server: 0, wall: 0 }, socket: { client: 0, server: 0, wall: 0 } };
  const show = (n: number) => `${n.toFixed(1).padStart(5)} µs`;
  console.log(`${STATEMENTS} statements a round, ${ROUNDS} rounds each, alternated; per statement: client CPU, server CPU, wall`);
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 ? (['socket', 'tcp'] as const) : (['tcp', 'socket'] as const)) {
      const figures = await roundTrips(side === 'tcp' ? tcpUrl : socketUrl);
      for (const key of ['client', 'server', 'wall'] as const) sums[side][key] += figures[key] / ROUNDS;
      console.log(`  ${side.padEnd(6)} ${show(figures.client)} ${show(figures.server)} ${show(figures.wall)}`);
    }
  }
  const both = (side: keyof typeof sums) => sums[side].client + sums[side].server;
  console.log(
    `mean: loopback TCP (anchor) ${show(both('tcp'))} of CPU, Unix socket ${show(both('socket'))}: ` +
      `${(both('socket') / both('tcp')).toFixed(2)}x the anchor's CPU, ${(sums.socket.wall / sums.tcp.wall).toFixed(2)}x its wall time`,
  );
} finally {
  await cluster.stop();
  await fs.rm(folder, { recursive: true, force: true });
}
